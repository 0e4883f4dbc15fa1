import { matchKey } from '../invoice/match-key.js';

/** The kinds of document a sales register lists (SUNAT's catálogo 01, the ones an office writes). */
export type DocumentKind = 'factura' | 'boleta' | 'notaCredito' | 'notaDebito' | 'ticket' | 'guia' | 'honorarios' | 'liquidacion';

/**
 * The words and abbreviations registers write for each kind, by match key (case, accents, spaces,
 * dots and slashes aside: «N/C», «Nota de Crédito» and «NOTA CREDITO» meet). Words only: the
 * catálogo 01 codes are below, apart, because a code alone can also be a customer's document type.
 */
const WORDS: ReadonlyMap<string, DocumentKind> = new Map(
  (
    [
      ['factura', ['FT', 'FA', 'FAC', 'FACT', 'FE', 'FAE', 'Factura', 'Facturas', 'Factura electrónica', 'Factura de venta']],
      ['boleta', ['BV', 'BOL', 'BE', 'Boleta', 'Boletas', 'Boleta de venta', 'Boleta electrónica', 'Boleta de venta electrónica']],
      ['notaCredito', ['NC', 'NCR', 'N/C', 'Nota de crédito', 'Nota crédito', 'Nota de crédito electrónica', 'Notas de crédito']],
      ['notaDebito', ['ND', 'NDB', 'N/D', 'Nota de débito', 'Nota débito', 'Nota de débito electrónica', 'Notas de débito']],
      ['ticket', ['TK', 'TKT', 'Ticket', 'Tickets']],
      ['guia', ['GR', 'GRE', 'Guía', 'Guía de remisión', 'Guía de remisión remitente']],
      ['honorarios', ['RH', 'RHE', 'Recibo por honorarios', 'Recibo de honorarios']],
      ['liquidacion', ['LC', 'Liquidación de compra']],
    ] as const
  ).flatMap(([kind, words]) => words.map((w) => [matchKey(w), kind] as const)),
);

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

/** Longest cell text that can be one of those words («Boleta de venta electrónica»). */
const LONGEST = 40;

/**
 * The kind of document a cell's text names: by word always, and by catálogo 01 code («01», «03»,
 * «7») when `codes` (a column that is the document kind by its header, where a code cannot be the
 * customer's document type). Undefined when the text names none.
 */
export function documentKindOf(text: string, codes: boolean): DocumentKind | undefined {
  if (text.length > LONGEST) return undefined;
  const key = matchKey(text);
  const word = WORDS.get(key);
  if (word !== undefined || !codes) return word;
  return /^\d{1,2}$/.test(key) ? CODES.get(String(Number(key))) : undefined;
}
