/**
 * Text that is safe to put in a results file. Two dangers: a spreadsheet taking the text for a
 * formula (CSV/formula injection: `=HYPERLINK(…)`, `+1`, `-2+3`, `@SUM(…)`, or a leading tab or
 * carriage return), and characters that XML 1.0 forbids (they make an XLSX unreadable).
 *
 * XLSX: exceljs writes a JavaScript string as a string cell (`t="str"` with a `<v>`), which no
 * spreadsheet evaluates; the danger there is only ever handing exceljs an object (`{ formula }`,
 * `{ hyperlink }`…), so every value goes through `toCellValue`, which only lets primitives through.
 * CSV has no cell types, so a CSV field that could be read as a formula gets a leading apostrophe.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
// XML 1.0 allows tab, LF, CR and everything from U+0020 except the surrogates used alone, U+FFFE and U+FFFF.
// eslint-disable-next-line no-control-regex -- these control characters are exactly what must be removed
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Excel refuses longer cells. */
export const MAX_CELL_TEXT = 32_767;

/** True when a spreadsheet would take this text, typed or pasted as is, for a formula. */
export function looksLikeFormula(text: string): boolean {
  return FORMULA_START.test(text);
}

/** A CSV field that no spreadsheet evaluates: a formula-looking text gets a leading `'`. */
export function escapeCsvField(text: string): string {
  return looksLikeFormula(text) ? `'${text}` : text;
}

/** Any character XML_FORBIDDEN might remove: one quick scan, without the lookarounds, for the usual clean text. */
// eslint-disable-next-line no-control-regex -- the same control characters as XML_FORBIDDEN
const MAY_BE_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF\uD800-\uDFFF]/;

/** Text without the characters XML 1.0 forbids (they make an XLSX unreadable). */
export function withoutXmlForbidden(text: string): string {
  return MAY_BE_FORBIDDEN.test(text) ? text.replace(XML_FORBIDDEN, '') : text;
}

/** Text an XLSX cell can hold: forbidden XML characters removed, cut at Excel's cell limit. */
export function toCellText(text: string): string {
  const clean = withoutXmlForbidden(text);
  return clean.length > MAX_CELL_TEXT ? clean.slice(0, MAX_CELL_TEXT) : clean;
}

/** The only values the report hands to exceljs: never an object exceljs would read as a formula or a link. */
export type CellValue = string | number | boolean | Date | null;

export function toCellValue(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return toCellText(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : toCellText(String(value));
  if (typeof value === 'boolean') return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'bigint') return toCellText(value.toString());
  return toCellText(JSON.stringify(value) ?? '');
}
