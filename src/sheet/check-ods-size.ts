import yauzl from 'yauzl';
import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';
import { odsInputError } from './ods-input-error.js';
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
  await new Promise<void>((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: true, validateEntrySizes: true }, (openError, zip) => {
      if (openError !== null) {
        reject(odsInputError(openError, file));
        return;
      }
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== 'content.xml') {
          zip.readEntry();
          return;
        }
        zip.openReadStream(entry, (error, stream) => {
          if (error !== null) {
            reject(odsInputError(error, file));
            return;
          }
          let bytes = 0;
          stream.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            if (bytes > ODS_CONTENT_LIMIT) {
              stream.destroy();
              zip.close();
              reject(tooLarge(file, bytes));
            }
          });
          stream.once('error', (e) => reject(odsInputError(e, file)));
          stream.once('end', () => {
            zip.close();
            resolve();
          });
        });
      });
      zip.once('end', () => resolve());
      zip.once('error', (e) => reject(odsInputError(e, file)));
      zip.readEntry();
    });
  });
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
