import { matchKey } from './match-key.js';

/**
 * The words a sales register writes for a voided sale («ANULADO», «Anulada», «*** ANULADO ***»,
 * «De baja»), by match key. A register (SUNAT's Registro de Ventas, an ERP's report) lists a voided
 * document beside the others, with «ANULADO» where the customer's name goes or in a state column:
 * such a row is not a sale, and sent it would issue an invoice that must then be voided again.
 */
const VOIDED = new Set([
  'anulado',
  'anulada',
  'anulados',
  'anuladas',
  'anulacion',
  'baja',
  'debaja',
  'dadodebaja',
  'dadadebaja',
  'comunicadodebaja',
  'anuladoporbaja',
]);

/** Longest text that can be one of those words with its decoration («*** ANULADO ***»). */
const LONGEST = 40;

/** Every one of those words holds one of these: a cheap test first, since every line's description passes here. */
const STEM = /anul|baja/i;

/** Whether a cell's whole text says the sale was voided (stars, dashes and spaces around it allowed). */
export function isVoidedWord(text: string): boolean {
  if (text.length > LONGEST || !STEM.test(text)) return false;
  return VOIDED.has(matchKey(text.replace(/[*#=()[\]]+/g, ' ')));
}
