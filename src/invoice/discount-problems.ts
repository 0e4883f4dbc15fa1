import { localized } from '../i18n/localized-text.js';
import type { InvoiceDraft } from './invoice-draft.js';
import type { Problem } from './problem.js';

/** A discount cell that says there is none: blank is never read, and these are zeros (`0`, `0.00`, `0,00`, `0%`) or a dash. */
const NO_DISCOUNT = /^(?:0+(?:[.,]0+)?\s*%?|-|—)$/;

/**
 * The lines whose sheet carries a discount («Descuento», «Dscto», «% Descuento»): the service takes
 * no discount, and sending the line as its quantity and unit value would bill the customer the
 * undiscounted price. Each such line is an error at its discount cell, saying what to write
 * instead: the unit value already discounted, and the discount blank or 0.
 */
export function discountProblems(draft: InvoiceDraft): Problem[] {
  const problems: Problem[] = [];
  for (const line of draft.lines) {
    const discount = line.sheetAmounts?.discount;
    const header = line.sheetAmountHeaders?.discount;
    if (discount === undefined || header === undefined || NO_DISCOUNT.test(discount.trim())) continue;
    problems.push({
      severity: 'error',
      code: 'DISCOUNT_NOT_SENT',
      row: line.row,
      column: header,
      value: discount,
      message: localized(
        `Fila ${line.row}, «${header}»: la línea tiene un descuento (${discount}), pero el servicio no recibe descuentos: la factura saldría por el precio sin descontar. Escriba el valor unitario ya descontado y deje «${header}» vacío o en 0.`,
        `Row ${line.row}, «${header}»: the line has a discount (${discount}), but the service takes no discounts: the invoice would bill the undiscounted price. Write the unit value already discounted and leave «${header}» blank or 0.`,
      ),
    });
  }
  return problems;
}
