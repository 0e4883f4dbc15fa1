import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';

/**
 * An error from reading the zip of an .ods (yauzl) as the user's FacturaError('INPUT'): the file
 * looks damaged or incomplete, with the library's words. A FacturaError passes through unchanged.
 */
export function odsInputError(error: unknown, file: string): FacturaError {
  if (error instanceof FacturaError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new FacturaError(
    'INPUT',
    localized(
      `El archivo ${file} parece una hoja de LibreOffice (.ods) dañada o incompleta: ${detail}. Vuelva a guardarlo o descargarlo.`,
      `The file ${file} looks like a damaged or incomplete LibreOffice spreadsheet (.ods): ${detail}. Save or download it again.`,
    ),
    { cause: error },
  );
}
