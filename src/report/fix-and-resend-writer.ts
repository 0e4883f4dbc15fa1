import { rename, rm } from 'node:fs/promises';
import { WorkbookWriter } from '../exceljs-internals.js';
import { FacturaError } from '../factura-error.js';
import type { Lang } from '../i18n/localized-text.js';
import { localized } from '../i18n/localized-text.js';
import { matchKey } from '../invoice/match-key.js';
import type { Cell } from '../sheet/source-row.js';
import { writeFailure } from '../write-failure.js';
import { MAX_CELL_TEXT, toCellText } from './cell-text.js';
import type { TableValue } from './render-row-xml.js';
import type { CellStyle } from './shared-cell-styles.js';
import { NO_STYLE, numberFormatStyle } from './shared-cell-styles.js';
import { HEADER_STYLE } from './status-styles.js';
import { addTableSheet } from './table-sheet.js';
import type { WorkbookOutput } from './workbook-output.js';
import { commitWorkbook, openWorkbookOutput, uniquePartPath } from './workbook-output.js';

/**
 * The added last column. Not plain «Observaciones»: that is an alias of `glosa`, so a file fed
 * back would send our notes as the invoice's remark. This header matches no canonical column
 * (a test checks it) and is dropped when a fix file is itself fed back and fixed again.
 */
export const FIX_NOTES_HEADER = localized('Observaciones de la validación', 'Validation notes');
const NOTES_KEYS = new Set([matchKey(FIX_NOTES_HEADER.es), matchKey(FIX_NOTES_HEADER.en)]);

/** The fix-and-resend workbook being written, one copied row at a time, in the input's row order. */
export interface FixAndResendWriter {
  /**
   * Copies a source row (cells as they were read) with its notes. Returns nothing, except now and
   * then a promise: the wait for the zip to take the rows so far (see table-sheet.ts).
   */
  addRow(cells: readonly (Cell | null)[], notes: string | undefined): Promise<void> | undefined;
  /** Finishes the file and moves it into place; returns the rows copied. */
  finish(): Promise<number>;
  /** Removes the unfinished file. Safe to call at any time, and twice. */
  abort(): Promise<void>;
}

export interface FixAndResendWriterOptions {
  /** `<input name>.corregir.xlsx` (see outputPaths); written to a unique `.part` file, then renamed. */
  readonly path: string;
  /** The input's header row: its columns (minus an old notes column) are the ones copied. */
  readonly header: readonly (Cell | null)[];
  readonly lang?: Lang;
}

/** A failure of the fix file, told as one (a FacturaError passes as it is). */
function fixFileFailure(path: string, err: unknown): Error {
  if (err instanceof FacturaError) return err;
  return writeFailure(localized('el archivo para corregir', 'the file to fix'), path, err);
}

/**
 * Opens the fix-and-resend workbook: the input's own header row and columns, then the rows given,
 * and a last column of notes. Cells go back as they were read: text as text (a RUC stays text),
 * numbers as numbers with their format, dates as dates; so after correcting it the user feeds it
 * to `validate`/`submit` with the same mapping. exceljs's streaming writer: memory does not grow
 * with the rows.
 */
