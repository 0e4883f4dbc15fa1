import { localized } from './localized-text.js';

/** A number a person gave, as a message shows it: one that is no number (NaN, as yargs gives a text) says so. */
export function shownNumber(value: number, lang: 'es' | 'en'): string {
  if (Number.isNaN(value)) return localized('un texto que no es un número', 'a text that is not a number')[lang];
  return String(value);
}
