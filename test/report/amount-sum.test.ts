import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { createAmountSum } from '../../src/report/amount-sum.js';

function sumOf(amounts: readonly string[]): string {
  const sum = createAmountSum();
  for (const a of amounts) sum.add(a);
  return sum.text();
}

const byDecimals = (amounts: readonly string[]): string => amounts.reduce((d, a) => d.plus(a), new Decimal(0)).toFixed(2);

describe('createAmountSum', () => {
  it('is 0.00 with nothing added', () => {
    expect(sumOf([])).toBe('0.00');
  });

  it('adds 10,000 invoice totals exactly, as decimals do', () => {
    let state = 3;
    const next = (): number => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
    const amounts = Array.from({ length: 10_000 }, () => (Math.floor(next() * 1e9) / 100).toFixed(2));
    expect(sumOf(amounts)).toBe(byDecimals(amounts));
  });

  it.each([
    ['one decimal', ['0.10', '0.5', '1.00']],
    ['no decimals', ['3', '0.07']],
    ['a negative amount', ['10.00', '-2.50']],
    ['more than 15 digits', ['1234567890123456.78', '0.22']],
    ['a sum past 2^53 cents', [...Array<string>(10).fill('9999999999999.99'), '0.01']],
  ])('goes on by decimals from %s, with the exact sum', (_name, amounts) => {
    expect(sumOf(amounts)).toBe(byDecimals(amounts));
  });
});
