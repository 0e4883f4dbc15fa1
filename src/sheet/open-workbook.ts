import { odsInputError } from './ods-input-error.js';
import { openSheetJsWorkbook } from './open-sheetjs-workbook.js';
import { openXlsxRows } from './open-xlsx-rows.js';
import type { OpenedSheet } from './opened-sheet.js';
import { xlsxInputError } from './xlsx-input-error.js';
import type { Wording } from '../remedies.js';
import { readXlsxPartBudget, type XlsxPartBudget } from './xlsx-part-budget.js';

/** Opens one sheet of the workbook by name (the first visible one without a name). */
export type SheetOpener = (sheet: string | undefined) => Promise<OpenedSheet>;

/** A workbook ready to open any of its sheets, and what it really is (an .ods may be sniffed as a zip). */
export interface OpenedWorkbook {
  readonly kind: 'xlsx' | 'xls' | 'ods';
  readonly open: SheetOpener;
}

/**
 * Opens a workbook whose first bytes said `sniffed` (sniff-file-format.ts). The zip's directory is
 * read once, here, and handed to the reader. Not every producer stores an ODS's `mimetype` first
 * (SheetJS does not): the directory says.
 */
export async function openWorkbook(path: string, sniffed: 'xlsx' | 'xls' | 'ods', wording?: Wording): Promise<OpenedWorkbook> {
  const budget = sniffed === 'xls' ? undefined : await readZipDirectory(path, sniffed);
  const kind = sniffed === 'xlsx' && budget !== undefined && isOpenDocument(budget) ? 'ods' : sniffed;
  return { kind, open: await sheetOpener(path, kind, budget, wording) };
}

/**
 * The directory of an XLSX's or ODS's zip, checked against zip bombs (xlsx-part-budget.ts). One
 * that cannot be read is worded for the format the first bytes said.
 */
async function readZipDirectory(path: string, kind: 'xlsx' | 'ods'): Promise<XlsxPartBudget> {
  try {
    return await readXlsxPartBudget(path);
  } catch (error) {
    throw kind === 'ods' ? odsInputError(error, path) : xlsxInputError(error, path, undefined);
  }
}

/** A zip with an OpenDocument's content.xml and no Excel workbook part. */
function isOpenDocument(parts: XlsxPartBudget): boolean {
  return parts.limitFor('content.xml') > 0 && parts.limitFor('xl/workbook.xml') === 0;
}

/**
 * How to open the sheets of this workbook: exceljs streams one sheet per pass over the zip; SheetJS
 * reads the whole workbook, so it reads it once and every sheet is opened from that one parse.
 */
async function sheetOpener(path: string, kind: 'xlsx' | 'xls' | 'ods', budget: XlsxPartBudget | undefined, wording: Wording | undefined): Promise<SheetOpener> {
  const said = wording !== undefined ? { wording } : {};
  if (kind === 'xls') {
    const workbook = await openSheetJsWorkbook(path, { format: 'xls', ...said });
    return (sheet) => Promise.resolve(workbook.open(sheet));
  }
  if (budget === undefined) throw new Error(`the zip directory of ${path} was not read`);
  if (kind === 'xlsx') return (sheet) => openXlsxRows(path, sheet, budget, wording);
  const workbook = await openSheetJsWorkbook(path, { format: 'ods', budget, ...said });
  return (sheet) => Promise.resolve(workbook.open(sheet));
}
