import type { Cell } from './source-row.js';
import { splitInvoiceKey } from './split-invoice-key.js';

/**
 * The number of a number cell that holds the whole invoice key («F001-00000104», as some exports
 * fill their «Número» column) on a row whose serie column says the same serie («F001», case
 * aside): «104», without the padding zeros, as the number column reads it. Undefined for any other
 * cell, and when the two series differ: which one is right is for the user to say.
 */
export function numberBesideItsSerie(cell: Cell | null, serie: string): string | undefined {
  if (cell?.kind !== 'text') return undefined;
  const key = splitInvoiceKey(cell.text);
  if (key === undefined || key.serie.toUpperCase() !== serie.trim().toUpperCase()) return undefined;
  return key.numero.replace(/^0+(?=\d)/, '');
}
