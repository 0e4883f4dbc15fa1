import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { TotalsLine } from '../../src/invoice/compute-totals.js';
import { computeInvoiceTotals, computeLineTotals } from '../../src/invoice/compute-totals.js';
import { centsText, lineCents, type LineCents } from '../../src/invoice/line-cents.js';

/** The rules of compute-totals.ts for prices without IGV, written out with decimal.js alone: the reference. */
const D = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_HALF_UP });
function reference(lines: readonly TotalsLine[]): { base: string; igv: string; total: string } {
  let base = new D(0);
  let igv = new D(0);
  for (const line of lines) {
    const rate = line.tipoAfectacion === 'GRAVADO_IVAP' ? '0.04' : line.tipoAfectacion.startsWith('GRAVADO_') ? '0.18' : '0';
    const lineBase = new D(line.cantidad).times(line.valorUnitario).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    base = base.plus(lineBase);
    igv = igv.plus(lineBase.times(rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
  }
  return { base: base.toFixed(2), igv: igv.toFixed(2), total: base.plus(igv).toFixed(2) };
}

/** A deterministic generator (a linear congruential one): the same lines on every run. */
function lines(seed: number, count: number, amount: (next: () => number) => TotalsLine): TotalsLine[] {
  let state = seed;
  const next = (): number => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from({ length: count }, () => amount(next));
}

const TREATMENTS = ['GRAVADO_OPERACION_ONEROSA', 'GRAVADO_IVAP', 'EXONERADO_OPERACION_ONEROSA', 'INAFECTO_OPERACION_ONEROSA'];

/** A plain decimal of `digits` digits (leading ones may be zero, as in «0.005») of which `places` are decimals. */
function plain(next: () => number, digits: number, places: number): string {
  let text = '';
  for (let i = 0; i < digits; i++) text += String(Math.floor(next() * 10));
  const whole = text.slice(0, digits - places).replace(/^0+(?=\d)/, '') || '0';
  return places === 0 ? whole : `${whole}.${text.slice(digits - places)}`;
}

describe('lineCents', () => {
  it('gives the decimals’ totals for 20,000 lines of every size the integer path takes, and beyond it', () => {
    const generated = lines(19, 20_000, (next) => {
      const digits = 1 + Math.floor(next() * 15);
      const priceDigits = 1 + Math.floor(next() * 15);
      return {
        cantidad: plain(next, digits, Math.floor(next() * (digits + 1))),
        valorUnitario: plain(next, priceDigits, Math.floor(next() * (priceDigits + 1))),
        tipoAfectacion: TREATMENTS[Math.floor(next() * TREATMENTS.length)] as string,
      };
    });
    const cents: LineCents = { base: 0, igv: 0 };
    let integer = 0;
    for (const line of generated) {
      if (lineCents(line.cantidad, line.valorUnitario, 18, cents)) integer++;
      expect(computeInvoiceTotals([line], 'PRECIOS_SIN_IGV'), `${line.cantidad} × ${line.valorUnitario} ${line.tipoAfectacion}`).toEqual(reference([line]));
    }
    // Both paths were taken: the comparison covers the integers and the decimals they hand over to.
    expect(integer).toBeGreaterThan(5_000);
    expect(integer).toBeLessThan(generated.length);
  });

  it('gives the decimals’ totals for invoices of a sheet’s usual amounts, where every line takes the integer path', () => {
    const generated = lines(7, 30_000, (next) => ({
      cantidad: next() < 0.8 ? String(1 + Math.floor(next() * 40)) : plain(next, 5, 2),
      valorUnitario: plain(next, 2 + Math.floor(next() * 6), Math.floor(next() * 5)),
      tipoAfectacion: TREATMENTS[Math.floor(next() * TREATMENTS.length)] as string,
    }));
    const cents: LineCents = { base: 0, igv: 0 };
    for (let i = 0; i < generated.length; i += 3) {
      const invoice = generated.slice(i, i + 3);
      for (const line of invoice) expect(lineCents(line.cantidad, line.valorUnitario, 18, cents)).toBe(true);
      expect(computeInvoiceTotals(invoice, 'PRECIOS_SIN_IGV')).toEqual(reference(invoice));
    }
  });

  it.each([
    ['half a cent rounds up', '1', '0.005', 18, { base: 1, igv: 0 }],
    ['just under half a cent rounds down', '1', '0.00499999', 18, { base: 0, igv: 0 }],
    ['the tax rounds half up: 2.50 × 18% = 0.45', '1', '2.5', 18, { base: 250, igv: 45 }],
    ['the tax of 0.25 at 18% is 0.045 → 0.05', '1', '0.25', 18, { base: 25, igv: 5 }],
    ['IVAP at 4%', '3', '12.5', 4, { base: 3750, igv: 150 }],
    ['no tax', '7', '1.1', 0, { base: 770, igv: 0 }],
    ['a scale beyond 10^16: less than half a cent', '0.0000001', '0.000000001', 18, { base: 0, igv: 0 }],
    ['a product of 15 + 15 digits just below 2^53: 8.999999999999991 → 9.00', '0.00000000000009', '99999999999999.9', 18, { base: 900, igv: 162 }],
  ])('%s', (_name, cantidad, valor, rate, expected) => {
    const cents: LineCents = { base: -1, igv: -1 };
    expect(lineCents(cantidad, valor, rate, cents)).toBe(true);
    expect(cents).toEqual(expected);
  });

  it.each([
    ['a sign', '-1', '10'],
    ['an exponent', '1e3', '10'],
    ['16 digits', '1234567890123456', '1'],
    ['a point with nothing after it', '1.', '1'],
    ['a point with nothing before it', '.5', '1'],
    ['a thousands comma', '1,000', '1'],
    ['a product beyond 2^53', '999999999', '99999999.99'],
    ['nothing', '', '1'],
  ])('leaves %s to the decimals', (_name, cantidad, valor) => {
    expect(lineCents(cantidad, valor, 18, { base: 0, igv: 0 })).toBe(false);
  });

  it('hands the whole invoice to the decimals when one line is outside the integer path, with the same totals', () => {
    const invoice: TotalsLine[] = [
      { cantidad: '2', valorUnitario: '10.5', tipoAfectacion: 'GRAVADO_OPERACION_ONEROSA' },
      { cantidad: '3', valorUnitario: '123456789012.0123456789', tipoAfectacion: 'GRAVADO_OPERACION_ONEROSA' },
    ];
    expect(computeInvoiceTotals(invoice, 'PRECIOS_SIN_IGV')).toEqual({ base: '370370367057.04', igv: '66666666070.27', total: '437037033127.31' });
    expect(computeInvoiceTotals(invoice, 'PRECIOS_SIN_IGV')).toEqual(reference(invoice));
  });

  it('gives one line’s totals and rate as the decimals do', () => {
    expect(computeLineTotals({ cantidad: '3', valorUnitario: '1.005', tipoAfectacion: 'GRAVADO_IVAP' }, 'PRECIOS_SIN_IGV')).toEqual({
      base: '3.02',
      igv: '0.12',
      total: '3.14',
      rate: '0.04',
    });
  });
});

describe('centsText', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [10, '0.10'],
    [12345, '123.45'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'],
  ])('%d cents → %s', (cents, text) => {
    expect(centsText(cents)).toBe(text);
  });
});
