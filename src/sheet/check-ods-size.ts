import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';
import { odsInputError } from './ods-input-error.js';
import { readZipEntry } from './read-zip-entry.js';
import { size, type XlsxPartBudget } from './xlsx-part-budget.js';

/**
 * An .ods is read whole into memory by SheetJS, so its cells (content.xml) may expand to at most
 * this: about 200,000 ordinary rows. Bigger sheets are asked for as .xlsx or CSV, which stream.
 */
export const ODS_CONTENT_LIMIT = 64 * 1024 * 1024;

/**
 * Refuse an .ods whose content would not fit: `budget` is its zip directory, already checked like
 * an XLSX's (no part expanding past 100 times its compressed size, a bounded number of parts);
 * content.xml must be declared within ODS_CONTENT_LIMIT, and it is decompressed once with yauzl
 * checking that it really is that size (a directory that lies is caught before SheetJS inflates
 * anything).
 */
export async function checkOdsSize(file: string, budget: XlsxPartBudget): Promise<void> {
  const declared = budget.limitFor('content.xml');
  if (declared > ODS_CONTENT_LIMIT) throw tooLarge(file, declared);
  try {
    for await (const _chunk of readZipEntry(file, 'content.xml', ODS_CONTENT_LIMIT, (bytes) => tooLarge(file, bytes))) {
      // counted and dropped: only its real size matters here
    }
  } catch (error) {
    throw odsInputError(error, file);
  }
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
