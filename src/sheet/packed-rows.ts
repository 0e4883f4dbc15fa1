import type { Problem } from '../invoice/problem.js';
import type { Cell, SourceRow } from './source-row.js';

/**
 * A batch of rows on its way from the reading thread (row-source-thread.ts), in the shape that
 * postMessage clones cheaply: one flat array of the cells, where a text cell is its bare string,
 * and the rows' numbers and widths in a typed array. Cloning a cell object costs several times
 * its string; the few cells that are not text (numbers, dates, booleans, errors: an XLSX's
 * amounts and dates) cross as their objects. The strings arrive as strings of their own, not
 * slices of one joined text: a slice kept by a memo of the main thread would keep its whole batch's
 * text alive with it.
 */
export interface PackedRows {
  /** Per row: its number, then how many cells it has. */
  readonly shape: Int32Array;
  /** Every row's cells one after the other. */
  readonly cells: readonly (string | Exclude<Cell, { kind: 'text' }> | null)[];
  /** The rare rows that carry more than cells: their index in the batch and what they carry. */
  readonly marks: readonly RowMarks[];
}

interface RowMarks {
  readonly at: number;
  readonly problems?: readonly Problem[];
  readonly hidden?: boolean;
  readonly sumColumns?: readonly number[];
}

export function packRows(rows: readonly SourceRow[]): PackedRows {
  const shape = new Int32Array(rows.length * 2);
  const cells: PackedRows['cells'][number][] = [];
  const marks: RowMarks[] = [];
  rows.forEach((row, at) => {
    shape[at * 2] = row.row;
    shape[at * 2 + 1] = row.cells.length;
    for (const cell of row.cells) cells.push(cell === null ? null : cell.kind === 'text' ? cell.text : cell);
    if (row.problems !== undefined || row.hidden !== undefined || row.sumColumns !== undefined) {
      marks.push({
        at,
        ...(row.problems !== undefined ? { problems: row.problems } : {}),
        ...(row.hidden !== undefined ? { hidden: row.hidden } : {}),
        ...(row.sumColumns !== undefined ? { sumColumns: row.sumColumns } : {}),
      });
    }
  });
  return { shape, cells, marks };
}

export function unpackRows(packed: PackedRows): SourceRow[] {
  const { shape, cells: flat, marks } = packed;
  const rows: SourceRow[] = [];
  let next = 0;
  let mark = 0;
  for (let at = 0; at * 2 < shape.length; at++) {
    const width = shape[at * 2 + 1] as number;
    const cells: (Cell | null)[] = [];
    for (const end = next + width; next < end; next++) {
      const cell = flat[next] ?? null;
      cells.push(typeof cell === 'string' ? { kind: 'text', text: cell } : cell);
    }
    const row = shape[at * 2] as number;
    const marked = marks[mark];
    if (marked?.at === at) {
      mark++;
      const { at: _at, ...more } = marked;
      rows.push({ row, cells, ...more });
    } else rows.push({ row, cells });
  }
  return rows;
}
