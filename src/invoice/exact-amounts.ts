/**
 * The exact decimal text of a number field of a built document. The document keeps JSON's types
 * (valorVentaUnitarioItem is a number, as the contract says), but a JS number holds about 15
 * significant digits and SUNAT allows 22 (12 integer, 10 decimal): the text typed in the sheet is
 * kept here, beside the object, and the request body is written from it (src/submit/document-json.ts).
 */
const EXACT = new WeakMap<object, Map<string, string>>();

/** Records that `target[key]` (a number) was written in the sheet as `text`. */
export function markExact(target: object, key: string, text: string): void {
  const fields = EXACT.get(target) ?? new Map<string, string>();
  fields.set(key, text);
  EXACT.set(target, fields);
}

/** The exact text recorded for `target[key]`, if any. */
export function exactTextOf(target: object, key: string): string | undefined {
  return EXACT.get(target)?.get(key);
}
