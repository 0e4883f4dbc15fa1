import { BUILTIN_CATALOGUES } from '../invoice/catalogues.js';
import type { PriceCurrency } from '../invoice/line-record.js';
import { withoutAccents } from '../invoice/without-accents.js';

/** A number written with the currency it is in: `S/ 1,234.50`, `US$ 25.00`, `1.234,50 PEN`. */
export interface CurrencyAffix {
  /** The number without the symbol (its sign kept), to be read as any other decimal. */
  readonly number: string;
  readonly currency: PriceCurrency['currency'];
}

/**
 * The symbols a spreadsheet writes for a factura's currencies, as the moneda catalogue knows them
 * (its values and SUNAT codes: PEN, S/, S/. and USD, US$, $), and its words, with or without their
 * accents (`21,83 soles`, `850 dolares`), lower case. Excel's currency format for Peru shows
 * `S/ 1,234.50` (`S/.` before 2016) and `US$ 1,234.50` or `$1,234.50`, and a CSV saved from it
 * holds that text.
 */
const SYMBOLS = new Map<string, string>(
  BUILTIN_CATALOGUES.moneda.flatMap((e) =>
    [e.value, ...(e.codes ?? []), ...(e.words ?? []).flatMap((w) => [w, withoutAccents(w)])].map((s) => [s.toLowerCase(), e.value] as const),
  ),
);

/** Any of them, the longest first (`S/.` before `S/`). */
const SYMBOL = `(${[...SYMBOLS.keys()]
  .sort((a, b) => b.length - a.length)
  .map((s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
  .join('|')})`;
/** Digits with the separators (the apostrophe of millions too) and spaces a formatted number may hold; the decimal reader checks them. */
const NUMBER = String.raw`(\d[\d., '\u2019]*)`;
/** `S/ 1,234.50`, `-S/ 1,234.50`, `S/ -1,234.50`. */
const BEFORE = new RegExp(String.raw`^(-?) ?${SYMBOL} ?(-?) ?${NUMBER}$`, 'i');
/** `1,234.50 S/`, `-1.234,50 PEN`. */
const AFTER = new RegExp(String.raw`^(-?) ?${NUMBER} ?${SYMBOL}$`, 'i');

/**
 * The currency a number's text names with a symbol before or after it, and the number alone;
 * `undefined` when the text names none (or is not a number with one). `text` has its whitespace
 * collapsed already (collapseWhitespace): single spaces, none at the ends.
 */
export function currencyAffix(text: string): CurrencyAffix | undefined {
  // Most texts that reach here are plain numbers with padding zeros (`12.50`): a digit at both
  // ends (after a sign) leaves no room for a symbol, and no regular expression runs.
  if (isDigit(text.charCodeAt(text.charCodeAt(0) === 45 ? 1 : 0)) && isDigit(text.charCodeAt(text.length - 1))) return undefined;
  const before = BEFORE.exec(text);
  if (before !== null) {
    const [, sign1 = '', symbol = '', sign2 = '', number = ''] = before;
    if (sign1 !== '' && sign2 !== '') return undefined;
    return withCurrency(`${sign1}${sign2}${number.trim()}`, symbol);
  }
  const after = AFTER.exec(text);
  if (after !== null) {
    const [, sign = '', number = '', symbol = ''] = after;
    return withCurrency(`${sign}${number.trim()}`, symbol);
  }
  return undefined;
}

/** The moneda catalogue value a symbol, code or word names (`US$`, `pen`, `dolares`: any case, accents or none); undefined for any other text. */
export function currencyOfSymbol(symbol: string): string | undefined {
  return SYMBOLS.get(symbol.toLowerCase());
}

function withCurrency(number: string, symbol: string): CurrencyAffix | undefined {
  const currency = currencyOfSymbol(symbol);
  return currency === undefined ? undefined : { number, currency };
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}
