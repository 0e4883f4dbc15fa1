/**
 * A line's base and tax in whole cents, worked out with integers: the same half-up rounding to
 * cents as compute-totals.ts's decimals, without building a Decimal per line. Taken when both
 * amounts are plain decimals of at most 15 digits (a sheet's quantities and prices always are)
 * and every step stays below 2^53, where a double holds an integer exactly; anything else
 * (a sign, an exponent, more digits, a product too large) gives `undefined` and is left to the
 * decimals.
 *
 * Exact because every value is an integer below 2^53: a product or sum of such is exact when the
 * true result is below 2^53 (checked), `%` on doubles is exact, and `(p - r) / d` is a quotient
 * without remainder, which division gives exactly.
 */

/** 10^k exactly, k ≤ 22 (the largest power of ten a double holds exactly). */
const POW10 = Array.from({ length: 23 }, (_, k) => 10 ** k);

/** The cents of an amount at the given scale (`amount / 10^scale` units), rounded half up; amount and result below 2^53. */
function centsOf(amount: number, scale: number): number | undefined {
  if (scale <= 2) {
    const cents = amount * (POW10[2 - scale] as number);
    return cents <= Number.MAX_SAFE_INTEGER ? cents : undefined;
  }
  // 10^17 > 2 × 2^53: below half a cent whatever the amount.
  if (scale - 2 > 16) return 0;
  return halfUp(amount, POW10[scale - 2] as number);
}

/** amount ÷ divisor rounded half up, both non-negative integers below 2^53. */
function halfUp(amount: number, divisor: number): number {
  const rest = amount % divisor;
  const quotient = (amount - rest) / divisor;
  return 2 * rest >= divisor ? quotient + 1 : quotient;
}

/** The digits of a plain decimal as one integer and how many of them are decimals, or -1 for the scale when it is not one this path takes. */
let parsedDigits = 0;
let parsedScale = -1;
function parsePlain(text: string): void {
  parsedScale = -1;
  const n = text.length;
  // At most 15 digits and the point: 10^15 < 2^53.
  if (n === 0 || n > 16) return;
  let digits = 0;
  let count = 0;
  let scale = -1;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 46) {
      if (scale >= 0 || i === 0 || i === n - 1) return;
      scale = 0;
      continue;
    }
    if (c < 48 || c > 57) return;
    digits = digits * 10 + (c - 48);
    count++;
    if (scale >= 0) scale++;
  }
  if (count > 15) return;
  parsedDigits = digits;
  parsedScale = scale < 0 ? 0 : scale;
}

/** Written by lineCents: the line's base and tax in cents. */
export interface LineCents {
  base: number;
  igv: number;
}

/**
 * round2(cantidad × valorUnitario) and round2(base × rate) in cents, into `into` (so that a loop
 * over an invoice's lines builds no object); `false` when the amounts are outside the integer path.
 * `ratePercent` is the tax rate in whole percent (18, 4 or 0).
 */
export function lineCents(cantidad: string, valorUnitario: string, ratePercent: number, into: LineCents): boolean {
  parsePlain(cantidad);
  if (parsedScale < 0) return false;
  const quantity = parsedDigits;
  const quantityScale = parsedScale;
  parsePlain(valorUnitario);
  if (parsedScale < 0) return false;
  const gross = quantity * parsedDigits;
  if (gross > Number.MAX_SAFE_INTEGER) return false;
  const base = centsOf(gross, quantityScale + parsedScale);
  if (base === undefined) return false;
  const taxed = base * ratePercent;
  if (taxed > Number.MAX_SAFE_INTEGER) return false;
  into.base = base;
  into.igv = halfUp(taxed, 100);
  return true;
}

/** An amount in cents as the service's text with 2 decimals: 12345 → "123.45". */
export function centsText(cents: number): string {
  const rest = cents % 100;
  return `${(cents - rest) / 100}.${rest < 10 ? '0' : ''}${rest}`;
}
