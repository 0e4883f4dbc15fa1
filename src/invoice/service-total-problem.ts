import { Decimal } from 'decimal.js';
import { localized } from '../i18n/localized-text.js';
import { bodyField } from './body-field.js';
import type { InvoiceTotals } from './invoice-outcome.js';
import type { Problem } from './problem.js';

/** The `total` of the service's success body as a number, when it has one it is readable as. */
function totalOf(total: string | number | undefined): Decimal | undefined {
  if (total === undefined) return undefined;
  try {
    const value = new Decimal(typeof total === 'string' ? total.trim() : total);
    return value.isFinite() ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The warning of an invoice the service accepted with another total than the sheet's (its success
 * body says `total`, provider-notes.md): what was issued is the service's, and the office's books
 * say otherwise, by a rounding or a rule of the service's. Undefined when the totals agree to the
 * cent, or when either is not known (a body without a total, «ya existe» confirming it).
 */
export function serviceTotalProblem(
  invoice: { readonly serie: string; readonly numero: string; readonly row?: number | undefined },
  totals: InvoiceTotals | undefined,
  body: unknown,
): Problem | undefined {
  if (totals === undefined) return undefined;
  // The common case, a number that agrees, without a Decimal: this runs for every invoice accepted.
  const said = bodyField(body, 'total');
  if (typeof said === 'number' && Number.isFinite(said) && said.toFixed(2) === totals.total) return undefined;
  const issued = totalOf(said);
  if (issued === undefined) return undefined;
  const ours = new Decimal(totals.total);
  if (issued.toDecimalPlaces(2).equals(ours.toDecimalPlaces(2))) return undefined;
  const shown = issued.toFixed(2);
  const difference = issued.minus(ours).abs().toFixed(2);
  const key = `${invoice.serie}-${invoice.numero}`;
  return {
    severity: 'warning',
    code: 'SERVICE_TOTAL_DIFFERS',
    ...(invoice.row !== undefined ? { row: invoice.row } : {}),
    value: shown,
    message: localized(
      `El servicio aceptó la factura ${key} con un total de ${shown}, pero según la hoja es ${totals.total} (diferencia ${difference}): la factura emitida es la del servicio. Revísela en el servicio; si su total no es el correcto, corríjala con una nota de crédito, no emitiéndola de nuevo.`,
      `The service accepted invoice ${key} with a total of ${shown}, but per the sheet it is ${totals.total} (difference ${difference}): the invoice issued is the service's. Check it at the service; if its total is wrong, correct it with a credit note, not by issuing it again.`,
    ),
  };
}
