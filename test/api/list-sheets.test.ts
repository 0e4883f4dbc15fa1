import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listSheets, previewSheet } from '../../src/index.js';
import { tempDir } from '../helpers/temp-dir.js';

describe('listSheets and a preview of each sheet (the choice of sheet)', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  beforeEach(async () => {
    dir = await tempDir('factura-sheets-');
  });
  afterEach(async () => {
    await dir.cleanup();
  });

  it('lists a workbook’s sheets in order with their hidden state, and previews the one asked for by its first rows', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Notas').addRow(['Ventas del año; ver hojas por mes']);
    wb.addWorksheet('Oculta', { state: 'hidden' }).addRow(['x']);
    const ventas = wb.addWorksheet('Ventas');
    ventas.addRow(['serie', 'numero', 'fechaEmision']);
    ventas.addRow([]);
    ventas.addRow(['F001', 7, '2026-11-23']);
    const path = join(dir.path, 'libro.xlsx');
    await wb.xlsx.writeFile(path);

    await expect(listSheets(path)).resolves.toEqual([
      { name: 'Notas', hidden: false },
      { name: 'Oculta', hidden: true },
      { name: 'Ventas', hidden: false },
    ]);
    const preview = await previewSheet(path, { sheet: 'Ventas' });
    expect(preview.sheet).toBe('Ventas');
    // Blank rows are left out of the first rows.
    expect(preview.firstRows).toEqual([
      { row: 1, cells: ['serie', 'numero', 'fechaEmision'] },
      { row: 3, cells: ['F001', '7', '2026-11-23'] },
    ]);
  });

  it('gives no sheets for a CSV', async () => {
    const path = join(dir.path, 'ventas.csv');
    await writeFile(path, 'serie,numero\nF001,1\n');
    await expect(listSheets(path)).resolves.toEqual([]);
  });
});
