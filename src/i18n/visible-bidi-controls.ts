/**
 * The bidirectional controls: the embeddings and overrides (U+202A-U+202E), the isolates
 * (U+2066-U+2069) and the marks (U+200E, U+200F, U+061C). Invisible, and they reorder the text
 * after them: a U+202E in a cell turned the message quoting it, «Fila 2, Cantidad: «dos‮» no es un
 * número.», into «Fila 2, Cantidad: «dos.oremún nu se on «» in the terminal, the results workbook and
 * the page.
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * `text` with each bidirectional control written as its code, «<U+202E>», as other invisible
 * characters of a quoted value are (normalize-identity.ts): the message reads in order, and says
 * that the cell holds a character its user cannot see. Every message goes through it (localized()).
 */
export function visibleBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, (ch) => `<U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}>`);
}
