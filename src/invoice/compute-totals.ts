import { Decimal } from 'decimal.js';
import type { InvoiceTotals } from './invoice-outcome.js';
import { centsText, lineCents, type LineCents } from './line-cents.js';

/**
 * Invoice totals with exact arithmetic (never binary fractions), rounded to 2 decimals half-up as
 * SUNAT does: per line, base and tax; per invoice, the sums and the total. Prices without IGV of a
 * sheet's usual size go by whole numbers of cents (line-cents.ts); everything else by decimal.js.
 *
 * - `PRECIOS_SIN_IGV`: base = round2(cantidad × valor); tax = round2(base × rate).
 * - `PRECIOS_CON_IGV` (the unit value includes the tax): line total = round2(cantidad × valor),
 *   base = round2(line total ÷ (1 + rate)), tax = line total − base, so the line adds up to exactly
 *   what the sheet says (SUNAT tolerates ±0.01 between tax and base × rate).
 *
 * Rates: 18% (IGV) for every `GRAVADO_*` treatment except `GRAVADO_IVAP`, which is the 4% IVAP
 * (rice); that 4% is reported in the `igv` amount. 0 for `EXONERADO_*`, `INAFECTO_*`, `EXPORTACION`.
 * Free transfers (retiros, codes 11-16, 21, 31-36) are totalled like paid lines: the referential
 * value of gratuitous operations is not modelled.
 */

/** 50 significant digits: 12+10 digit quantity × 12+10 digit price never loses a digit. */
const Dec = Decimal.clone({ precision: 50, rounding: Decimal.ROUND_HALF_UP });

export const IGV_RATE = '0.18';
export const IVAP_RATE = '0.04';

/** Whether the unit values exclude (the default) or include IGV: the service's `close2u.tipoRegistro`. */
export const TIPOS_REGISTRO = ['PRECIOS_SIN_IGV', 'PRECIOS_CON_IGV'] as const;
export type TipoRegistro = (typeof TIPOS_REGISTRO)[number];

export interface TotalsLine {
  /** Exact decimal text, e.g. "2.5". */
  readonly cantidad: string;
  /** Exact decimal text of the unit value (with or without IGV as tipoRegistro says). */
  readonly valorUnitario: string;
  /** A resolved tipoAfectacion catalogue value, e.g. `GRAVADO_OPERACION_ONEROSA`. */
  readonly tipoAfectacion: string;
}

export interface LineTotals extends InvoiceTotals {
  /** The rate applied, e.g. "0.18". */
  readonly rate: string;
}

export interface ComputedTotals {
  readonly lines: readonly LineTotals[];
  readonly totals: InvoiceTotals;
}

/** The tax rate of a tipoAfectacion value (as a decimal string). */
export function taxRate(tipoAfectacion: string): string {
  if (tipoAfectacion === 'GRAVADO_IVAP') return IVAP_RATE;
  if (tipoAfectacion.startsWith('GRAVADO_')) return IGV_RATE;
  return '0';
}

/** The tax rate of a tipoAfectacion value in whole percent (taxRate × 100), for the integer path (line-cents.ts). */
function ratePercent(tipoAfectacion: string): number {
  if (tipoAfectacion === 'GRAVADO_IVAP') return 4;
  return tipoAfectacion.startsWith('GRAVADO_') ? 18 : 0;
}

