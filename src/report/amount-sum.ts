import { Decimal } from 'decimal.js';
import { centsText } from '../invoice/line-cents.js';

/** An exact running sum of amounts, written with 2 decimals at the end. */
export interface AmountSum {
  add(amount: string): void;
  /** The sum with 2 decimals ("1234.50"). */
  text(): string;
}

/**
 * An exact sum of an invoice's amounts (a run's totals): in whole cents while every amount is
 * written as an invoice's totals are (digits, a point and 2 decimals: "123.45") and the sum stays
 * below 2^53, where a double holds it exactly; by decimals from the first amount that is not so
 * on. A run's summary adds three amounts per invoice, once for the run and once for its issuer:
 * by decimals alone that was 633 ms of a 1,000,000-row validate's main thread (333,000 invoices).
 */
export function createAmountSum(): AmountSum {
  let cents = 0;
  let decimal: Decimal | undefined;
  return {
    add(amount) {
      if (decimal === undefined) {
        const more = centsOf(amount);
        if (more >= 0 && cents + more <= Number.MAX_SAFE_INTEGER) {
          cents += more;
          return;
        }
        decimal = new Decimal(cents).dividedBy(100);
      }
      decimal = decimal.plus(amount);
    },
    text() {
      return decimal === undefined ? centsText(cents) : decimal.toFixed(2);
    },
  };
}

/** "123.45" → 12345; -1 for any other text (a sign, one decimal, more than 15 digits…). */
function centsOf(amount: string): number {
  const n = amount.length;
  if (n < 4 || n > 16 || amount.charCodeAt(n - 3) !== 46) return -1;
  let cents = 0;
  for (let i = 0; i < n; i++) {
    if (i === n - 3) continue;
    const c = amount.charCodeAt(i);
    if (c < 48 || c > 57) return -1;
    cents = cents * 10 + (c - 48);
  }
  return cents;
}
