import { describe, expect, it } from 'vitest';
import type { ColumnName } from '../../../src/invoice/canonical-columns.js';
import { currencyAffix } from '../../../src/sheet/currency-affix.js';
import { normalizeCell } from '../../../src/sheet/normalize-cell.js';
import type { DecimalConvention } from '../../../src/sheet/normalize-decimal.js';
import { decimalEvidence } from '../../../src/sheet/normalize-decimal.js';
import type { Normalized } from '../../../src/sheet/normalize-result.js';
import { withoutTextMarker } from '../../../src/sheet/text-marker.js';

const text = (t: string) => ({ kind: 'text', text: t }) as const;
const decimal = (column: ColumnName, t: string, convention?: DecimalConvention): Normalized =>
  normalizeCell(text(t), 'decimal', { row: 9, column }, convention);

describe('a price written with its currency, as a CSV saved from a currency-formatted column holds it', () => {
  it('splits the symbols Excel writes for soles and dollars, before or after the number, from the number', () => {
    expect(currencyAffix('S/ 1,234.50')).toEqual({ number: '1,234.50', currency: 'PEN' });
    expect(currencyAffix('S/. 12.00')).toEqual({ number: '12.00', currency: 'PEN' });
    expect(currencyAffix('s/43.26')).toEqual({ number: '43.26', currency: 'PEN' });
    expect(currencyAffix('US$ 25.00')).toEqual({ number: '25.00', currency: 'USD' });
    expect(currencyAffix('$1,234.50')).toEqual({ number: '1,234.50', currency: 'USD' });
    expect(currencyAffix('1.234,50 PEN')).toEqual({ number: '1.234,50', currency: 'PEN' });
    expect(currencyAffix('25 USD')).toEqual({ number: '25', currency: 'USD' });
    expect(currencyAffix('-S/ 5.00')).toEqual({ number: '-5.00', currency: 'PEN' });
    expect(currencyAffix('S/ -5.00')).toEqual({ number: '-5.00', currency: 'PEN' });
  });

  it('splits the currency written as a word too, with or without its accent', () => {
    expect(currencyAffix('21,83 soles')).toEqual({ number: '21,83', currency: 'PEN' });
    expect(currencyAffix('Nuevos soles 5')).toEqual({ number: '5', currency: 'PEN' });
    expect(currencyAffix('850 Dólares')).toEqual({ number: '850', currency: 'USD' });
    expect(currencyAffix('850.00 dolares')).toEqual({ number: '850.00', currency: 'USD' });
    expect(decimal('valorVentaUnitario', '21,83 soles', 'comma')).toEqual({ kind: 'value', value: '21.83', currency: 'PEN' });
  });

  it('names no currency for a number without a symbol, a symbol alone, text, or two signs', () => {
    for (const t of ['1,234.50', 'S/', 'S/ abc', 'EUR 5', '€ 5', '43.26 S/ 5', '-S/ -5', 'Soles']) expect(currencyAffix(t)).toBeUndefined();
  });

  it('reads the unit value without the symbol and says the currency, in either decimal convention', () => {
    expect(decimal('valorVentaUnitario', 'S/ 1,234.50', 'point')).toEqual({ kind: 'value', value: '1234.5', currency: 'PEN' });
    expect(decimal('valorVentaUnitario', 'S/ 1.234,50', 'comma')).toEqual({ kind: 'value', value: '1234.5', currency: 'PEN' });
    expect(decimal('valorVentaUnitario', 'US$ 25.00', undefined)).toEqual({ kind: 'value', value: '25', currency: 'USD' });
    expect(decimal('valorVentaUnitario', '25.00', 'point')).toEqual({ kind: 'value', value: '25' });
  });

  it('keeps reporting a quantity with a currency, and a price whose number cannot be read', () => {
    const quantity = decimal('cantidad', 'S/ 2', 'point');
    expect(quantity).toMatchObject({ kind: 'problem', problem: { code: 'NOT_A_NUMBER', row: 9, column: 'cantidad', value: 'S/ 2' } });
    expect(decimal('valorVentaUnitario', 'S/ 1,234', undefined)).toMatchObject({ kind: 'problem', problem: { code: 'AMBIGUOUS_DECIMAL' } });
  });

  it('says that a quantity written with its unit («10 und») needs the unit in its own column', () => {
    const read = decimal('cantidad', '10 und', 'point');
    expect(read).toMatchObject({ kind: 'problem', problem: { code: 'NOT_A_NUMBER', column: 'cantidad', value: '10 und' } });
    expect(read.kind === 'problem' ? read.problem.message.es : '').toBe(
      'Fila 9, Cantidad: «10 und» no es un número: si «und» es la unidad, escriba la cantidad sola (10) y la unidad en la columna de la unidad de medida.',
    );
  });

  it('learns the decimal convention from a price written with its currency', () => {
    expect(['S/ 1.234,56', 'US$ 12,50'].map(decimalEvidence)).toEqual(['comma', 'comma']);
    expect(['S/ 1,234.56', '12.50 USD'].map(decimalEvidence)).toEqual(['point', 'point']);
  });
});

describe("an ERP's «keep as text» marker on identifiers and numbers", () => {
  it('reads what is inside ="…" and after a leading apostrophe, and leaves other text alone', () => {
    expect(['="0012345"', "'0012345", "' 20512333797", '= "x"', 'abc', '="a"b"'].map(withoutTextMarker)).toEqual([
      '0012345',
      '0012345',
      '20512333797',
      '= "x"',
      'abc',
      '="a"b"',
    ]);
  });

  it('gives the RUC, the ubigeo and the invoice number inside the marker', () => {
    const run = (column: ColumnName, type: 'identity' | 'integer', t: string): Normalized => normalizeCell(text(t), type, { row: 3, column }, undefined);
    expect(run('receptorNumeroDocumento', 'identity', '="20512333797"')).toEqual({ kind: 'value', value: '20512333797' });
    expect(run('receptorNumeroDocumento', 'identity', "'20512333797")).toEqual({ kind: 'value', value: '20512333797' });
    expect(run('receptorUbigeo', 'identity', '="010101"')).toEqual({ kind: 'value', value: '010101' });
    expect(run('numero', 'integer', '="00001234"')).toEqual({ kind: 'value', value: '1234' });
  });
});
