import { matchKey } from '../invoice/match-key.js';

/** The kinds of document a sales register lists (SUNAT's catálogo 01, the ones an office writes). */
export type DocumentKind = 'factura' | 'boleta' | 'notaCredito' | 'notaDebito' | 'ticket' | 'guia' | 'honorarios' | 'liquidacion';

/**
 * The words and abbreviations registers write for each kind, by match key (case, accents, spaces,
 * dots and slashes aside: «N/C», «N. Crédito», «NOTA CRED.» and «Nota de Crédito» meet): a key
 * that is one of `exact`, or starts with one of `stems`. Words only: the catálogo 01 codes are
 * below, apart, because a code alone can also be a customer's document type.
 */
const WORDS: readonly (readonly [DocumentKind, { readonly exact: readonly string[]; readonly stems: readonly string[] }])[] = [
  ['notaCredito', { exact: ['nc', 'nce', 'ncr', 'nca'], stems: ['notacred', 'notadecred', 'ncred', 'notascred', 'notasdecred'] }],
  ['notaDebito', { exact: ['nd', 'nde', 'ndb'], stems: ['notadeb', 'notadedeb', 'ndeb', 'notasdeb', 'notasdedeb'] }],
  ['factura', { exact: ['ft', 'fa', 'fac', 'fe', 'fae', 'fel', 'fve'], stems: ['fact'] }],
  ['boleta', { exact: ['bv', 'be', 'bve', 'bol', 'bel'], stems: ['boleta'] }],
  ['ticket', { exact: ['tk', 'tkt'], stems: ['ticket'] }],
  ['guia', { exact: ['gr', 'gre', 'grr'], stems: ['guia'] }],
  ['honorarios', { exact: ['rh', 'rhe'], stems: ['recibopor', 'recibodehonorario', 'recibohonorario', 'honorario'] }],
  ['liquidacion', { exact: ['lc'], stems: ['liquidaciondecompra', 'liquidacioncompra', 'liqcompra', 'liqdecompra'] }],
];

/** SUNAT's catálogo 01 codes, as a register writes them («01», or 1 in a number cell). */
const CODES: ReadonlyMap<string, DocumentKind> = new Map([
  ['1', 'factura'],
  ['2', 'honorarios'],
  ['3', 'boleta'],
  ['4', 'liquidacion'],
  ['7', 'notaCredito'],
  ['8', 'notaDebito'],
  ['9', 'guia'],
  ['12', 'ticket'],
]);

/** Longest cell text that can be one of those words («07 - Nota de crédito electrónica»). */
const LONGEST = 48;

/** A code before its words, as ERPs export the column: «07 - Nota de crédito», «01. Factura». */
const CODE_AND_WORDS = /^\s*(\d{1,2})\s*[-–—.:|]\s*(\S.*)$/u;

function byWord(key: string): DocumentKind | undefined {
  for (const [kind, { exact, stems }] of WORDS) if (exact.includes(key) || stems.some((s) => key.startsWith(s))) return kind;
  return undefined;
}

/**
 * The kind of document a cell's text names: by word always («FT», «N. Crédito», «Boleta de venta
 * electrónica»), by a code with its words («07 - Nota de crédito»: the code's), and by a catálogo 01
 * code alone («01», «03», «7») when `codes` (a column that is the document's kind by its header,
 * where a code cannot be the customer's document type), as by a single letter there («F», «B»).
 * Undefined when the text names none.
 */
export function documentKindOf(text: string, codes: boolean): DocumentKind | undefined {
  if (text.length > LONGEST) return undefined;
  const both = CODE_AND_WORDS.exec(text);
  if (both !== null) return CODES.get(String(Number(both[1]))) ?? byWord(matchKey(both[2] ?? ''));
  const key = matchKey(text);
  const word = byWord(key);
  if (word !== undefined || !codes) return word;
  if (key === 'f') return 'factura';
  if (key === 'b') return 'boleta';
  return /^\d{1,2}$/.test(key) ? CODES.get(String(Number(key))) : undefined;
}

/** Whether a text is a catálogo 01 code written with its two digits («01», «07»), which no customer's document type is. */
export function isTwoDigitKindCode(text: string): boolean {
  return /^\d{2}$/.test(text.trim()) && CODES.has(String(Number(text.trim())));
}
