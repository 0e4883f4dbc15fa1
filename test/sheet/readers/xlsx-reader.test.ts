import { describe, expect, it } from 'vitest';
import type { Cell } from '../../../src/sheet/source-row.js';
import { fixture, readAll, text } from './read-all-rows.js';

const date = (iso: string): Cell => ({ kind: 'date', iso });
const num = (value: number, numFmt?: string): Cell => (numFmt === undefined ? { kind: 'number', value } : { kind: 'number', value, numFmt });
const err = (error: string, formula?: string): Cell => (formula === undefined ? { kind: 'error', error } : { kind: 'error', error, formula });
const bool = (value: boolean): Cell => ({ kind: 'boolean', value });
const header = ['fecha', 'ruc', 'descripcion', 'precio', 'total', 'pagado', 'nota'].map(text);

describe('openRowSource on XLSX files written by openpyxl', () => {
  for (const system of ['1900', '1904']) {
    it(`reads dates of the ${system} date system, numbers, booleans, errors and a formula openpyxl left without a result`, async () => {
      const { source, rows } = await readAll(fixture(`openpyxl/cases-${system}.xlsx`));
      expect(source).toMatchObject({ format: 'xlsx', sheet: 'Ventas', notes: [] });
      expect(rows).toEqual([
        { row: 1, cells: [text('Ventas de noviembre')] },
        { row: 2, cells: header },
        {
          row: 3,
          cells: [date('2024-11-05T00:00:00'), num(20123456789), text('Servicio de limpieza'), num(0.3, '0.00'), err('NO_CACHED_RESULT', 'D3*2'), bool(true)],
        },
        {
          row: 4,
          cells: [date('2024-11-30T13:45:10'), num(10456789012), text('Caja grande x 12'), num(1234.5), null, bool(false), err('#N/A')],
        },
        { row: 6, cells: [date('1999-12-31T00:00:00'), text('00123'), null, null, null, null, err('#REF!')] },
      ]);
    });
  }

  it('skips a hidden first sheet, notes it, and reads the first visible one', async () => {
    const { source, rows } = await readAll(fixture('openpyxl/hidden-first.xlsx'));
    expect(source.sheet).toBe('Primera');
    expect(source.notes).toEqual([expect.objectContaining({ code: 'HIDDEN_SHEETS_SKIPPED', value: 'Oculta' })]);
    expect(rows).toEqual([
      { row: 1, cells: [text('serie'), text('numero')] },
      { row: 2, cells: [text('F001'), num(1)] },
    ]);
  });

  it('reads the sheet named with the sheet option, whatever its case', async () => {
    const { source, rows } = await readAll(fixture('openpyxl/hidden-first.xlsx'), { sheet: 'segunda' });
    expect(source.sheet).toBe('Segunda');
    expect(rows[1]).toEqual({ row: 2, cells: [text('F002'), num(2)] });
  });
});

describe('openRowSource on XLSX files written by LibreOffice', () => {
  it('reads the first sheet of several when asked, and by default the only sheet with a header row, saying so (issue 13)', async () => {
    const { source, rows } = await readAll(fixture('libreoffice/cases-1900.xlsx'), { sheet: 'Notas' });
    expect(source.sheet).toBe('Notas');
    expect(rows).toEqual([{ row: 1, cells: [text('primera hoja')] }]);
    const chosen = await readAll(fixture('libreoffice/cases-1900.xlsx'));
    expect(chosen.source.sheet).toBe('Ventas');
    expect(chosen.source.notes).toEqual([expect.objectContaining({ code: 'DATA_ON_OTHER_SHEET', value: 'Ventas' })]);
    expect(chosen.source.notes[0]?.message.es).toContain('La hoja "Notas"');
  });

  it('gives cached formula results, joined rich text, hyperlink text and dates (1900 system)', async () => {
    const { rows } = await readAll(fixture('libreoffice/cases-1900.xlsx'), { sheet: 'Ventas' });
    expect(rows.map((r) => r.row)).toEqual([1, 2, 3, 5]);
    expect(rows[2]?.cells).toEqual([
      date('2024-11-05T00:00:00'),
      num(20123456789),
      text('Caja grande x 12'),
      num(0.5, '0.00'),
      num(1), // =D3*2, computed by LibreOffice
      num(1), // TRUE typed in LibreOffice is stored as the number 1
      err('NO_CACHED_RESULT', 'NA()'), // exceljs turns a cached #N/A into NaN: still an error, never blank
      num(0.3), // =0.1+0.2 as LibreOffice stored it
    ]);
    expect(rows[3]?.cells).toEqual([
      date('2024-11-30T13:45:10'),
      text('00123'),
      text('Enlace a la web'),
      err('NO_CACHED_RESULT', '1/0'),
      text('F001'), // ="F"&"001"
      num(0), // =1>2: exceljs gives a cached boolean as 0/1
      date('2024-11-06T00:00:00'), // =A3+1 in a date-formatted cell
    ]);
  });

  it('honours date1904="true", which exceljs alone reads as the 1900 system (four years off)', async () => {
    const { rows } = await readAll(fixture('libreoffice/cases-1904.xlsx'));
    expect(rows.map((r) => r.cells[0])).toEqual([
      text('Ventas de noviembre'),
      text('fecha'),
      date('2024-11-05T00:00:00'),
      date('2024-11-30T13:45:10'),
      date('1999-12-31T00:00:00'),
    ]);
    expect(rows[2]?.cells[4]).toEqual(num(0.6)); // the formula openpyxl left empty, computed by LibreOffice
  });
});

describe('openRowSource on XLSX files written by exceljs', () => {
  for (const system of ['1900', '1904']) {
    it(`reads every cell kind (${system} date system), skipping the hidden sheet and the blank rows`, async () => {
      const { source, rows } = await readAll(fixture(`exceljs/cases-${system}.xlsx`));
      expect(source.sheet).toBe('Ventas');
      // The sheet after it («Resumen») is named as not read.
      expect(source.notes.map((n) => n.code)).toEqual(['HIDDEN_SHEETS_SKIPPED', 'OTHER_SHEETS_NOT_READ']);
      expect(rows.map((r) => r.row)).toEqual([1, 2, 3, 5, 7]);
      expect(rows[2]?.cells).toEqual([
        date('2024-11-05T00:00:00'),
        num(20123456789),
        text('Caja grande x 12'),
        num(0.1 + 0.2, '0.00'),
        num(0.6000000000000001),
        bool(true),
        err('#N/A'),
        text('Factura F001-1'),
      ]);
      expect(rows[3]?.cells).toEqual([
        date('2024-11-30T13:45:10'),
        text('00123'),
        text('Servicio'),
        num(1234.5),
        err('NO_CACHED_RESULT', 'D5*2'),
        bool(false),
        err('#DIV/0!'),
        date('2024-12-01T13:45:10'),
      ]);
      expect(rows[4]?.cells).toEqual([text('=no es fórmula'), num(0), text('F002'), err('#REF!')]);
    });
  }

  it('reads a hidden sheet when the sheet option names it, with a note', async () => {
    const { source, rows } = await readAll(fixture('exceljs/cases-1900.xlsx'), { sheet: 'Oculta' });
    expect(source.notes.map((n) => n.code)).toEqual(['HIDDEN_SHEET_READ']);
    expect(rows).toEqual([{ row: 1, cells: [text('hoja oculta, no leer')] }]);
  });
});
