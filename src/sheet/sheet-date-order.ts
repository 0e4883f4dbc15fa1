import { localized } from '../i18n/localized-text.js';
import type { ColumnName } from '../invoice/canonical-columns.js';
import type { Problem } from '../invoice/problem.js';
import type { DateOrder } from './normalize-date.js';
import { dateOrderEvidence } from './normalize-date.js';
import type { SourceRow } from './source-row.js';

/** A date column: its canonical name, where it is, and its header as the sheet writes it. */
export type DateColumn = readonly [ColumnName, number, string];

/** Different month-first dates the first rows must show (and no day-first one) for the file to be read month first. */
const MONTH_FIRST_DATES = 2;

/** How the sheet's numeric text dates are read, and the note that says so when it is not day first. */
export interface SheetDateOrder {
  readonly order: DateOrder;
  readonly note?: Problem;
}

/**
 * The order of the sheet's numeric text dates, decided before its first invoice from the rows read
 * while looking for the header (the file is streamed: an order found later cannot change dates
 * already read). Month first only when those rows show it with two different dates (`11/13/2026`,
 * `11/14/2026`: one alone may be a day-first date mistyped) and none shows day first
 * (`13/11/2026`); then every date of the file is read so, with a note naming the first date that
 * showed it. Otherwise day first, Peru's order: a month-first date further down is then an error at its
 * cell that says so (normalize-date.ts).
 */
export function sheetDateOrder(rows: readonly SourceRow[], columns: readonly DateColumn[]): SheetDateOrder {
  let shown: { row: number; column: DateColumn; text: string } | undefined;
  /** The month-first dates seen, by their digits: one alone could be a day-first date mistyped. */
  const dates = new Set<string>();
  for (const row of rows) {
    for (const column of columns) {
      const cell = row.cells[column[1]];
      if (cell?.kind !== 'text') continue;
      const evidence = dateOrderEvidence(cell.text);
      if (evidence === 'day-first') return { order: 'day-first' };
      if (evidence === 'month-first') {
        shown ??= { row: row.row, column, text: cell.text.trim() };
        dates.add(cell.text.trim().split(/[\sT]/)[0] ?? '');
      }
    }
  }
  if (shown === undefined || dates.size < MONTH_FIRST_DATES) return { order: 'day-first' };
  const { row, column, text } = shown;
  const [name, , header] = column;
  return {
    order: 'month-first',
    note: {
      severity: 'warning',
      code: 'DATES_MONTH_FIRST',
      row,
      column: name,
      value: text,
      message: localized(
        `Fila ${row}: las fechas de «${header}» están escritas con el mes primero (MM/DD/AAAA), como «${text}»; se leen así en todo el archivo. Revise en los resultados que las fechas sean las correctas.`,
        `Row ${row}: the dates in «${header}» are written month first (MM/DD/YYYY), as «${text}»; the whole file is read that way. Check in the results that the dates are right.`,
      ),
    },
  };
}
