import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { TipoRegistro, TotalsLine } from '../../src/invoice/compute-totals.js';
import { computeLineTotals, computeTotals, taxRate } from '../../src/invoice/compute-totals.js';

const G = 'GRAVADO_OPERACION_ONEROSA';
const l = (cantidad: string, valorUnitario: string, tipoAfectacion = G): TotalsLine => ({ cantidad, valorUnitario, tipoAfectacion });

describe('computeTotals', () => {
  it.each<[string, TotalsLine[], TipoRegistro, { base: string; igv: string; total: string }]>([
    ['adds 0.1 + 0.2 exactly', [l('0.1', '1'), l('0.2', '1')], 'PRECIOS_SIN_IGV', { base: '0.30', igv: '0.06', total: '0.36' }],
    ['a simple taxed line: 10 × 25.50 + 18%', [l('10', '25.50')], 'PRECIOS_SIN_IGV', { base: '255.00', igv: '45.90', total: '300.90' }],
    ['rounds half up at the cent: 1 × 0.125 → 0.13', [l('1', '0.125')], 'PRECIOS_SIN_IGV', { base: '0.13', igv: '0.02', total: '0.15' }],
    ['rounds each line then sums: 3 × 1.005', [l('3', '1.005')], 'PRECIOS_SIN_IGV', { base: '3.02', igv: '0.54', total: '3.56' }],
    [
      'mixed treatments: taxed, exonerated, unaffected, export',
      [l('1', '100'), l('1', '50', 'EXONERADO_OPERACION_ONEROSA'), l('2', '10', 'INAFECTO_OPERACION_ONEROSA'), l('1', '30', 'EXPORTACION')],
      'PRECIOS_SIN_IGV',
      { base: '200.00', igv: '18.00', total: '218.00' },
    ],
    ['IVAP (rice) at 4%', [l('1', '100', 'GRAVADO_IVAP')], 'PRECIOS_SIN_IGV', { base: '100.00', igv: '4.00', total: '104.00' }],
    ['prices with IGV: 118 → base 100 + IGV 18', [l('1', '118')], 'PRECIOS_CON_IGV', { base: '100.00', igv: '18.00', total: '118.00' }],
    ['prices with IGV keep the line total the sheet says: 3 × 10', [l('3', '10')], 'PRECIOS_CON_IGV', { base: '25.42', igv: '4.58', total: '30.00' }],
    [
      'prices with IGV on an exonerated line: no tax to take out',
      [l('2', '10', 'EXONERADO_OPERACION_ONEROSA')],
      'PRECIOS_CON_IGV',
      { base: '20.00', igv: '0.00', total: '20.00' },
    ],
    [
      'amounts of 22 significant digits lose no digit',
      [l('3', '123456789012.0123456789')],
      'PRECIOS_SIN_IGV',
      { base: '370370367036.04', igv: '66666666066.49', total: '437037033102.53' },
    ],
  ])('%s', (_name, lines, registro, expected) => {
    expect(computeTotals(lines, registro).totals).toEqual(expected);
  });

  it('keeps a line’s IGV within one cent of base × 18% under PRECIOS_CON_IGV', () => {
    for (const price of ['0.01', '0.99', '1.17', '12.34', '99.99', '1000.01']) {
      const t = computeLineTotals(l('7', price), 'PRECIOS_CON_IGV');
      expect(new Decimal(t.igv).minus(new Decimal(t.base).times('0.18')).abs().lte('0.01')).toBe(true);
      expect(new Decimal(t.base).plus(t.igv).eq(new Decimal(price).times(7).toDecimalPlaces(2, Decimal.ROUND_HALF_UP))).toBe(true);
    }
  });

  it('gives each line its rate', () => {
    expect(computeTotals([l('1', '1'), l('1', '1', 'EXPORTACION')], 'PRECIOS_SIN_IGV').lines.map((x) => x.rate)).toEqual(['0.18', '0']);
    expect([taxRate('GRAVADO_RETIRO'), taxRate('GRAVADO_IVAP'), taxRate('INAFECTO_RETIRO')]).toEqual(['0.18', '0.04', '0']);
  });

  it('totals an empty invoice as zero', () => {
    expect(computeTotals([], 'PRECIOS_SIN_IGV').totals).toEqual({ base: '0.00', igv: '0.00', total: '0.00' });
  });
});
