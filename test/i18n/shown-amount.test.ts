import { describe, expect, it } from 'vitest';
import { shownAmount } from '../../src/i18n/shown-amount.js';
import { shownCount } from '../../src/i18n/shown-count.js';

describe('shownAmount', () => {
  it.each([
    ['0.00', '0.00'],
    ['123.40', '123.40'],
    ['1234567.50', '1,234,567.50'],
    ['-1234.5', '-1,234.50'],
    ['1234000', '1,234,000.00'],
  ])('shows %s as %s, in both languages', (amount, shown) => {
    expect(shownAmount(amount, 'es')).toBe(shown);
    expect(shownAmount(amount, 'en')).toBe(shown);
  });

  it('keeps every digit of an amount a binary float would round', () => {
    const amount = '123456789012345678.91';
    expect(Number(amount).toFixed(2)).not.toBe(amount);
    expect(shownAmount(amount, 'es')).toBe('123,456,789,012,345,678.91');
  });

  it('shows a text that is no number as it is', () => {
    expect(shownAmount('', 'es')).toBe('');
    expect(shownAmount('S/ 12', 'es')).toBe('S/ 12');
  });
});

describe('shownCount', () => {
  it('marks the thousands as the amounts do, and leaves small counts alone', () => {
    expect(shownCount(33_226, 'es')).toBe('33,226');
    expect(shownCount(1_000_000, 'en')).toBe('1,000,000');
    expect(shownCount(7, 'es')).toBe('7');
  });
});
