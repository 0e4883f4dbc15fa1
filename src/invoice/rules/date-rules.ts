import { createBoundedMemo } from '../../bounded-memo.js';
import { shownDate } from '../../i18n/shown-date.js';
import type { Problem } from '../problem.js';
import type { InvoiceRule } from './invoice-rule.js';
import { errorAt, warningAt } from './problem-at.js';

/** SUNAT accepts a factura up to 3 calendar days after its issue date. */
export const SUNAT_WINDOW_DAYS = 3;
const DAY_MS = 86_400_000;

/** The dates read: a sheet repeats a few issue dates (and today) on every invoice. */
const DAYS = createBoundedMemo<number | undefined>();

/** Epoch day of a real `YYYY-MM-DD` date, or undefined (2026-02-30 is not a date). */
export function epochDay(date: string): number | undefined {
  return DAYS.lookup(date, readEpochDay);
}

function readEpochDay(date: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return undefined;
  return ms / DAY_MS;
}

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

/** fechaEmision a real date, not after today in Lima; a warning beyond SUNAT's 3-day window; horaEmision HH:mm:ss. */
export const dateRules: InvoiceRule = (invoice, { today }) => {
  const problems: Problem[] = [];
  const fecha = invoice.header.fechaEmision;
  if (fecha !== undefined) {
    // Its row (a search through the lines) is looked up only for a problem.
    const day = epochDay(fecha);
    const todayDay = epochDay(today);
    if (day === undefined) {
      problems.push(
        errorAt(
          'INVALID_DATE',
          invoice.rowOf('fechaEmision'),
          'fechaEmision',
          fecha,
          `La fecha de emisión «${fecha}» no es una fecha válida.`,
          `Issue date "${fecha}" is not a valid date.`,
        ),
      );
    } else if (todayDay !== undefined && day > todayDay) {
      problems.push(
        errorAt(
          'ISSUE_DATE_IN_FUTURE',
          invoice.rowOf('fechaEmision'),
          'fechaEmision',
          fecha,
          `La fecha de emisión ${shownDate(fecha)} es posterior a hoy (${shownDate(today)}, hora de Lima): SUNAT la rechaza.`,
          `Issue date ${fecha} is after today (${today}, Lima time): SUNAT refuses it.`,
        ),
      );
    } else if (todayDay !== undefined && todayDay - day > SUNAT_WINDOW_DAYS) {
      const days = todayDay - day;
      problems.push(
        warningAt(
          'ISSUE_DATE_OUTSIDE_SUNAT_WINDOW',
          invoice.rowOf('fechaEmision'),
          'fechaEmision',
          fecha,
          `La fecha de emisión ${shownDate(fecha)} tiene ${days} días: SUNAT solo acepta facturas enviadas hasta ${SUNAT_WINDOW_DAYS} días después de su emisión, por lo que probablemente la rechace.`,
          `Issue date ${fecha} is ${days} days old: SUNAT only accepts invoices sent up to ${SUNAT_WINDOW_DAYS} days after issue, so it will probably be refused.`,
        ),
      );
    }
  }
  const hora = invoice.header.horaEmision;
  if (hora !== undefined && !TIME_PATTERN.test(hora)) {
    problems.push(
      errorAt(
        'INVALID_TIME',
        invoice.rowOf('horaEmision'),
        'horaEmision',
        hora,
        `La hora de emisión «${hora}» debe tener el formato HH:MM:SS (por ejemplo 14:30:00).`,
        `Issue time "${hora}" must be HH:MM:SS (e.g. 14:30:00).`,
      ),
    );
  }
  return problems;
};
