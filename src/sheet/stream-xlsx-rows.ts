import ExcelJS from 'exceljs';
import { eachCellOf, formulaResultOf, type StreamedWorksheet, type WorksheetEvent } from '../exceljs-internals.js';
import { BATCH_ROWS, type Cell, type SourceRow } from './source-row.js';
import { isSumOfRowsAbove } from './sum-formula.js';
import { toCell } from './xlsx-cell.js';
import { xlsxInputError } from './xlsx-input-error.js';

/**
 * The rows of one streamed worksheet as SourceRows (blank rows left out, row numbers as Excel shows
 * them), a batch for each chunk of the sheet's XML that exceljs parsed (30-110 rows; at most
 * BATCH_ROWS). Not the worksheet's row iterator: that awaits once per row, and gathering its rows
 * into batches of 256 kept each batch alive across many parser steps, so V8 moved them to the old
 * generation: 96 MB promoted on a 100,000-row shared-strings sheet, against 12 MB for exceljs
 * alone (`--trace-gc-nvp`; BENCHMARKS.md, per-row path, sixth round). `close(true)` runs after the
 * last row (exceljs then removes what it spooled); `close(false)` when reading stops early or
 * fails. A failure is worded as the user's error, near the row reached.
 */
export async function* streamXlsxRows(
  file: string,
  sheet: string,
  worksheet: StreamedWorksheet,
  date1904: () => boolean,
  close: (drain: boolean) => Promise<void>,
): AsyncGenerator<SourceRow[]> {
  const position: { lastRow?: number } = {};
  let complete = false;
  const chunks = worksheet.parse()[Symbol.asyncIterator]();
  try {
    for (;;) {
      const rows = await nextChunkRows(chunks, date1904, position);
      if (rows === undefined) break;
      for (let start = 0; start < rows.length; start += BATCH_ROWS)
        yield start === 0 && rows.length <= BATCH_ROWS ? rows : rows.slice(start, start + BATCH_ROWS);
    }
    complete = true;
    await close(true);
  } catch (error) {
    throw xlsxInputError(error, `${file} (hoja/sheet "${sheet}")`, position.lastRow === undefined ? undefined : position.lastRow + 1);
  } finally {
    if (!complete) {
      // exceljs's parser is let go, as a for-await would; its failure to stop changes nothing here.
      await Promise.resolve(chunks.return?.()).catch(() => undefined);
      await close(false);
    }
  }
}

/**
 * The rows of the next chunk of sheet XML exceljs parsed, as SourceRows (blank rows left out), or
 * undefined after the last. A function of its own so that nothing of exceljs's chunk (its parser
 * events, its Row and Cell objects) is still referenced by the generator while the pipeline works
 * on the batch: held across that suspension they outlived V8's young collections.
 */
async function nextChunkRows(
  chunks: AsyncIterator<readonly WorksheetEvent[]>,
  date1904: () => boolean,
  position: { lastRow?: number },
): Promise<SourceRow[] | undefined> {
  const next = await chunks.next();
  if (next.done === true) return undefined;
  const rows: SourceRow[] = [];
  for (const { eventType, value } of next.value) {
    if (eventType !== 'row') continue;
    const row = value as ExcelJS.Row;
    position.lastRow = row.number;
    const { cells, sumColumns, blank } = rowCells(row, date1904());
    if (blank) continue;
    rows.push(sumColumns.length > 0 ? { row: row.number, cells, sumColumns } : { row: row.number, cells });
  }
  return rows;
}

/** No summing formula on a row (most rows): one shared list instead of one per row. */
const NO_SUM_COLUMNS: readonly number[] = Object.freeze([]);

function rowCells(row: ExcelJS.Row, date1904: boolean): { cells: (Cell | null)[]; sumColumns: readonly number[]; blank: boolean } {
  const cells: (Cell | null)[] = [];
  let sumColumns: number[] | undefined;
  let blank = true;
  eachCellOf(row, (cell, column) => {
    // The blanks before the cell, in one step (a cell far to the right comes after thousands).
    if (cells.length < column - 1) {
      const from = cells.length;
      cells.length = column - 1;
      cells.fill(null, from);
    }
    const type = cell.type;
    const formula = type === ExcelJS.ValueType.Formula;
    const value = toCell({ type, value: cell.value, result: formula ? formulaResultOf(cell) : undefined, numFmt: cell.numFmt }, date1904);
    cells[column - 1] = value;
    if (value !== null) blank = false;
    if (formula && isSumOfRowsAbove(cell.formula, row.number)) (sumColumns ??= []).push(column - 1);
  });
  return { cells, sumColumns: sumColumns ?? NO_SUM_COLUMNS, blank };
}
