import { describe, expect, it } from 'vitest';
import type { Problem } from '../../../src/invoice/problem.js';
import { localized } from '../../../src/i18n/localized-text.js';
import { packRows, unpackRows } from '../../../src/sheet/packed-rows.js';
import type { SourceRow } from '../../../src/sheet/source-row.js';

const ragged: Problem = { severity: 'warning', code: 'RAGGED_ROW', row: 4, value: '2', message: localized('La fila 4 tiene 2 celdas', 'Row 4 has 2 cells') };

describe('packRows / unpackRows', () => {
  it('gives back every row as it was: each kind of cell, blanks, empty rows, and the rows that carry problems, a hidden mark or sums', () => {
    const rows: SourceRow[] = [
      { row: 1, cells: [{ kind: 'text', text: 'serie' }, null, { kind: 'text', text: 'Ñandú "Sol", S.A.C.' }] },
      {
        row: 3,
        cells: [
          { kind: 'number', value: 118.5 },
          { kind: 'number', value: 0.1 + 0.2, numFmt: '0.00' },
          { kind: 'date', iso: '2026-11-20T00:00:00' },
          { kind: 'boolean', value: false },
          { kind: 'error', error: '#N/A' },
          { kind: 'error', error: 'NO_CACHED_RESULT', formula: 'A1*2' },
          null,
        ],
        hidden: true,
      },
      {
        row: 4,
        cells: [
          { kind: 'text', text: 'F001' },
          { kind: 'text', text: '' },
        ],
        problems: [ragged],
      },
      { row: 5, cells: [] },
      { row: 9, cells: [null, { kind: 'number', value: 236 }], sumColumns: [1] },
    ];
    const packed = packRows(rows);
    // What crosses to the main thread is one flat array of bare strings and cell objects, not the rows' objects.
    expect(packed.cells).toHaveLength(14);
    expect(packed.cells[0]).toBe('serie');
    expect(packed.marks.map((m) => m.at)).toEqual([1, 2, 4]);
    expect(unpackRows(structuredClone(packed))).toEqual(rows);
  });

  it('sends a text equal to the one above it once: the repeat crosses as nothing and arrives as the same text', () => {
    const text = (t: string): { kind: 'text'; text: string } => ({ kind: 'text', text: t });
    const rows: SourceRow[] = [
      { row: 2, cells: [text('F001'), text('7'), text('Ferretería Amazonía S.A.A.'), text('18')] },
      // An invoice's second line: its key and customer repeat, the quantity does not.
      { row: 3, cells: [text('F001'), text('7'), text('Ferretería Amazonía S.A.A.'), text('2')] },
      // Under a number, a blank and a cell the row above does not have, the same text crosses again.
      { row: 4, cells: [{ kind: 'number', value: 7 }, null, text('Ferretería Amazonía S.A.A.'), text('2'), text('x')] },
      { row: 5, cells: [text('7'), text('7'), text('Ferretería Amazonía S.A.A.'), text('2'), text('x')] },
    ];
    const packed = packRows(rows);
    expect(packed.cells).toEqual([
      ...['F001', '7', 'Ferretería Amazonía S.A.A.', '18'],
      ...[undefined, undefined, undefined, '2'],
      ...[{ kind: 'number', value: 7 }, null, undefined, undefined, 'x'],
      ...['7', '7', undefined, undefined, undefined],
    ]);
    const back = unpackRows(structuredClone(packed));
    expect(back).toEqual(rows);
    // The cells are their own objects (a cell changed later changes one row only); the repeated text is one string.
    expect(back[1]?.cells[2]).not.toBe(back[0]?.cells[2]);
  });

  it('packs an empty batch as nothing', () => {
    expect(unpackRows(packRows([]))).toEqual([]);
  });
});
