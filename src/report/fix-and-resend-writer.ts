import { rename, rm } from 'node:fs/promises';
import { WorkbookWriter } from '../exceljs-internals.js';
import type { Lang } from '../i18n/localized-text.js';
import { localized } from '../i18n/localized-text.js';
import type { Cell } from '../sheet/source-row.js';
import type { FixRowBatch } from './fix-row-values.js';
import { FIX_NOTES_HEADER } from '../sheet/fix-notes-header.js';
import { cellValue, fixFileFailure, keptColumns } from './fix-row-values.js';
import type { PackedReader } from './packed-values.js';
import { readPacked } from './packed-values.js';
import type { TableValue } from './render-row-xml.js';
import type { CellStyle } from './shared-cell-styles.js';
import { NO_STYLE, numberFormatStyle } from './shared-cell-styles.js';
import { HEADER_STYLE } from './status-styles.js';
import { addTableSheet } from './table-sheet.js';
import type { WorkbookOutput } from './workbook-output.js';
import { commitWorkbook, openWorkbookOutput, uniquePartPath } from './workbook-output.js';
import { removeDeadParts } from './remove-dead-parts.js';

/** The fix-and-resend workbook being written, in batches of copied rows, in the input's row order. */
export interface FixAndResendWriter {
  /**
   * Copies a batch of rows (fix-row-values.ts: the cells as they were read, as values, and the
   * notes). Returns nothing, except now and then a promise: the wait for the file to take the rows
   * so far (see table-sheet.ts).
   */
  addRows(batch: FixRowBatch): Promise<void> | undefined;
  /** Finishes the file and moves it into place. */
  finish(): Promise<void>;
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

/**
 * Opens the fix-and-resend workbook: the input's own header row and columns, then the rows given,
 * and a last column of notes. Cells go back as they were read: text as text (a RUC stays text),
 * numbers as numbers with their format, dates as dates; so after correcting it the user feeds it
 * to `validate`/`submit` with the same mapping. exceljs's streaming writer: memory does not grow
 * with the rows.
 */
export async function openFixAndResendWriter(options: FixAndResendWriterOptions): Promise<FixAndResendWriter> {
  const lang = options.lang ?? 'es';
  await removeDeadParts(options.path);
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
    const width = kept.length + 1;
    // One pair of arrays for every row: the sheet renders a row before its first await.
    const row: TableValue[] = new Array<TableValue>(width).fill(null);
    const styles: CellStyle[] = new Array<CellStyle>(width).fill(NO_STYLE);
    styles[kept.length] = NOTES_CELL_STYLE;
    /** Renders the batch's rows from where `values` stands; at a wait for the zip, goes on after it. */
    const addFrom = (values: PackedReader, formats: FixRowBatch['formats'], at: { format: number }): Promise<void> | undefined => {
      while (!values.done) {
        const start = values.at;
        for (let k = 0; k < width; k += 1) {
          row[k] = values.next();
          if (k < kept.length) styles[k] = NO_STYLE;
        }
        for (; at.format < formats.length && (formats[at.format] as number) < start + width; at.format += 2) {
          styles[(formats[at.format] as number) - start] = numberFormatStyle(formats[at.format + 1] as string);
        }
        const draining = sheet.addRow(row, styles);
        if (draining !== undefined) return values.done ? draining : draining.then(() => addFrom(values, formats, at));
      }
      return undefined;
    };
    return {
      addRows(batch) {
        if (state !== 'open') return Promise.reject(new Error('fix-and-resend file already finished'));
        try {
          return addFrom(readPacked(batch.values), batch.formats, { format: 0 })?.catch(failing);
        } catch (err) {
          return failing(err);
        }
      },
      async finish() {
        if (state !== 'open') throw new Error('fix-and-resend file already finished');
        try {
          sheet.commit();
          await commitWorkbook(workbook, opened);
          await rename(partPath, options.path);
          state = 'done';
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

// Shared style objects (see shared-cell-styles.ts): exceljs then finds each one's id at once.
const HEADER_CELL_STYLE: CellStyle = { font: HEADER_STYLE.font, fill: HEADER_STYLE.fill };
const NOTES_CELL_STYLE: CellStyle = { alignment: { wrapText: true, vertical: 'top' } };

function widthFor(header: Cell | null): number {
  const text = header?.kind === 'text' ? header.text : '';
  return Math.min(40, Math.max(10, text.length + 2));
}
