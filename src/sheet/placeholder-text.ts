/**
 * What offices write in a cell to say it has nothing: a dash or several («-», «--», «—»), «N/A»,
 * «NA», «No aplica». Read as a blank cell: «-» in an optional «Correo» or «Hora» made the invoice
 * invalid («"-" no es una dirección de correo válida»), and in a required one the error now says
 * what is missing. Not «S/N» («sin número»): in a number column it is no blank to continue an invoice.
 * (normalize-cell.ts keeps the mark in the invoice's key and in a catalogue's column, which a blank
 * would fill with its default.)
 */
const PLACEHOLDER = /^(?:[-‐‑‒–—―]+|n\s*\/\s*a|n\.?\s*a\.?|no\s+aplica)$/iu;

/** Whether a cell's text only says the cell is empty. */
export function isPlaceholderText(text: string): boolean {
  if (text.length === 0 || text.length > 12) return false;
  // Every text cell passes here: a mark starts with a dash, an N or a space; other texts stop at their first character.
  const first = text.charCodeAt(0);
  if (first !== 0x2d && first !== 0x4e && first !== 0x6e && first !== 0x20 && (first < 0x2010 || first > 0x2015)) return false;
  return PLACEHOLDER.test(text.trim());
}
