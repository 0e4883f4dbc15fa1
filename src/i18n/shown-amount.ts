import type { Lang } from './localized-text.js';

const FORMATS: Readonly<Record<Lang, Intl.NumberFormat>> = {
  es: new Intl.NumberFormat('es-PE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  en: new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};

/**
 * An amount (an exact decimal string with its cents, "1234567.50") as a person reads it:
 * «1,234,567.50», thousands marked as the counts beside it (shown-count.ts). Intl reads the string
 * as a decimal, digit for digit: a total never passes through a binary float, which would change
 * the cents of an amount past 15 digits. A text that is no number is shown as it is.
 */
export function shownAmount(amount: string, lang: Lang): string {
  return /^[-+]?\d+(\.\d+)?$/.test(amount) ? FORMATS[lang].format(amount as `${number}`) : amount;
}
