import type { Cell, RowSource, SourceRow } from '../../../src/sheet/source-row.js';

/** Test input: a cell from a plain value (string → text cell, number → number cell, null → blank). */
export function cell(value: string | number | null | Cell): Cell | null {
  if (value === null) return null;
  if (typeof value === 'string') return value === '' ? null : { kind: 'text', text: value };
  if (typeof value === 'number') return { kind: 'number', value };
  return value;
}

/**
 * A RowSource over plain arrays, numbered from `firstRow`, streamed by a tiny async generator in
 * batches of `batch` rows (default 1), counting how many rows were pulled (to show that reading is lazy).
 */
export function rowsFromArrays(
  rows: readonly (readonly (string | number | null | Cell)[])[],
  options: { file?: string; firstRow?: number; batch?: number } = {},
): RowSource & { pulled: () => number } {
  let pulled = 0;
  const first = options.firstRow ?? 1;
  const size = options.batch ?? 1;
  async function* generate(): AsyncGenerator<SourceRow[]> {
    for (let i = 0; i < rows.length; i += size) {
      const batch = rows.slice(i, i + size).map((values, j) => ({ row: first + i + j, cells: values.map(cell) }));
      pulled += batch.length;
      await Promise.resolve();
      yield batch;
    }
  }
  return { file: options.file ?? 'ventas.csv', format: 'csv', notes: [], batches: generate(), pulled: () => pulled };
}
