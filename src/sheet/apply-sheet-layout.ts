import type { Cell, SourceRow } from './source-row.js';
import type { SheetLayout } from './sheet-layout.js';

/**
 * The rows as the sheet shows them: a value merged over several rows (a unit, a tax treatment, a
 * description written once for a block of lines) is given to every row of the merge, in the
 * merge's first column, as Excel shows it; and each row the sheet hides is marked `hidden` (what to
 * do with it is read-line-records.ts's policy). Rows stream; only the merges' top values are kept.
 */
export async function* applySheetLayout(rows: AsyncIterable<SourceRow>, layout: SheetLayout): AsyncGenerator<SourceRow> {
  const { hiddenRows, merges } = layout;
  if (hiddenRows.size === 0 && merges.length === 0) {
    yield* rows;
    return;
  }
  /** The value of each merge's top-left cell, once its row has passed. */
  const tops = new Map<number, Cell>();
  for await (const source of rows) {
    let row = source;
    for (const [i, merge] of merges.entries()) {
      if (row.row === merge.top) {
        const cell = row.cells[merge.left];
        if (cell !== null && cell !== undefined) tops.set(i, cell);
      } else if (row.row > merge.top && row.row <= merge.bottom) {
        const cell = tops.get(i);
        if (cell !== undefined && (row.cells[merge.left] ?? null) === null) {
          const cells = [...row.cells];
          while (cells.length < merge.left) cells.push(null);
          cells[merge.left] = cell;
          row = { ...row, cells };
        }
        if (row.row === merge.bottom) tops.delete(i);
      }
    }
    yield hiddenRows.has(row.row) ? { ...row, hidden: true } : row;
  }
}
