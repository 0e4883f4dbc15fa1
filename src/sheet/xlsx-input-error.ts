import type { LocalizedText } from '../i18n/localized-text.js';
import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';
import { readFailureReason } from '../read-failure.js';

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
  // The XML parser's own words («1:744: undefined entity», «disallowed character») mean nothing to the
  // user: its XML is damaged, or holds what Excel never writes (an entity, a forbidden character).
  // The system's refusal (the file gone, no permission, the disk): its reason in words, not Node's English.
  const refused = readFailureReason(error);
  if (refused !== undefined) {
    return new FacturaError('INPUT', localized(`${at.es} no se pudo leer: ${refused.es}.`, `${at.en} could not be read: ${refused.en}.`), { cause: error });
  }
  const xml = XML_PARSER_ERROR.exec(detail);
  if (xml !== null) {
    return new FacturaError(
      'INPUT',
      localized(
        `${at.es} no se pudo leer como libro de Excel (.xlsx): por dentro está dañado o trae algo que Excel no escribe (línea ${xml[1]}, posición ${xml[2]} de su XML). Ábralo en Excel o LibreOffice y guárdelo de nuevo como «Libro de Excel (.xlsx)».`,
        `${at.en} could not be read as an Excel workbook (.xlsx): inside, it is damaged or holds what Excel never writes (line ${xml[1]}, position ${xml[2]} of its XML). Open it in Excel or LibreOffice and save it again as «Excel Workbook (.xlsx)».`,
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

/** How the XML parser exceljs uses (saxes) starts its messages: «line:column: what». */
const XML_PARSER_ERROR = /^(\d+):(\d+): /;
