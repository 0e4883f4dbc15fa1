import type { AmountSum } from '../index.js';
import { createAmountSum } from '../index.js';
import type { CurrencyTotal } from './workspace-api.js';

/** The totals of some invoices by currency, added as they stream (exact: createAmountSum); memory is one entry per currency. */
export interface CurrencyTotalsTally {
  add(moneda: string, totals: { readonly base: string; readonly igv: string; readonly total: string }): void;
  /** By currency, sorted. */
  result(): CurrencyTotal[];
}

export function createCurrencyTotalsTally(): CurrencyTotalsTally {
  const sums = new Map<string, { invoices: number; base: AmountSum; igv: AmountSum; total: AmountSum }>();
  return {
    add(moneda, totals) {
      let s = sums.get(moneda);
      if (s === undefined) sums.set(moneda, (s = { invoices: 0, base: createAmountSum(), igv: createAmountSum(), total: createAmountSum() }));
      s.invoices += 1;
      s.base.add(totals.base);
      s.igv.add(totals.igv);
      s.total.add(totals.total);
    },
    result() {
      return [...sums.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([moneda, s]) => ({ moneda, invoices: s.invoices, base: s.base.text(), igv: s.igv.text(), total: s.total.text() }));
    },
  };
}
