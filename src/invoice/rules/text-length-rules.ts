import type { ColumnName } from '../canonical-columns.js';
import { columnDefinition } from '../canonical-columns.js';
import type { Problem } from '../problem.js';
import type { ProblemCode } from '../problem-code.js';
import type { InvoiceRule } from './invoice-rule.js';
import { errorAt } from './problem-at.js';

/** Limits: description 500 (SUNAT), product code 30 (SUNAT), names 100 (a common validator's limit). */
export const TEXT_LIMITS = {
  descripcion: { max: 500, code: 'DESCRIPTION_TOO_LONG' },
  codigoProducto: { max: 30, code: 'PRODUCT_CODE_TOO_LONG' },
  receptorNombreLegal: { max: 100, code: 'LEGAL_NAME_TOO_LONG' },
  receptorNombreComercial: { max: 100, code: 'TRADE_NAME_TOO_LONG' },
} as const satisfies Partial<Record<ColumnName, { max: number; code: ProblemCode }>>;

type LimitedColumn = keyof typeof TEXT_LIMITS;

/** How much of a text too long a problem keeps as its value. */
const SHOWN = 1_000;

/**
 * The characters of a text (code points: an emoji is one), counted by the string's own iterator.
 * Not `[...text].length`: an array of one string per character fails outright past V8's array
 * limit (a 190 MB cell crashed the run, and with it the web workspace) and costs gigabytes before.
 */
function codePoints(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

export function textLengthProblems(row: number, column: LimitedColumn, value: string): Problem[] {
  const { max, code } = TEXT_LIMITS[column];
  if (value.length <= max) return []; // never more characters than UTF-16 code units
  const length = codePoints(value);
  if (length <= max) return [];
  const l = columnDefinition(column).label;
  return [
    errorAt(
      code,
      row,
      column,
      // The value as read, to recognise it: its start (a cell can hold megabytes of pasted text).
      length > SHOWN ? `${value.slice(0, SHOWN)}…` : value,
      `«${l.es}» tiene ${length} caracteres; el máximo es ${max}.`,
      `"${l.en}" has ${length} characters; the maximum is ${max}.`,
    ),
  ];
}

export const textLengthRules: InvoiceRule = (invoice) => {
  const problems: Problem[] = [];
  for (const column of ['receptorNombreLegal', 'receptorNombreComercial'] as const) {
    const value = invoice.header[column];
    if (value !== undefined) problems.push(...textLengthProblems(invoice.rowOf(column), column, value));
  }
  for (const line of invoice.lines) {
    for (const column of ['descripcion', 'codigoProducto'] as const) {
      const value = line.values[column];
      if (value !== undefined) problems.push(...textLengthProblems(line.row, column, value));
    }
  }
  return problems;
};
