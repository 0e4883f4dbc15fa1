import { Decimal } from 'decimal.js';
import { createBoundedMemo } from '../bounded-memo.js';
import type { InvoiceTotals } from './invoice-outcome.js';

/**
 * Invoice totals with decimal arithmetic (never binary floats), rounded to 2 decimals half-up as
 * SUNAT does: per line, base and tax; per invoice, the sums and the total.
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

/**
 * Quantities as Decimals, each text read once: a sheet's quantities are mostly a few small numbers
 * (1, 2, 12…) on every line, while its prices are many (a memo of prices was tried: nothing to
 * share on the bench's sheet). Decimals never change, so lines share one. computeInvoiceTotals on
 * 300,000 lines of 90 % whole quantities 1-50 (as bench/generate-sheet.ts writes them): 1,410 ns a
 * line against 1,520 without the memo.
 */
const QUANTITIES = createBoundedMemo<Decimal>();
const quantityOf = (text: string): Decimal => new Dec(text);

/** A line's base and tax as Decimals rounded to 2 places (the rules of the comment above). */
function lineAmounts(line: TotalsLine, tipoRegistro: TipoRegistro, rate: Decimal): { base: Decimal; igv: Decimal } {
  const gross = QUANTITIES.lookup(line.cantidad, quantityOf).times(line.valorUnitario);
  if (tipoRegistro === 'PRECIOS_CON_IGV') {
    const total = round2(gross);
    const base = round2(gross.dividedBy(rate.plus(1)));
    return { base, igv: total.minus(base) };
  }
  const base = round2(gross);
  return { base, igv: rate.isZero() ? ZERO : round2(base.times(rate)) };
}

export function computeLineTotals(line: TotalsLine, tipoRegistro: TipoRegistro): LineTotals {
  const rate = rateOf(line.tipoAfectacion);
  const { base, igv } = lineAmounts(line, tipoRegistro, rate);
  return { base: twoPlaces(base), igv: twoPlaces(igv), total: twoPlaces(base.plus(igv)), rate: rate.toString() };
}

export function computeTotals(lines: readonly TotalsLine[], tipoRegistro: TipoRegistro): ComputedTotals {
  return { lines: lines.map((l) => computeLineTotals(l, tipoRegistro)), totals: computeInvoiceTotals(lines, tipoRegistro) };
}

/** The invoice's totals alone (what validation reports): computeTotals(…).totals without the per-line texts. */
export function computeInvoiceTotals(lines: readonly TotalsLine[], tipoRegistro: TipoRegistro): InvoiceTotals {
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
