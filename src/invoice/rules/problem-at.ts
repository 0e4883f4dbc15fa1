import { localized } from '../../i18n/localized-text.js';
import type { ColumnName } from '../canonical-columns.js';
import type { Problem } from '../problem.js';
import type { ProblemCode } from '../problem-code.js';

/**
 * A problem about one cell: row, column, the value as read, and the message in both languages.
 * No column (a row as a whole) and no value leave those fields out.
 */
export function problemAt(
  severity: Problem['severity'],
  code: ProblemCode,
  row: number,
  column: ColumnName | undefined,
  value: string | undefined,
  es: string,
  en: string,
): Problem {
  // One literal per case, fields in the same order (severity, code, row, column, message, value):
  // no spread copies for each of the problems of a sheet where every invoice has one.
  const message = localized(es, en);
  if (column === undefined) return value === undefined ? { severity, code, row, message } : { severity, code, row, message, value };
  return value === undefined ? { severity, code, row, column, message } : { severity, code, row, column, message, value };
}

export const errorAt = (code: ProblemCode, row: number, column: ColumnName | undefined, value: string | undefined, es: string, en: string): Problem =>
  problemAt('error', code, row, column, value, es, en);

export const warningAt = (code: ProblemCode, row: number, column: ColumnName | undefined, value: string | undefined, es: string, en: string): Problem =>
  problemAt('warning', code, row, column, value, es, en);
