/**
 * What offices write in a cell to say it has nothing: a dash or several («-», «--», «—»), «N/A»,
 * «NA», «No aplica». Read as a blank cell: «-» in an optional «Correo» or «Hora» made the invoice
 * invalid («"-" no es una dirección de correo válida»), and in a required one the error now says
 * what is missing. Not «S/N» («sin número»): in a number column it is no blank to continue an invoice.
 */
const PLACEHOLDER = /^(?:[-‐‑‒–—―]+|n\s*\/\s*a|n\.?\s*a\.?|no\s+aplica)$/iu;

/** Whether a cell's text only says the cell is empty. */
export function isPlaceholderText(text: string): boolean {
  return text.length <= 12 && PLACEHOLDER.test(text.trim());
}
