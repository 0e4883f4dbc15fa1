import type { RowBatches, SourceRow } from './source-row.js';

/**
 * A stage over the rows: each row of each batch through `f` (which may also just look at it), a
 * batch out per batch in. Leaving the iteration early, or failing, closes the source.
 */
export async function* mapRows(batches: RowBatches, f: (row: SourceRow) => SourceRow): AsyncGenerator<readonly SourceRow[]> {
  for await (const batch of batches) yield batch.map(f);
}
