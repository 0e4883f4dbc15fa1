import { describe, expect, it } from 'vitest';
import { isSumOfRowsAbove } from '../../../src/sheet/sum-formula.js';
import type { Cell, SourceRow } from '../../../src/sheet/source-row.js';
import { totalsRowEvidence } from '../../../src/sheet/totals-row.js';

const text = (t: string): Cell => ({ kind: 'text', text: t });
const num = (value: number): Cell => ({ kind: 'number', value });
const row = (cells: (Cell | null)[], extra: Partial<SourceRow> = {}): SourceRow => ({ row: 9, cells, ...extra });
/** serie, numero, descripcion, cantidad, precio */
const KEYS = [0, 1];

describe('a totals row', () => {
  it.each([
    ['TOTAL in the description', row([null, null, text('TOTAL'), num(25), num(2308.8)]), 2],
    ['"Total general:" with accents and case', row([null, null, text('  Total General: '), null, num(1)]), 2],
    ['"Subtotal"', row([null, null, text('Sub-total'), null, num(1)]), 2],
    ['"Suma"', row([null, text('SUMA'), null, null, num(1)]), 1],
    ['TOTAL in the serie column, numero blank', row([text('TOTAL'), null, null, num(25), num(2308.8)]), 0],
    ['a label whose first letters carry an accent ("Tótal")', row([null, null, text('  Tótal general'), null, num(1)]), 2],
    ['a label with a combining accent ("Su\u0301ma")', row([null, null, text('Su\u0301ma total'), null, num(1)]), 2],
    ['blank key and =SUM over the rows above', row([null, null, null, num(25), num(2308.8)], { sumColumns: [3, 4] }), 3],
  ])('is told by %s', (_what, r, column) => {
    expect(totalsRowEvidence(r, KEYS)?.column).toBe(column);
  });

  it.each([
    ['a line whose description starts with "Total"', row([null, null, text('Total de servicios prestados'), num(1), num(50)])],
    ['a line of an invoice that says TOTAL in its description', row([text('F001'), num(5), text('TOTAL'), num(1), num(50)])],
    ['a continuation line whose description starts with another word of s, t, i or g', row([null, null, text('Tornillo 1/2"'), num(1), num(50)])],
    ['a continuation line with a formula that is no sum', row([null, null, text('Flete'), num(1), num(50)])],
  ])('is not %s', (_what, r) => {
    expect(totalsRowEvidence(r, KEYS)).toBeUndefined();
  });

  it('is never a row that describes a product, even with «Total» in another column or a sum in it', () => {
    const line = row([null, null, text('Flete Lima-Ica'), num(1), num(50), text('TOTAL')], { sumColumns: [4] });
    expect(totalsRowEvidence(line, KEYS, 2)).toBeUndefined();
    expect(totalsRowEvidence(row([null, null, text('TOTAL'), num(25)]), KEYS, 2)?.column).toBe(2);
  });
});

describe('a summing formula', () => {
  it.each([
    ['SUM(G2:G8)', 9, true],
    ['SUMA(G2:G8)', 9, true],
    ['of:=SUM([.G2:.G8])', 9, true],
    ['SUBTOTAL(9,$I$2:$I$40)', 41, true],
    ['SUM(C5:E5)', 5, false], // across its own row: a line's own amount
    ['SUM(G2:G20)', 9, false], // reaches below the row
    ['C5*D5', 5, false],
  ])('%s in row %i adds the rows above: %s', (formula, r, expected) => {
    expect(isSumOfRowsAbove(formula, r)).toBe(expected);
  });
});
