import { readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listSheets, previewSheet } from '../../src/index.js';
import { openPaths } from '../helpers/open-paths.js';
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

  it('leaves nothing open or on disk, the file or exceljs’s spools, for a workbook only listed or previewed', async () => {
    // exceljs writes its shared strings after the sheets: its streaming reader spools each sheet to
    // a temporary file first, and removes one only once that sheet was read to its end.
    const wb = new ExcelJS.Workbook();
    const ventas = wb.addWorksheet('Ventas');
    ventas.addRow(['serie', 'numero', 'fechaEmision', 'descripcion']);
    for (let n = 1; n <= 3_000; n++) ventas.addRow(['F001', n, '2026-11-23', `Producto ${n}`]);
    wb.addWorksheet('Notas').addRow(['x']);
    const path = join(dir.path, 'libro.xlsx');
    await wb.xlsx.writeFile(path);
    const spool = `tmp-${process.pid}-`;
    const spools = async (): Promise<string[]> => (await readdir(tmpdir())).filter((f) => f.startsWith(spool));
    /** The workbook and exceljs's spools (removed or not) this process has open. */
    const held = (): string[] => openPaths().filter((p) => p === path || p.includes(`/${spool}`));
    const before = await spools();
    for (let i = 0; i < 3; i++) {
      await expect(listSheets(path)).resolves.toHaveLength(2);
      // The preview reads the first rows only: the rest of the sheet is left unread.
      await expect(previewSheet(path)).resolves.toMatchObject({ sheet: 'Ventas' });
    }
    // Descriptors close just after the calls return: a bounded wait for them.
    await expect.poll(held, { timeout: 5_000, interval: 20 }).toEqual([]);
    await expect(spools()).resolves.toEqual(before);
  });

  it('gives no sheets for a CSV', async () => {
    const path = join(dir.path, 'ventas.csv');
    await writeFile(path, 'serie,numero\nF001,1\n');
    await expect(listSheets(path)).resolves.toEqual([]);
  });
});
