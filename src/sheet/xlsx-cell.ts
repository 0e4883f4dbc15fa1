import ExcelJS from 'exceljs';
import type { Cell } from './source-row.js';

/** What the exceljs streaming reader hands over for one cell, reduced to what we read. */
export interface XlsxCellInput {
  readonly type: ExcelJS.ValueType;
  readonly value: ExcelJS.CellValue;
  /** Raw cached result of a formula cell (`cell.result`): kept even when it is 0, '' or NaN. */
  readonly result?: unknown;
  readonly numFmt?: string | undefined;
}

const MS_PER_DAY = 86_400_000;
/** Days between Excel's 1900-system day 0 (1899-12-30, with its leap-year bug) and 1970-01-01. */
const UNIX_EPOCH_SERIAL = 25_569;
/** Days between the 1900 and the 1904 date systems. */
const DAYS_1900_TO_1904 = 1_462;

/**
 * Turn one exceljs cell into our Cell (or null when blank). exceljs already gives JS Dates for
 * date-formatted plain cells (with the workbook's date system, which the reader corrects); for
 * formula cells it gives the cached result as a bare number, so a date-formatted result is
 * converted here with `date1904`.
 *
 * Known limits of exceljs 4.4's streaming reader (verified in its source): a formula's cached
 * value is parsed with parseFloat unless the cell says t="str", so a cached error (`#N/A`) and an
 * empty cached value both arrive as NaN, and a cached boolean arrives as 0/1. NaN is reported as
 * NO_CACHED_RESULT (an error either way, never a blank or a zero); a boolean result as a number.
 */
export function toCell(input: XlsxCellInput, date1904: boolean): Cell | null {
  const { type, value } = input;
  switch (type) {
    case ExcelJS.ValueType.Null:
    case ExcelJS.ValueType.Merge:
      return null;
    case ExcelJS.ValueType.Formula:
      return formulaCell(input, date1904);
    default:
      return plainCell(value, input.numFmt);
  }
}

function plainCell(value: ExcelJS.CellValue, numFmt: string | undefined): Cell | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value === '' ? null : { kind: 'text', text: value };
  if (typeof value === 'number') return numberCell(value, numFmt);
  if (typeof value === 'boolean') return { kind: 'boolean', value };
  if (value instanceof Date) return { kind: 'date', iso: dateToIso(value) };
  if ('error' in value) return { kind: 'error', error: String(value.error) };
  if ('richText' in value) {
    const text = value.richText.map((run) => run.text).join('');
    return text === '' ? null : { kind: 'text', text };
  }
  if ('hyperlink' in value) return plainCell(value.text, numFmt);
  // Shared-string references and anything else exceljs did not resolve: keep it visible.
  return { kind: 'text', text: JSON.stringify(value) };
}

function formulaCell(input: XlsxCellInput, date1904: boolean): Cell | null {
  const { result } = input;
  const formula = formulaText(input.value);
  if (result === undefined || result === null || (typeof result === 'number' && !Number.isFinite(result))) {
    return { kind: 'error', error: 'NO_CACHED_RESULT', formula };
  }
  if (typeof result === 'number' && isDateFormat(input.numFmt)) {
    return { kind: 'date', iso: serialToIso(result, date1904) };
  }
  return plainCell(result as ExcelJS.CellValue, input.numFmt);
}

function formulaText(value: ExcelJS.CellValue): string {
  if (value !== null && typeof value === 'object' && 'formula' in value && typeof value.formula === 'string') {
    return value.formula;
  }
  return '';
}

function numberCell(value: number, numFmt: string | undefined): Cell {
  if (!Number.isFinite(value)) return { kind: 'error', error: '#NUM!' };
  return numFmt !== undefined && numFmt !== '' && numFmt !== 'General' ? { kind: 'number', value, numFmt } : { kind: 'number', value };
}

/** Same test exceljs applies to plain cells: a format with y/m/d/h/s outside quotes and brackets. */
export function isDateFormat(numFmt: string | undefined): boolean {
  if (numFmt === undefined) return false;
  const bare = numFmt.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, '');
  return /[ymdhMsb]+/.test(bare);
}

/** An Excel serial in the given date system → wall time `YYYY-MM-DDTHH:mm:ss`. */
export function serialToIso(serial: number, date1904: boolean): string {
  const days = serial - UNIX_EPOCH_SERIAL + (date1904 ? DAYS_1900_TO_1904 : 0);
  return dateToIso(new Date(Math.round(days * MS_PER_DAY)));
}

/**
 * exceljs builds Dates whose UTC fields are the sheet's wall time; round to the nearest second
 * (serials are binary fractions of a day) and print those UTC fields, never local time.
 */
export function dateToIso(date: Date): string {
  const rounded = new Date(Math.round(date.getTime() / 1000) * 1000);
  return rounded.toISOString().slice(0, 19);
}
