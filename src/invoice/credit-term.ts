import type { ColumnName } from './canonical-columns.js';
import type { Problem } from './problem.js';
import { matchKey } from './match-key.js';
import { warningAt } from './rules/problem-at.js';

/**
 * «Crédito a 30 días», «CREDITO 60 DIAS», «A crédito (45 días)», «Crédito 30d», compared by
 * matchKey ("creditoa30dias"): credit with a term in days, as offices write the payment form.
 */
const CREDIT_TERM = /^(?:a)?credito\(?(?:a)?(\d{1,3})(?:dias|dia|d)\)?$/;

/** The days of a credit term written in a payment-form cell; undefined when the cell says something else. */
export function creditTermDays(text: string): number | undefined {
  const days = CREDIT_TERM.exec(matchKey(text))?.[1];
  return days === undefined ? undefined : Number(days);
}

/**
 * The note for a payment form read as credit from its term: the service takes CREDITO and no term,
 * so the days are not sent; said at the cell, as a warning (the invoice goes as credit).
 */
export function creditTermNotSent(row: number, column: ColumnName, value: string, days: number): Problem {
  return warningAt(
    'CREDIT_TERM_NOT_SENT',
    row,
    column,
    value,
    `«${value}» se envía como Crédito: el servicio no recibe el plazo (${days} días), que queda solo en sus registros.`,
    `"${value}" is sent as Crédito (credit): the service takes no term (${days} days), which stays in your own records only.`,
  );
}
