import type { GroupItem } from './invoice-draft.js';
import type { GroupingOptions } from './invoice-grouper.js';
import { createInvoiceGrouper } from './invoice-grouper.js';
import type { LineRecord } from './line-record.js';

/**
 * Line records → invoice drafts, streaming, a batch of items per batch of records (a batch that
 * finishes no invoice gives none): consecutive rows with the same serie/numero form one
 * invoice; every row ends in exactly one yielded item (an invoice or orphan rows), except the
 * records marked `skipped` (a totals row, hidden rows left out), which are no line at all: their
 * notes are yielded as an item with no rows, and no invoice changes. Policy lives in
 * grouping-decision.ts, state in invoice-grouper.ts. Under `mergeSplit` the invoices are yielded
 * at the end (they may gain rows until then); past `mergeBufferLimit` it throws a FacturaError('INPUT').
 */
export async function* groupInvoices(records: AsyncIterable<readonly LineRecord[]>, options: GroupingOptions = {}): AsyncIterable<readonly GroupItem[]> {
  const grouper = createInvoiceGrouper(options);
  for await (const batch of records) {
    const items: GroupItem[] = [];
    for (const record of batch) for (const item of grouper.push(record)) items.push(item);
    if (items.length > 0) yield items;
  }
  const last = grouper.end();
  if (last.length > 0) yield last;
}
