import type ExcelJS from 'exceljs';
import { formulaResultOf, type StreamedWorksheet } from './exceljs-internals.js';
import type { Cell, SourceRow } from './source-row.js';
import { toCell } from './xlsx-cell.js';
import { xlsxInputError } from './xlsx-input-error.js';

/**
 * The rows of one streamed worksheet as SourceRows (blank rows left out, row numbers as Excel shows
 * them). `close(true)` runs after the last row (exceljs then removes what it spooled); `close(false)`
 * when reading stops early or fails. A failure is worded as the user's error, near the row reached.
 */
export async function* streamXlsxRows(
  file: string,
  sheet: string,
  worksheet: StreamedWorksheet,
  date1904: () => boolean,
  close: (drain: boolean) => Promise<void>,
): AsyncGenerator<SourceRow> {
  let lastRow: number | undefined;
  let complete = false;
  try {
    for await (const row of worksheet) {
      lastRow = row.number;
      const cells = rowCells(row, date1904());
      if (cells.every((cell) => cell === null)) continue;
      yield { row: row.number, cells };
    }
    complete = true;
    await close(true);
  } catch (error) {
    throw xlsxInputError(error, `${file} (hoja/sheet "${sheet}")`, lastRow === undefined ? undefined : lastRow + 1);
  } finally {
    if (!complete) await close(false);
  }
}

function rowCells(row: ExcelJS.Row, date1904: boolean): (Cell | null)[] {
  const cells: (Cell | null)[] = [];
  row.eachCell({ includeEmpty: false }, (cell, column) => {
    while (cells.length < column - 1) cells.push(null);
    cells[column - 1] = toCell({ type: cell.type, value: cell.value, result: formulaResultOf(cell), numFmt: cell.numFmt }, date1904);
  });
  return cells;
}
