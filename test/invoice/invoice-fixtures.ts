import type { ColumnName } from '../../src/invoice/canonical-columns.js';
import { BUILTIN_CATALOGUES } from '../../src/invoice/catalogues.js';
import type { InvoiceDraft } from '../../src/invoice/invoice-draft.js';
import { createInvoiceGrouper } from '../../src/invoice/invoice-grouper.js';
import type { LineRecord } from '../../src/invoice/line-record.js';
import type { ValidationContext } from '../../src/invoice/validation-context.js';
import { DEFAULT_CLOSE2U } from '../../src/invoice/validation-context.js';

export type Values = Partial<Record<ColumnName, string>>;

export const TODAY = '2026-11-20';

/** A complete, valid row of a domestic sale to a company. */
export const VALID_ROW: Values = {
  serie: 'F001',
  numero: '123',
  fechaEmision: '2026-11-19',
  receptorNumeroDocumento: '20512333797',
  receptorNombreLegal: 'COMERCIAL ANDINA S.A.C.',
  descripcion: 'Cemento Portland tipo I, bolsa 42.5 kg',
  cantidad: '10',
  valorVentaUnitario: '25.50',
};

export const CONTEXT: ValidationContext = {
  catalogues: BUILTIN_CATALOGUES,
  emisor: { ruc: '20100070970', nombreLegal: 'DISTRIBUIDORA DEL SUR S.A.', nombreComercial: 'DISUR', correo: 'facturas@disur.pe' },
  close2u: DEFAULT_CLOSE2U,
  defaults: {},
  today: TODAY,
};

/** One invoice draft from rows (numbered from 2), grouped by the real grouper. */
export function draftOf(rows: readonly Values[]): InvoiceDraft {
  const grouper = createInvoiceGrouper();
  const records: LineRecord[] = rows.map((values, i) => ({ row: i + 2, values, problems: [] }));
  const items = [...records.flatMap((r) => grouper.push(r)), ...grouper.end()];
  const [first] = items;
  if (items.length !== 1 || first?.kind !== 'invoice') throw new Error(`expected one invoice, got ${JSON.stringify(items)}`);
  return first;
}
