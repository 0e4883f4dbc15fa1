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

  it('gives back every range when numbers come in runs, out of order and again, like a plain map', () => {
    // Small numbers in a few series: consecutive runs, numbers below a run (strays), numbers set twice.
    const entry = fc.tuple(
      fc.constantFrom('F001', 'F002'),
      fc.integer({ min: 0, max: 60 }),
      fc.integer({ min: 1, max: 5000 }),
      fc.integer({ min: 0, max: 70_000 }),
    );
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 200 }), (entries) => {
        const compact = new FinishedInvoices();
        const plain = new Map<string, RowRange>();
        for (const [s, n, first, span] of entries) {
          const key = invoiceKey(s, String(n));
          compact.set(key, { first, last: first + span });
          plain.set(key, { first, last: first + span });
        }
        for (const s of ['F001', 'F002'])
          for (let n = 0; n <= 61; n += 1) expect(compact.get(invoiceKey(s, String(n)))).toEqual(plain.get(invoiceKey(s, String(n))));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a long invoice and a far row exactly (outside the packed form)', () => {
    const finished = new FinishedInvoices();
    finished.set('F001-1', { first: 2, last: 40 });
    finished.set('F001-2', { first: 2 ** 33 + 5, last: 2 ** 33 + 6 });
    finished.set('F001-4', { first: 50, last: 70_000 });
    finished.set('F001-3', { first: 41, last: 41 });
    expect(finished.get('F001-1')).toEqual({ first: 2, last: 40 });
    expect(finished.get('F001-2')).toEqual({ first: 2 ** 33 + 5, last: 2 ** 33 + 6 });
    expect(finished.get('F001-4')).toEqual({ first: 50, last: 70_000 });
    expect(finished.get('F001-3')).toEqual({ first: 41, last: 41 });
  });
});
