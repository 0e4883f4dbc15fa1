import type { LocalizedText } from '../i18n/localized-text.js';
import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';

function where(file: string, row: number | undefined): LocalizedText {
  return row === undefined
    ? localized(`El archivo ${file}`, `The file ${file}`)
    : localized(`El archivo ${file}, cerca de la fila ${row},`, `The file ${file}, near row ${row},`);
}

/**
 * An error from reading an XLSX (yauzl, unzipper, exceljs) as the user's FacturaError('INPUT'):
 * a truncated file says so; anything else names the file, the row near which it failed, and the
 * library's words. A FacturaError passes through unchanged.
 */
export function xlsxInputError(error: unknown, file: string, row: number | undefined): unknown {
  if (error instanceof FacturaError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  const at = where(file, row);
  if (detail === 'FILE_ENDED' || /unexpected end|end of (central )?directory/i.test(detail)) {
    return new FacturaError(
      'INPUT',
      localized(
        `${at.es} está incompleto (el archivo .xlsx termina antes de tiempo, ¿se copió o descargó a medias?). Vuelva a guardarlo o descargarlo.`,
        `${at.en} is incomplete (the .xlsx file ends too early; was it copied or downloaded only in part?). Save or download it again.`,
      ),
      { cause: error },
    );
  }
  return new FacturaError(
    'INPUT',
    localized(`${at.es} no se pudo leer como libro de Excel (.xlsx): ${detail}`, `${at.en} could not be read as an Excel workbook (.xlsx): ${detail}`),
    { cause: error },
  );
}
