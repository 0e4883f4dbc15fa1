/**
 * The comparison key for header names and catalogue words: lower case, accents removed, and
 * spaces, `_`, `.`, `-` (and the en and em dashes a word processor puts in its place), `/`
 * dropped. "Razón Social" and "RAZON_SOCIAL" meet at "razonsocial".
 */
export function matchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s_.\-/\u2013\u2014]+/g, '');
}
