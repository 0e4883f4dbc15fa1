import type { InvoiceDraft } from './invoice-draft.js';
import type { Problem } from './problem.js';
import { errorAt } from './rules/problem-at.js';

const NAMES = { PEN: { es: 'soles', en: 'soles' }, USD: { es: 'dólares', en: 'US dollars' } } as const;

/**
 * Unit values written with a currency symbol (`S/ 43.26`, `US$ 25.00`: line-record.ts) against the
 * invoice's resolved moneda: a price in one currency on an invoice in the other is an error at its
 * cell, never a number sent in the wrong currency. `moneda` undefined (none given, none by
 * default) leaves the check to the rule that asks for it.
 */
export function priceCurrencyProblems(draft: InvoiceDraft, moneda: string | undefined): Problem[] {
  const problems: Problem[] = [];
  if (moneda === undefined) return problems;
  for (const line of draft.lines) {
    const price = line.priceCurrency;
    if (price === undefined || price.currency === moneda) continue;
    // A currency the config file added (EUR) has no name here: its code says it.
    const named = moneda in NAMES ? NAMES[moneda as keyof typeof NAMES] : undefined;
    const invoice = named === undefined ? { es: moneda, en: moneda } : { es: `${named.es} (${moneda})`, en: `${named.en} (${moneda})` };
    const written = NAMES[price.currency];
    problems.push(
      errorAt(
        'PRICE_CURRENCY_MISMATCH',
        line.row,
        'valorVentaUnitario',
        price.shown,
        `El precio «${price.shown}» está en ${written.es} (${price.currency}), pero la factura ${draft.serie}-${draft.numero} es en ${invoice.es}. Corrija la moneda de la factura o el precio.`,
        `The price «${price.shown}» is in ${written.en} (${price.currency}), but invoice ${draft.serie}-${draft.numero} is in ${invoice.en}. Correct the invoice's currency or the price.`,
      ),
    );
  }
  return problems;
}