export async function openFixAndResendWriter(options: FixAndResendWriterOptions): Promise<FixAndResendWriter> {
  const lang = options.lang ?? 'es';
  const partPath = uniquePartPath(options.path);
  let output: WorkbookOutput | undefined;
  let state: 'open' | 'done' | 'aborted' = 'open';
  const abort = async (): Promise<void> => {
    if (state !== 'open') return;
    state = 'aborted';
    output?.stream.destroy();
    // Not reachable when the folder is not one (ENOTDIR): the write's own error is the one to tell.
    await rm(partPath, { force: true }).catch(() => undefined);
  };
  const failing = async (err: unknown): Promise<never> => {
    await abort();
    throw fixFileFailure(options.path, err);
  };
  try {
    output = await openWorkbookOutput(partPath);
    const opened = output;
    const workbook = new WorkbookWriter({ stream: output.stream, useStyles: true, useSharedStrings: false });
    workbook.creator = 'factura-import';
    const kept = keptColumns(options.header);
    const sheet = addTableSheet(workbook, localized('Corregir', 'Fix')[lang], {
      header: [...kept.map((i) => cellValue(options.header[i] ?? null)), FIX_NOTES_HEADER[lang]],
      headerStyle: HEADER_CELL_STYLE,
      widths: [...kept.map((i) => widthFor(options.header[i] ?? null)), 60],
      signal: output.failed,
    });
    let written = 0;
    // One pair of arrays for every row: the sheet renders a row before its first await.
    const values: TableValue[] = new Array<TableValue>(kept.length + 1).fill(null);
    const styles: CellStyle[] = new Array<CellStyle>(kept.length + 1).fill(NOTES_CELL_STYLE);
    return {
      addRow(cells, notes) {
        if (state !== 'open') return Promise.reject(new Error('fix-and-resend file already finished'));
        let draining: Promise<void> | undefined;
        try {
          for (let k = 0; k < kept.length; k += 1) {
            const cell = cells[kept[k] ?? -1] ?? null;
            values[k] = dataCellValue(cell);
            styles[k] = cellStyle(cell);
          }
          values[kept.length] = notes ?? null;
          draining = sheet.addRow(values, styles);
          written += 1;
        } catch (err) {
          return failing(err);
        }
        return draining?.catch(failing);
      },
      async finish() {
        if (state !== 'open') throw new Error('fix-and-resend file already finished');
        try {
          sheet.commit();
          await commitWorkbook(workbook, opened);
          await rename(partPath, options.path);
          state = 'done';
          return written;
        } catch (err) {
          return failing(err);
        }
      },
      abort,
    };
  } catch (err) {
    return failing(err);
  }
}

/** Indexes of the header row's columns, up to its last named one, minus an old notes column. */
function keptColumns(cells: readonly (Cell | null)[]): number[] {
  let last = -1;
  cells.forEach((c, i) => {
    if (c !== null) last = i;
  });
  const kept: number[] = [];
  for (let i = 0; i <= last; i++) {
    const c = cells[i] ?? null;
    if (c?.kind === 'text' && NOTES_KEYS.has(matchKey(c.text))) continue;
    kept.push(i);
  }
  return kept;
}

// Shared style objects (see shared-cell-styles.ts): exceljs then finds each one's id at once.
const HEADER_CELL_STYLE: CellStyle = { font: HEADER_STYLE.font, fill: HEADER_STYLE.fill };
const NOTES_CELL_STYLE: CellStyle = { alignment: { wrapText: true, vertical: 'top' } };

/** A copied cell keeps its number format; a date gets a day-first one (with the time if it has one). */
function cellStyle(cell: Cell | null): CellStyle {
  if (cell?.kind === 'number' && cell.numFmt !== undefined) return numberFormatStyle(cell.numFmt);
  if (cell?.kind === 'date') return numberFormatStyle(cell.iso.endsWith('T00:00:00') ? 'dd/mm/yyyy' : 'dd/mm/yyyy hh:mm:ss');
  return NO_STYLE;
}

const EXCEL_ERRORS = new Set(['#NULL!', '#DIV/0!', '#VALUE!', '#REF!', '#NAME?', '#NUM!', '#N/A']);

/**
 * A data cell as cellValue makes it, for the table sheet's renderer: that drops the characters XML
 * forbids itself (render-row-xml.ts), so text within Excel's limit goes as it is, not scanned twice.
 */
function dataCellValue(cell: Cell | null): TableValue {
  return cell?.kind === 'text' && cell.text.length <= MAX_CELL_TEXT ? cell.text : cellValue(cell);
}

/** The cell as it was: text stays a string cell (never evaluated), numbers, dates and booleans keep their type. */
function cellValue(cell: Cell | null): TableValue {
  if (cell === null) return null;
  switch (cell.kind) {
    case 'text':
      return toCellText(cell.text);
    case 'number':
      return cell.value;
    case 'boolean':
      return cell.value;
    case 'date':
      return isoToDate(cell.iso);
    case 'error':
      return EXCEL_ERRORS.has(cell.error) ? { error: cell.error } : null;
  }
}

/** `YYYY-MM-DDTHH:mm:ss` wall time → the Date exceljs writes with those digits (UTC fields). */
function isoToDate(iso: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2}))?/.exec(iso);
  if (m === null) return null;
  const n = (i: number): number => Number(m[i] ?? '0');
  return new Date(Date.UTC(n(1), n(2) - 1, n(3), n(4), n(5), n(6)));
}

function widthFor(header: Cell | null): number {
  const text = header?.kind === 'text' ? header.text : '';
  return Math.min(40, Math.max(10, text.length + 2));
}
