import type { InvoiceDraft } from './invoice-draft.js';
import type { Problem } from './problem.js';
import { errorAt } from './rules/problem-at.js';

const NAMES: Readonly<Record<string, { readonly es: string; readonly en: string }>> = {
  PEN: { es: 'soles', en: 'soles' },
  USD: { es: 'dólares', en: 'US dollars' },
};

/** «soles (PEN)»; a currency the config file added (EUR) has no name here: its code says it. */
function named(code: string): { es: string; en: string } {
  const name = NAMES[code];
  return name === undefined ? { es: code, en: code } : { es: `${name.es} (${code})`, en: `${name.en} (${code})` };
}

/**
 * Unit values written with a currency symbol (`S/ 43.26`, `US$ 25.00`: line-record.ts) against the
 * invoice's resolved moneda: a price in one currency on an invoice in the other is an error at its
 * cell, never a number sent in the wrong currency. A sheet without a moneda column whose title
 * names a currency (title-currency.ts) is held to it the same way, once per invoice. `moneda` undefined (none given, none by
 * default) leaves the check to the rule that asks for it.
 */
export function priceCurrencyProblems(draft: InvoiceDraft, moneda: string | undefined): Problem[] {
  const problems: Problem[] = [];
  if (moneda === undefined) return problems;
  let titleTold = false;
  for (const line of draft.lines) {
    const price = line.priceCurrency;
    if (price === undefined || price.currency === moneda) continue;
    const invoice = named(moneda);
    const written = named(price.currency);
    if (price.titleRow !== undefined) {
      // The title speaks for the whole sheet: once per invoice, at its first line.
      if (titleTold) continue;
      titleTold = true;
      problems.push(
        errorAt(
          'TITLE_CURRENCY_MISMATCH',
          line.row,
          undefined,
          price.shown,
          `El título de la hoja (fila ${price.titleRow}: «${price.shown}») dice que los importes están en ${written.es}, pero la hoja no tiene columna de moneda y la factura ${draft.serie}-${draft.numero} saldría en ${invoice.es}. Agregue una columna «Moneda» con la moneda de cada factura.`,
          `The sheet's title (row ${price.titleRow}: «${price.shown}») says the amounts are in ${written.en}, but the sheet has no currency column and invoice ${draft.serie}-${draft.numero} would be in ${invoice.en}. Add a «Moneda» column with each invoice's currency.`,
        ),
      );
      continue;
    }
    problems.push(
      errorAt(
        'PRICE_CURRENCY_MISMATCH',
        line.row,
        'valorVentaUnitario',
        price.shown,
        `El precio «${price.shown}» está en ${written.es}, pero la factura ${draft.serie}-${draft.numero} es en ${invoice.es}. Corrija la moneda de la factura o el precio.`,
        `The price «${price.shown}» is in ${written.en}, but invoice ${draft.serie}-${draft.numero} is in ${invoice.en}. Correct the invoice's currency or the price.`,
      ),
    );
  }
  return problems;
}
