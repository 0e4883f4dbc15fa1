import type { ResolvedSettings } from './config/resolve-settings.js';
import { groupInvoices } from './invoice/group-invoices.js';
import { invoiceKey } from './invoice/grouping-decision.js';
import type { CellEdits } from './sheet/apply-cell-edits.js';
import { applyCellEdits } from './sheet/apply-cell-edits.js';
import { openRowSource } from './sheet/open-row-source.js';
import { readLineRecords } from './sheet/read-line-records.js';

/**
 * The invoices whose rows come back after other invoices' (by invoiceKey), with the first row
 * where each does: a first pass over the sheet, reading only the invoice key's columns and
 * grouping them as the run will (the same grouper: continuation rows, hidden rows, issuers).
 *
 * A run streams: when an invoice's rows end it is checked and, in a submission, sent, before the
 * sheet says whether its number comes back further down. Submitted as it stood, its first part
 * was issued without the rows that come back (they were refused: «Estas filas no se enviarán»),
 * and the sorted sheet then could not issue it whole. With these keys the grouper makes the first
 * part an error too (GroupingOptions.splitKeys). Under `mergeSplit` the parts are merged: none.
 * Reads the input once more (it is a file: a submission's time is the service's, not this pass's).
 */
export async function splitInvoiceKeys(input: string, settings: ResolvedSettings, edits?: CellEdits): Promise<ReadonlyMap<string, number>> {
  const split = new Map<string, number>();
  if (settings.read.mergeSplit === true) return split;
  const source = applyCellEdits(await openRowSource(input, settings.read), edits);
  const sheet = await readLineRecords(source, { ...settings.read, only: ['serie', 'numero', 'emisorRuc'] });
  for await (const batch of groupInvoices(sheet.records)) {
    for (const item of batch) {
      if (item.kind !== 'invoice' || !item.problems.some((p) => p.code === 'INVOICE_KEY_REPEATED')) continue;
      const key = invoiceKey(item.serie, item.numero, item.emisorRuc);
      if (!split.has(key)) split.set(key, item.rows[0] ?? 0);
    }
  }
  return split;
}
