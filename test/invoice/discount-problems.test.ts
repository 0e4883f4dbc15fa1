import { describe, expect, it } from 'vitest';
import { discountProblems } from '../../src/invoice/discount-problems.js';
import type { InvoiceDraft } from '../../src/invoice/invoice-draft.js';
import { validateInvoice } from '../../src/invoice/validate-invoice.js';
import { sheetAmountKind } from '../../src/sheet/sheet-amount-columns.js';
import { CONTEXT, VALID_ROW, draftOf } from './invoice-fixtures.js';

/** The valid invoice of the fixtures with the given discount cells (as read) on its lines, under «Dscto». */
function withDiscounts(discounts: readonly (string | undefined)[]): InvoiceDraft {
  const draft = draftOf(discounts.map(() => VALID_ROW));
  return {
    ...draft,
    lines: draft.lines.map((l, i) => {
      const discount = discounts[i];
      return discount === undefined ? l : { ...l, sheetAmounts: { discount }, sheetAmountHeaders: { discount: 'Dscto' } };
    }),
  };
}

describe('a discount column', () => {
  it('is found by the headers offices use, and «Desc.» stays the description it abbreviates', () => {
    for (const header of ['Descuento', 'DSCTO', 'Dcto.', '% Descuento', 'Descuento %', 'Monto descuento'])
      expect(sheetAmountKind(header), header).toBe('discount');
    expect(sheetAmountKind('Desc.')).toBeUndefined();
  });

  it('makes each line with a discount an error at its cell, so the invoice is not sent at the full price', () => {
    const problems = discountProblems(withDiscounts(['0', '12.5', undefined, '10%', '-']));
    expect(problems.map((p) => [p.code, p.row, p.column, p.value])).toEqual([
      ['DISCOUNT_NOT_SENT', 3, 'Dscto', '12.5'],
      ['DISCOUNT_NOT_SENT', 5, 'Dscto', '10%'],
    ]);
    expect(problems[0]?.message.es).toBe(
      'Fila 3, «Dscto»: la línea tiene un descuento (12.5), pero el servicio no recibe descuentos: la factura saldría por el precio sin descontar. Escriba el valor unitario ya descontado y deje «Dscto» vacío o en 0.',
    );
    expect(validateInvoice(withDiscounts(['0', '12.5']), CONTEXT).valid).toBe(false);
    expect(validateInvoice(withDiscounts(['0', '0.00']), CONTEXT).valid).toBe(true);
    // As a decimal-comma sheet or a percentage column shows no discount.
    expect(discountProblems(withDiscounts(['0,00', '0%', '0 %', '—']))).toEqual([]);
  });
});
