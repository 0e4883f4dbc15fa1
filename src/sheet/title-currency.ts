import { withoutAccents } from '../invoice/without-accents.js';
import { headerText } from './column-mapping.js';
import { currencyOfSymbol } from './currency-affix.js';
import type { SourceRow } from './source-row.js';

/** The currency the title block above a sheet's header names for its amounts. */
export interface TitleCurrency {
  /** A moneda catalogue value: `PEN` or `USD`. */
  readonly currency: string;
  /** The title cell as written, for the message. */
  readonly shown: string;
  readonly row: number;
}

/**
 * «en dólares», «Moneda: USD», «expresado en soles»: a word that introduces the currency, then the
 * currency. A currency word alone is not enough (a company may be called «Soles del Sur»).
 */
const NAMED =
  /(?:^|[^a-z])(?:en|moneda|importes en|valores en|expresad[oa]s? en)\s*:?\s*(nuevos soles|soles|dolares americanos|dolares|usd|pen|us\$|s\/\.?)(?=$|[^a-z])/;

/**
 * The one currency the title rows above the header name (`REGISTRO DE VENTAS - EN DÓLARES`), or
 * undefined when they name none or both. A sheet without a moneda column gets every invoice in the
 * default currency (PEN): validation checks that against what its title says.
 */
export function titleCurrency(titles: readonly SourceRow[]): TitleCurrency | undefined {
  let found: TitleCurrency | undefined;
  for (const row of titles) {
    for (const cell of row.cells) {
      const text = headerText(cell);
      if (text === undefined) continue;
      const named = NAMED.exec(withoutAccents(text.toLowerCase()))?.[1];
      // The moneda catalogue says which currency the word names (currency-affix.ts reads prices with it too).
      const currency = named === undefined ? undefined : currencyOfSymbol(named);
      if (currency === undefined) continue;
      if (found !== undefined && found.currency !== currency) return undefined;
      found ??= { currency, shown: text, row: row.row };
    }
  }
  return found;
}
