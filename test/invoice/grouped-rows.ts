import { groupInvoices } from '../../src/invoice/group-invoices.js';
import type { GroupItem, InvoiceDraft } from '../../src/invoice/invoice-draft.js';
import type { GroupingOptions } from '../../src/invoice/invoice-grouper.js';
import type { LineRecord } from '../../src/invoice/line-record.js';
import type { Problem } from '../../src/invoice/problem.js';
import type { Values } from './invoice-fixtures.js';
import { allOf, batchesOf } from '../helpers/batches.js';

/** Rows numbered from 2 (row 1 is the header), as a spreadsheet shows them. */
export function records(rows: Values[], problems: Record<number, Problem[]> = {}): LineRecord[] {
  return rows.map((values, i) => ({ row: i + 2, values, problems: problems[i + 2] ?? [] }));
}

/** Groups the rows as a run does (the records in batches of `batch`, default 1) and collects what grouping yields. */
export async function group(rows: Values[], options?: GroupingOptions, problems?: Record<number, Problem[]>, batch = 1): Promise<GroupItem[]> {
  return allOf(groupInvoices(batchesOf(records(rows, problems), batch), options));
}

export function invoices(items: GroupItem[]): InvoiceDraft[] {
  return items.filter((i): i is InvoiceDraft => i.kind === 'invoice');
}

/** The first line of an invoice: its key and one product. */
export const line = (serie: string, numero: string, extra: Values = {}): Values => ({
  serie,
  numero,
  descripcion: 'Producto',
  cantidad: '1',
  valorVentaUnitario: '10',
  ...extra,
});

/** A continuation line (no key): one more product of the invoice above. */
export const cont = (extra: Values = {}): Values => ({ descripcion: 'Otro', cantidad: '2', valorVentaUnitario: '5', ...extra });
