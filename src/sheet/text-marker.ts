/** `="…"`: a formula whose result is the text inside. */
const FORMULA_TEXT = /^="([^"]*)"$/;

/**
 * The value inside a spreadsheet's "keep this as text" marker, as ERP exports write identifiers
 * and numbers so that Excel keeps their leading zeros when it opens the CSV: `="0012345"` (a
 * formula that gives the text) or `'0012345` (Excel's text prefix). Neither can be part of a RUC,
 * a DNI, an ubigeo or an invoice number, so the columns of those read what is inside. Any other
 * text is returned as it is. `text` has its whitespace collapsed already.
 */
export function withoutTextMarker(text: string): string {
  const first = text.charCodeAt(0);
  if (first === 39 /* ' */) return text.slice(1).trimStart();
  if (first === 61 /* = */) return FORMULA_TEXT.exec(text)?.[1]?.trim() ?? text;
  return text;
}
