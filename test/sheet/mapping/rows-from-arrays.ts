import type { Cell, RowSource, SourceRow } from '../../../src/sheet/source-row.js';

/** Test input: a cell from a plain value (string → text cell, number → number cell, null → blank). */
export function cell(value: string | number | null | Cell): Cell | null {
  if (value === null) return null;
  if (typeof value === 'string') return value === '' ? null : { kind: 'text', text: value };
  if (typeof value === 'number') return { kind: 'number', value };
  return value;
}

/**
 * A RowSource over plain arrays, numbered from `firstRow`, streamed by a tiny async generator,
 * counting how many rows were pulled (to show that reading is lazy).
 */
export function rowsFromArrays(
  rows: readonly (readonly (string | number | null | Cell)[])[],
  options: { file?: string; firstRow?: number } = {},
): RowSource & { pulled: () => number } {
  let pulled = 0;
  const first = options.firstRow ?? 1;
  async function* generate(): AsyncGenerator<SourceRow> {
    for (const [i, values] of rows.entries()) {
      pulled += 1;
      await Promise.resolve();
      yield { row: first + i, cells: values.map(cell) };
    }
  }
  return { file: options.file ?? 'ventas.csv', format: 'csv', notes: [], rows: generate(), pulled: () => pulled };
}
