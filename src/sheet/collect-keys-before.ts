import type { KeyBeforeEdits, LineRecord } from '../invoice/line-record.js';

/**
 * A stage over the records that notes, by row, the invoice key each corrected row had before the
 * corrections changed it (LineRecord.keyBefore), as the rows pass: an invoice is checked after its
 * rows are read, so its rows' keys are in `into` by then. Memory: one key per such row.
 */
export async function* collectKeysBefore(
  records: AsyncIterable<readonly LineRecord[]>,
  into: Map<number, KeyBeforeEdits>,
): AsyncGenerator<readonly LineRecord[]> {
  for await (const batch of records) {
    for (const record of batch) if (record.keyBefore !== undefined) into.set(record.row, record.keyBefore);
    yield batch;
  }
}
