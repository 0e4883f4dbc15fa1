import { withoutAccents } from './without-accents.js';

/**
 * The comparison key for header names and catalogue words: lower case, accents removed, and
 * spaces, `_`, `.`, `-` (and the en and em dashes a word processor puts in its place), `/`
 * dropped. "Razón Social" and "RAZON_SOCIAL" meet at "razonsocial".
 */
export function matchKey(text: string): string {
  return withoutAccents(text)
    .toLowerCase()
    .replace(/[\s_.\-/\u2013\u2014]+/g, '');
}