function round2(d: Decimal): Decimal {
  // Most amounts (a whole quantity times a 2-decimal price) are exact already: no new Decimal.
  return d.decimalPlaces() <= 2 ? d : d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

const ZERO = new Dec(0);

/** The rates as Decimals, made once. */
const RATES = new Map<string, Decimal>([IGV_RATE, IVAP_RATE, '0'].map((r) => [r, new Dec(r)]));

function rateOf(tipoAfectacion: string): Decimal {
  const rate = taxRate(tipoAfectacion);
  return RATES.get(rate) ?? new Dec(rate);
}

/** A line's base and tax as Decimals rounded to 2 places (the rules of the comment above). */
function lineAmounts(line: TotalsLine, tipoRegistro: TipoRegistro, rate: Decimal): { base: Decimal; igv: Decimal } {
  const gross = new Dec(line.cantidad).times(line.valorUnitario);
  if (tipoRegistro === 'PRECIOS_CON_IGV') {
    const total = round2(gross);
    const base = round2(gross.dividedBy(rate.plus(1)));
    return { base, igv: total.minus(base) };
  }
  const base = round2(gross);
  return { base, igv: rate.isZero() ? ZERO : round2(base.times(rate)) };
}

/** One line's cents, written by lineCents (no object per line). */
const CENTS: LineCents = { base: 0, igv: 0 };

export function computeLineTotals(line: TotalsLine, tipoRegistro: TipoRegistro): LineTotals {
  if (tipoRegistro === 'PRECIOS_SIN_IGV' && lineCents(line.cantidad, line.valorUnitario, ratePercent(line.tipoAfectacion), CENTS)) {
    const { base, igv } = CENTS;
    if (base + igv <= Number.MAX_SAFE_INTEGER) {
      return { base: centsText(base), igv: centsText(igv), total: centsText(base + igv), rate: taxRate(line.tipoAfectacion) };
    }
  }
  const rate = rateOf(line.tipoAfectacion);
  const { base, igv } = lineAmounts(line, tipoRegistro, rate);
  return { base: twoPlaces(base), igv: twoPlaces(igv), total: twoPlaces(base.plus(igv)), rate: rate.toString() };
}

export function computeTotals(lines: readonly TotalsLine[], tipoRegistro: TipoRegistro): ComputedTotals {
  return { lines: lines.map((l) => computeLineTotals(l, tipoRegistro)), totals: computeInvoiceTotals(lines, tipoRegistro) };
}

/** The invoice's totals alone (what validation reports): computeTotals(…).totals without the per-line texts. */
export function computeInvoiceTotals(lines: readonly TotalsLine[], tipoRegistro: TipoRegistro): InvoiceTotals {
  if (tipoRegistro === 'PRECIOS_SIN_IGV') {
    const cents = invoiceCents(lines);
    if (cents !== undefined) return cents;
  }
  // The sums start from the first line's amounts: no zero to build and add for every invoice.
  let base = ZERO;
  let igv = ZERO;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as TotalsLine;
    const amounts = lineAmounts(line, tipoRegistro, rateOf(line.tipoAfectacion));
    base = i === 0 ? amounts.base : base.plus(amounts.base);
    igv = i === 0 ? amounts.igv : igv.plus(amounts.igv);
  }
  return { base: twoPlaces(base), igv: twoPlaces(igv), total: twoPlaces(base.plus(igv)) };
}

/**
 * computeInvoiceTotals with integers (line-cents.ts), for prices without IGV: the decimals' own
 * rounding, without a Decimal per line. computeInvoiceTotals on 300,000 lines (as
 * bench/generate-sheet.ts writes them, in invoices of 3): 159-180 ns a line against 1,700-1,770
 * with decimals (a throw-away script timing both in one process).
 * `undefined` when a line is outside the integer path (then every line goes by decimals).
 */
function invoiceCents(lines: readonly TotalsLine[]): InvoiceTotals | undefined {
  let base = 0;
  let igv = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as TotalsLine;
    if (!lineCents(line.cantidad, line.valorUnitario, ratePercent(line.tipoAfectacion), CENTS)) return undefined;
    base += CENTS.base;
    igv += CENTS.igv;
  }
  // Both sums are at most the total: a total below 2^53 is exact, and so are they.
  const total = base + igv;
  return total <= Number.MAX_SAFE_INTEGER ? { base: centsText(base), igv: centsText(igv), total: centsText(total) } : undefined;
}

/**
 * `d.toFixed(2)` for the amounts above, which never have more than 2 decimals (each is rounded to
 * cents, or a sum or difference of such): Decimal#toFixed() without places writes their digits as
 * they are, without the copy and rounding pass toFixed(2) makes, and the text is padded to 2
 * places. Anything with more decimals is left to toFixed(2).
 */
export function twoPlaces(d: Decimal): string {
  const text = d.toFixed();
  const point = text.indexOf('.');
  if (point < 0) return `${text}.00`;
  const places = text.length - point - 1;
  return places === 2 ? text : places === 1 ? `${text}0` : d.toFixed(2);
}
