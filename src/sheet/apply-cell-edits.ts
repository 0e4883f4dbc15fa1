import { mapRows } from './map-rows.js';
import type { Cell, RowSource, SourceRow } from './source-row.js';

/**
 * Corrections a person made over the sheet, kept apart from the untouched original: sheet row
 * number (as a spreadsheet shows it) → 0-based column index → the new text ('' blanks the cell).
 */
export type CellEdits = ReadonlyMap<number, ReadonlyMap<number, string>>;

/** One row's edited cells as a list, with the width they need; built once per distinct map (a replace shares one). */
interface RowChanges {
  readonly width: number;
  readonly cells: readonly [number, Cell | null][];
}

/**
 * The overlay as a stage right after reading: every row passes through, and an edited row has its
 * edited cells replaced by text cells, so the pipeline, the results, the fix-and-resend file and
 * the submission all see the corrected values. Memory is the edits themselves, not the sheet.
 * Each distinct change map is turned into cells once, since a replace over a column shares one.
 */
export function applyCellEdits(source: RowSource, edits: CellEdits | undefined): RowSource {
  if (edits === undefined || edits.size === 0) return source;
  const prepared = new WeakMap<ReadonlyMap<number, string>, RowChanges>();
  const changesOf = (map: ReadonlyMap<number, string>): RowChanges => {
    let c = prepared.get(map);
    if (c === undefined) {
      const cells: [number, Cell | null][] = [];
      let width = 0;
      for (const [i, text] of map) {
        cells.push([i, text === '' ? null : { kind: 'text', text }]);
        width = Math.max(width, i + 1);
      }
      c = { width, cells };
      prepared.set(map, c);
    }
    return c;
  };
  const edited = (r: SourceRow): SourceRow => {
    const map = edits.get(r.row);
    if (map === undefined) return r;
    const { width, cells: changed } = changesOf(map);
    const n = Math.max(r.cells.length, width);
    const cells: (Cell | null)[] = new Array<Cell | null>(n);
    for (let i = 0; i < n; i += 1) cells[i] = r.cells[i] ?? null;
    for (const [i, cell] of changed) cells[i] = cell;
    // The untouched cells ride along (no copy): an issued invoice's key changed by an edit is told by them.
    return { ...r, cells, before: r.cells };
  };
  return { ...source, batches: mapRows(source.batches, edited) };
}
