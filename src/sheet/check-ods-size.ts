import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';
import { size, type XlsxPartBudget } from './xlsx-part-budget.js';

/**
 * An .ods is read whole into memory by SheetJS, so its cells (content.xml) may expand to at most
 * this: about 200,000 ordinary rows. Bigger sheets are asked for as .xlsx or CSV, which stream.
 */
export const ODS_CONTENT_LIMIT = 64 * 1024 * 1024;

/**
 * Refuse an .ods whose content would not fit: `budget` is its zip directory, already checked like
 * an XLSX's (no part expanding past 100 times its compressed size, a bounded number of parts);
 * content.xml must be declared within ODS_CONTENT_LIMIT. That it really is no bigger than declared
 * is checked next, with every other part, by inflating it once and cutting it at its declared size
 * (check-part-sizes.ts): a directory that lies is refused in the zip-bomb words before SheetJS
 * inflates anything (it was refused in yauzl's English, «too many bytes in the stream»).
 */
export function checkOdsSize(file: string, budget: XlsxPartBudget): void {
  const declared = budget.limitFor('content.xml');
  if (declared > ODS_CONTENT_LIMIT) throw tooLarge(file, declared);
}

function tooLarge(file: string, bytes: number): FacturaError {
  return new FacturaError(
    'INPUT',
    localized(
      `El archivo ${file} (LibreOffice, .ods) tiene celdas que ocupan ${size(bytes, 'es')} o más, más de los ${size(ODS_CONTENT_LIMIT, 'es')} que se leen en memoria. Ábralo en LibreOffice y guárdelo como "Excel 2007-365 (.xlsx)" o como CSV, que se leen sin ese límite.`,
      `The file ${file} (LibreOffice, .ods) has cells taking ${size(bytes, 'en')} or more, more than the ${size(ODS_CONTENT_LIMIT, 'en')} read into memory. Open it in LibreOffice and save it as "Excel 2007-365 (.xlsx)" or as CSV, which are read without that limit.`,
    ),
  );
}
