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
 *
 * A text cell equal to the one above it (the same column of the batch's previous row) crosses as
 * `undefined` and is given the string above on arrival: a sheet with one row per line item repeats
 * its invoice's date, customer, currency… on every line, and each repeat would otherwise be copied
 * twice (cloned, then made again on the main thread). The rows that arrive share one string for
 * those cells, as the cells of one invoice mostly are.
 */
export interface PackedRows {
  /** Per row: its number, then how many cells it has. */
  readonly shape: Int32Array;
  /** Every row's cells one after the other; `undefined`: the same text as the cell above. */
  readonly cells: readonly (string | Exclude<Cell, { kind: 'text' }> | null | undefined)[];
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
  let above: readonly (Cell | null)[] = [];
  rows.forEach((row, at) => {
    shape[at * 2] = row.row;
    shape[at * 2 + 1] = row.cells.length;
    for (let i = 0; i < row.cells.length; i++) {
      const cell = row.cells[i] ?? null;
      if (cell === null) cells.push(null);
      else if (cell.kind !== 'text') cells.push(cell);
      else {
        const up = above[i];
        cells.push(up?.kind === 'text' && up.text === cell.text ? undefined : cell.text);
      }
    }
    above = row.cells;
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
  let above: readonly (Cell | null)[] = [];
  for (let at = 0; at * 2 < shape.length; at++) {
    const width = shape[at * 2 + 1] as number;
    const cells: (Cell | null)[] = [];
    for (let i = 0; i < width; i++, next++) {
      const cell = flat[next];
      if (typeof cell === 'string') cells.push({ kind: 'text', text: cell });
      else if (cell === undefined) {
        const up = above[i];
        if (up?.kind !== 'text') throw new Error(`packed row ${at}: cell ${i} repeats a cell above that is not text`);
        cells.push({ kind: 'text', text: up.text });
      } else cells.push(cell);
    }
    above = cells;
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
