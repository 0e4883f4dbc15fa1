import { describe, expect, it } from 'vitest';
import type { InvoiceDraft } from '../../src/invoice/invoice-draft.js';
import { validateInvoice } from '../../src/invoice/validate-invoice.js';
import { group, invoices, line } from './grouped-rows.js';
import { CONTEXT, VALID_ROW } from './invoice-fixtures.js';

const A = '20601111111';
const B = '20602222226';

describe('invoices of several issuers in one sheet (emisorRuc)', () => {
  it('groups by issuer + serie + numero: F001-1 of two companies are two invoices, without a repeated-key error', async () => {
    const items = await group([line('F001', '1', { emisorRuc: A }), line('F001', '1', { emisorRuc: B }), line('F001', '2', { emisorRuc: A })]);
    const drafts = invoices(items);
    expect(drafts.map((d) => [d.emisorRuc, d.serie, d.numero, d.rows])).toEqual([
      [A, 'F001', '1', [2]],
      [B, 'F001', '1', [3]],
      [A, 'F001', '2', [4]],
    ]);
    expect(drafts.flatMap((d) => d.problems)).toEqual([]);
  });

  it('the same issuer repeating serie-numero after another invoice is still the repeated-key error', async () => {
    const drafts = invoices(await group([line('F001', '1', { emisorRuc: A }), line('F001', '1', { emisorRuc: B }), line('F001', '1', { emisorRuc: A })]));
    expect(drafts[2]?.problems.map((p) => p.code)).toEqual(['INVOICE_KEY_REPEATED']);
  });

  it('a continuation row (blank key, or same serie-numero with the issuer left blank) stays with its invoice', async () => {
    const drafts = invoices(
      await group([line('F001', '1', { emisorRuc: A }), { descripcion: 'x', cantidad: '1', valorVentaUnitario: '2' }, line('F001', '1')]),
    );
    expect(drafts.map((d) => [d.emisorRuc, d.rows])).toEqual([[A, [2, 3, 4]]]);
  });

  it('a continuation row naming another issuer is a conflict at its row and column', async () => {
    const drafts = invoices(await group([line('F001', '1', { emisorRuc: A }), { emisorRuc: B, descripcion: 'x', cantidad: '1', valorVentaUnitario: '2' }]));
    expect(drafts[0]?.problems.map((p) => [p.code, p.row, p.column])).toEqual([['CONFLICTING_INVOICE_VALUE', 3, 'emisorRuc']]);
  });

  // Read as two invoices, the first went out with its first line only and the second came back «ya existe» (a review's sc10/adj.csv).
  it('holds both parts of rows of one serie-numero that leave the issuer blank, then name one', async () => {
    const drafts = invoices(await group([line('F001', '1'), line('F001', '1', { emisorRuc: A }), line('F001', '2')]));
    expect(drafts.map((d) => [d.emisorRuc, d.rows, d.problems.map((p) => [p.code, p.row])])).toEqual([
      [undefined, [2], [['INVOICE_ISSUER_DISAGREES', 2]]],
      [A, [3], [['INVOICE_ISSUER_DISAGREES', 3]]],
      [undefined, [4], []],
    ]);
    expect(drafts[0]?.problems[0]?.message.es).toContain('la fila 2 deja en blanco el RUC del emisor y la fila 3 dice 20601111111');
  });

  it('with the default issuer known, reads a blank issuer as it: one invoice over both rows, and its number seen again later', async () => {
    const adjacent = invoices(await group([line('F001', '1'), line('F001', '1', { emisorRuc: A })], { defaultIssuer: A }));
    expect(adjacent.map((d) => [d.rows, d.problems.map((p) => p.code)])).toEqual([[[2, 3], []]]);
    // Before, F001-1 blank and F001-1 of A (the default) further down were two invoices: the second came back «ya existe».
    const apart = invoices(await group([line('F001', '1'), line('F001', '2'), line('F001', '1', { emisorRuc: A })], { defaultIssuer: A }));
    expect(apart.map((d) => d.problems.map((p) => p.code))).toEqual([[], [], ['INVOICE_KEY_REPEATED']]);
    // Another issuer's F001-1 is its own.
    const other = invoices(await group([line('F001', '1'), line('F001', '2'), line('F001', '1', { emisorRuc: B })], { defaultIssuer: A }));
    expect(other.flatMap((d) => d.problems)).toEqual([]);
  });

  it('without the column every invoice belongs to the default issuer, as before', async () => {
    const drafts = invoices(await group([line('F001', '1'), line('F001', '2')]));
    expect(drafts.map((d) => d.emisorRuc)).toEqual([undefined, undefined]);
    const checked = validateInvoice(drafts[0] as InvoiceDraft, CONTEXT);
    expect(checked.issuerRuc).toBe(CONTEXT.emisor?.ruc);
  });

  it('an emisorRuc that is not a valid RUC is an error at its row and column; no document is built', async () => {
    const drafts = invoices(await group([{ ...VALID_ROW, emisorRuc: '20601111112' }]));
    const checked = validateInvoice(drafts[0] as InvoiceDraft, CONTEXT);
    expect(checked.valid).toBe(false);
    expect(checked.problems.map((p) => [p.code, p.row, p.column, p.value])).toContainEqual(['RUC_CHECK_DIGIT', 2, 'emisorRuc', '20601111112']);
    expect(checked.document).toBeUndefined();
  });

  it('a document is never built under another RUC than the one the sheet names', async () => {
    const drafts = invoices(await group([{ ...VALID_ROW, emisorRuc: A }]));
    const checked = validateInvoice(drafts[0] as InvoiceDraft, CONTEXT); // CONTEXT's issuer is another RUC
    expect(checked.valid).toBe(true);
    expect(checked.document).toBeUndefined();
    expect(checked.issuerRuc).toBe(A);
    const own = validateInvoice(drafts[0] as InvoiceDraft, { ...CONTEXT, emisor: { ruc: A, nombreLegal: 'EMPRESA A S.A.C.' } });
    expect(own.document?.emisor.numeroDocumentoIdentidad).toBe(A);
  });
});
