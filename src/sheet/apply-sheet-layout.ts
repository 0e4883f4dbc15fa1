import { mapRows } from './map-rows.js';
import type { Cell, RowBatches, SourceRow } from './source-row.js';
import type { MergedRange, SheetLayout } from './sheet-layout.js';

/**
 * The rows as the sheet shows them: a value merged over several rows (a unit, a tax treatment, a
 * description written once for a block of lines) is given to every row of the merge, in the
 * merge's first column, as Excel shows it; and each row the sheet hides is marked `hidden` (what to
 * do with it is read-line-records.ts's policy). Rows stream; only the merges' top values are kept.
 * A sheet with neither gets its rows back as they are (no stage, no hop per row).
 */
export function applySheetLayout(batches: RowBatches, layout: SheetLayout): RowBatches {
  const { hiddenRows, merges } = layout;
  if (hiddenRows.size === 0 && merges.length === 0) return batches;
  return laidOut(batches, hiddenRows, merges);
}

/**
 * Each row is compared with the merges it may fall in only: they are taken in order of their top
 * row as the rows reach them, and retired once the rows are past their bottom, so a sheet with many
 * merges costs per row what the merges open at that row cost, not rows × merges.
 */
function laidOut(batches: RowBatches, hiddenRows: ReadonlySet<number>, merges: readonly MergedRange[]): RowBatches {
  const byTop = merges.map((_, i) => i).sort((a, b) => (merges[a]?.top ?? 0) - (merges[b]?.top ?? 0) || a - b);
  let next = 0;
  /** The merges the rows have entered and not yet left, in the layout's order. */
  let open: number[] = [];
  /** The value of each merge's top-left cell, once its row has passed. */
  const tops = new Map<number, Cell>();
  const layOut = (source: SourceRow): SourceRow => {
    let row = source;
    let entered = false;
    for (let i = byTop[next]; i !== undefined && (merges[i]?.top ?? 0) <= row.row; i = byTop[++next]) {
      open.push(i);
      entered = true;
    }
    if (entered) open.sort((a, b) => a - b);
    if (open.length > 0) {
      let passed = false;
      for (const i of open) {
        const merge = merges[i] as MergedRange;
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
        }
        if (row.row >= merge.bottom) passed = true;
      }
      if (passed) {
        open = open.filter((i) => {
          const keep = (merges[i]?.bottom ?? 0) > row.row;
          if (!keep) tops.delete(i);
          return keep;
        });
      }
    }
    return hiddenRows.has(row.row) ? { ...row, hidden: true } : row;
  };
  return mapRows(batches, layOut);
}
