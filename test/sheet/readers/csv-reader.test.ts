import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/temp-dir.js';
import { fixture, readAll, text } from './read-all-rows.js';

const t = (...values: (string | null)[]) => values.map((v) => (v === null ? null : text(v)));

describe('openRowSource on CSV files', () => {
  it('reads a UTF-8 file with quoted fields holding commas and doubled quotes', async () => {
    const { source, rows } = await readAll(fixture('csv/utf8.csv'));
    expect(source.format).toBe('csv');
    expect(source.notes).toEqual([]);
    expect(rows).toEqual([
      { row: 1, cells: t('serie', 'numero', 'cliente', 'total') },
      { row: 2, cells: t('F001', '1', 'Panadería Ñuñoa', '118.00') },
      { row: 3, cells: t('F001', '2', 'Comercial "El Sol", S.A.C.', '59.00') },
    ]);
  });

  it('drops the UTF-8 byte-order mark so the first header is clean', async () => {
    const { rows } = await readAll(fixture('csv/utf8-bom.csv'));
    expect(rows[0]?.cells[0]).toEqual(text('serie'));
    expect(rows[1]?.cells[2]).toEqual(text('Panadería Ñuñoa'));
  });

  it('reads an Excel Windows-1252 file with semicolons, CRLF, € and curly quotes, and notes the encoding', async () => {
    const { source, rows } = await readAll(fixture('csv/windows-1252-semicolon.csv'));
    expect(source.notes.map((n) => n.code)).toEqual(['ENCODING_WINDOWS_1252']);
    expect(rows).toEqual([
      { row: 1, cells: t('serie', 'numero', 'descripción', 'precio') },
      { row: 2, cells: t('F001', '1', 'Café “premium” – 1 kg', '1.234,56') },
      { row: 3, cells: t('F001', '2', 'Año €', '0,50') },
    ]);
  });

  it('decodes with the forced encoding and delimiter when told to', async () => {
    const { rows } = await readAll(fixture('csv/windows-1252-semicolon.csv'), { encoding: 'utf-8', delimiter: ';' }).catch((error: unknown) => ({
      rows: [],
      error,
    }));
    // Forcing UTF-8 on Windows-1252 bytes is refused rather than read as replacement characters.
    expect(rows).toEqual([]);
    await expect(readAll(fixture('csv/windows-1252-semicolon.csv'), { encoding: 'utf-8' })).rejects.toMatchObject({
      code: 'INPUT',
      text: { es: expect.stringContaining('windows-1252-semicolon.csv no es UTF-8 válido') as unknown },
    });
    const forced = await readAll(fixture('csv/utf8.csv'), { delimiter: ';' });
    expect(forced.rows[0]?.cells).toEqual(t('serie,numero,cliente,total'));
  });

  it('sniffs a tab delimiter even when cells hold commas and semicolons', async () => {
    const { rows } = await readAll(fixture('csv/tab.csv'));
    expect(rows.map((r) => r.cells)).toEqual([t('serie', 'numero', 'descripcion'), t('F001', '1', 'uno, dos; tres'), t('F001', '2', 'cuatro')]);
  });

  it('keeps a quoted field with embedded newlines as one row and numbers rows as records', async () => {
    const { rows } = await readAll(fixture('csv/embedded-newlines.csv'));
    expect(rows).toEqual([
      { row: 1, cells: t('serie', 'numero', 'descripcion') },
      { row: 2, cells: t('F001', '1', 'Línea uno\r\nlínea dos; con punto y coma') },
      { row: 3, cells: t('F001', '2', 'otra\nmás') },
      { row: 4, cells: t('F001', '3', 'fin') },
    ]);
  });

  it('splits records on CRLF, LF and CR mixed in one file', async () => {
    const { rows } = await readAll(fixture('csv/mixed-endings.csv'));
    expect(rows.map((r) => [r.row, ...r.cells])).toEqual([
      [1, text('serie'), text('numero')],
      [2, text('F001'), text('1')],
      [3, text('F001'), text('2')],
      [4, text('F001'), text('3')],
      [5, text('F001'), text('4')],
    ]);
  });

  it('skips blank rows (empty lines and rows of empty cells) but keeps the spreadsheet row numbers', async () => {
    const { rows } = await readAll(fixture('csv/blank-rows.csv'));
    expect(rows).toEqual([
      { row: 1, cells: t('Ventas de noviembre') },
      { row: 3, cells: t('serie', 'numero', 'total') },
      { row: 4, cells: t('F001', '1', '10') },
      { row: 7, cells: t('F001', '2', '20') },
    ]);
  });

  it('reports ragged rows as warnings with the expected and found cell counts, and keeps reading', async () => {
    const { rows } = await readAll(fixture('csv/ragged.csv'));
    expect(rows.map((r) => r.cells.length)).toEqual([3, 2, 4, 4, 3]);
    expect(rows[1]).toMatchObject({ row: 2, cells: t('F001', '1') });
    expect(rows[1]?.problems).toEqual([expect.objectContaining({ severity: 'warning', code: 'RAGGED_ROW', row: 2, value: '2' })]);
    expect(rows[1]?.problems?.[0]?.message.es).toContain('La fila 2 tiene 2 celdas; se esperaban 3');
    expect(rows[2]?.problems?.[0]?.message.en).toContain('Row 3 has 4 cells; 3 were expected');
    // A trailing empty cell (a trailing separator) loses no data: no warning.
    expect(rows[3]?.problems).toBeUndefined();
    expect(rows[4]).toEqual({ row: 5, cells: t('F001', '4', '40') });
  });

  it('names the cell that runs on into the next lines when a quote opened in it pulled them into the row', async () => {
    const dir = await tempDir('factura-csv-quote-');
    try {
      const file = join(dir.path, 'ventas.csv');
      // Row 3's description opens a quote that only the next line's address closes: rows 3 and 4 become one record.
      const lines = [
        'serie,numero,descripcion,direccion',
        'F001,1,Arroz,Lima',
        'F001,2,"Leche evaporada,Av. Sol',
        'F001,3,Azúcar,"Cercado" de Lima',
        'F001,4,Sal,Callao',
      ];
      await writeFile(file, lines.join('\n'));
      const { rows } = await readAll(file);
      expect(rows.map((r) => r.row)).toEqual([1, 2, 3, 4]);
      const [problem] = rows[2]?.problems ?? [];
      expect(problem).toMatchObject({ severity: 'warning', code: 'RAGGED_ROW', row: 3 });
      expect(problem?.message.es).toBe(
        'La fila 3 tiene 3 celdas; se esperaban 4 como en las filas anteriores. Su celda C («"Leche evaporada,Av. Sol…») sigue en las líneas siguientes del archivo: revise si en ella se abrió una comilla (") que no se cerró, o si falta o sobra un separador.',
      );
      expect(rows[3]).toEqual({ row: 4, cells: t('F001', '4', 'Sal', 'Callao') });
    } finally {
      await dir.cleanup();
    }
  });

  it('yields only the header row of a header-only file (the header check reports the missing data)', async () => {
    const { rows } = await readAll(fixture('csv/header-only.csv'));
    expect(rows).toEqual([{ row: 1, cells: t('serie', 'numero', 'total') }]);
  });
});
