import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FinishedInvoices } from '../../src/invoice/finished-invoices.js';
import type { RowRange } from '../../src/invoice/grouping-decision.js';
import { invoiceKey } from '../../src/invoice/grouping-decision.js';

describe('the memory of finished invoices', () => {
  it('gives back every range it was given, by key, like a plain map', () => {
    const serie = fc.constantFrom('F001', 'FA-1', 'F001-5', '0001', 'x');
    const numero = fc.constantFrom('7', '007', '5-7', '0', '123456789012345678', 'A1', '99999999');
    const range = fc
      .tuple(fc.integer({ min: 1, max: 2 ** 27 }), fc.integer({ min: 0, max: 40 }))
      .map(([first, span]): RowRange => ({ first, last: first + span }));
    fc.assert(
      fc.property(fc.array(fc.tuple(serie, numero, range), { maxLength: 30 }), (entries) => {
        const compact = new FinishedInvoices();
        const plain = new Map<string, RowRange>();
        for (const [s, n, r] of entries) {
          compact.set(invoiceKey(s, n), r);
          plain.set(invoiceKey(s, n), r);
        }
        for (const [s, n] of entries) expect(compact.get(invoiceKey(s, n))).toEqual(plain.get(invoiceKey(s, n)));
        expect(compact.get(invoiceKey('F999', '1'))).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a long invoice and a far row exactly (outside the packed form)', () => {
    const finished = new FinishedInvoices();
    finished.set('F001-1', { first: 2, last: 40 });
    finished.set('F001-2', { first: 2 ** 26 + 5, last: 2 ** 26 + 6 });
    finished.set('F001-3', { first: 41, last: 41 });
    expect(finished.get('F001-1')).toEqual({ first: 2, last: 40 });
    expect(finished.get('F001-2')).toEqual({ first: 2 ** 26 + 5, last: 2 ** 26 + 6 });
    expect(finished.get('F001-3')).toEqual({ first: 41, last: 41 });
  });
});
