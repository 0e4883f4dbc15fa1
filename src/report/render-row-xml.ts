import { withoutXmlForbidden } from './cell-text.js';

/** An Excel error value as exceljs writes it (`{ error: '#N/A' }`). */
export interface ErrorCellValue {
  readonly error: string;
}

/** What a table cell may hold: never a formula, a link or rich text (see cell-text.ts). */
export type TableValue = string | number | boolean | Date | ErrorCellValue | null;

const MS_PER_DAY = 24 * 60 * 60 * 1000;
/** 1970-01-01 as an Excel serial day (1900 date system). */
const EPOCH_SERIAL = 25_569;

// eslint-disable-next-line no-control-regex -- the characters XML 1.0 forbids and the ones to escape
const NEEDS_WORK = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF&<>"\uD800-\uDFFF]/;
const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Text as XML character data: forbidden characters dropped, markup characters escaped. */
export function xmlText(text: string): string {
  if (!NEEDS_WORK.test(text)) return text;
  return withoutXmlForbidden(text).replace(/[&<>"]/g, (c) => ESCAPES[c] ?? c);
}

/**
 * One `<row>` of a worksheet's `<sheetData>`, in the form exceljs 4.4.0's writer gives it (so
 * every reader that reads exceljs's files reads these): a string is `t="str"` with its text in
 * `<v>` (a plain string: no spreadsheet evaluates it, there is no `<f>`), a number `<v>`, a
 * boolean `t="b"`, an error `t="e"`, a date its serial day in the 1900 system; blank cells are
 * left out. `styleIds[i]` is the workbook's style index of cell i (0: none), `letters[i]` its
 * column letter.
 */
export function renderRowXml(rowNumber: number, values: readonly TableValue[], styleIds: readonly number[], letters: readonly string[]): string {
  let xml = `<row r="${rowNumber}">`;
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value === null || value === undefined) continue;
    const letter = letters[i];
    if (letter === undefined) throw new RangeError(`no column letter for cell ${i + 1} of row ${rowNumber}`);
    const styleId = styleIds[i] ?? 0;
    const open = styleId === 0 ? `<c r="${letter}${rowNumber}"` : `<c r="${letter}${rowNumber}" s="${styleId}"`;
    if (typeof value === 'string') xml += `${open} t="str"><v>${xmlText(value)}</v></c>`;
    else if (typeof value === 'number') xml += Number.isFinite(value) ? `${open}><v>${value}</v></c>` : `${open} t="str"><v>${String(value)}</v></c>`;
    else if (typeof value === 'boolean') xml += `${open} t="b"><v>${value ? 1 : 0}</v></c>`;
    else if (value instanceof Date) {
      const time = value.getTime();
      if (!Number.isNaN(time)) xml += `${open}><v>${EPOCH_SERIAL + time / MS_PER_DAY}</v></c>`;
    } else xml += `${open} t="e"><v>${xmlText(value.error)}</v></c>`;
  }
  return `${xml}</row>`;
}
