import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanXlsxSheetLayout } from '../../../src/sheet/scan-xlsx-sheet-layout.js';
import { readXlsxPartBudget } from '../../../src/sheet/xlsx-part-budget.js';
import { tempDir } from '../../helpers/temp-dir.js';

/** Every seventh row: some of their tags certainly fall across the boundaries of the part's inflated chunks. */
const HIDDEN = Array.from({ length: 2857 }, (_, i) => 7 * i + 5);

let dir: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  dir = await tempDir('layout-');
});
afterAll(async () => dir.cleanup());

describe('the layout scan of a worksheet part', () => {
  it('finds every hidden row, merge and the autofilter of a sheet that spans many chunks of its part', async () => {
    // 20,000 rows of text (several MB of XML: the part is inflated in many chunks, so tags and
    // the words looked for fall across chunk boundaries), accented text among them.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Ventas');
    sheet.addRow(['serie', 'numero', 'descripcion', 'cliente']);
    for (let n = 1; n < 20_000; n += 1) sheet.addRow(['F001', n, `Azúcar rubia ${n} — línea de ejemplo con ñandú`, `Comercial Andina S.A.C. ${n % 97}`]);
    for (const row of HIDDEN) sheet.getRow(row).hidden = true;
    sheet.mergeCells('A10:A12');
    sheet.mergeCells('B15000:C15003');
    sheet.autoFilter = 'A1:D1';
    const path = join(dir.path, 'capas.xlsx');
    await workbook.xlsx.writeFile(path);

    const layout = await scanXlsxSheetLayout(path, 'xl/worksheets/sheet1.xml', await readXlsxPartBudget(path));
    expect([...layout.hiddenRows].sort((a, b) => a - b)).toEqual(HIDDEN);
    expect(layout.merges).toEqual([
      { top: 10, bottom: 12, left: 0, right: 0 },
      { top: 15_000, bottom: 15_003, left: 1, right: 2 },
    ]);
    expect(layout.autoFilter).toBe(true);
  });

  it('finds nothing in a sheet without any', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Ventas');
    for (let n = 1; n <= 3000; n += 1) sheet.addRow(['F001', n, `línea ${n}`]);
    const path = join(dir.path, 'plana.xlsx');
    await workbook.xlsx.writeFile(path);
    const layout = await scanXlsxSheetLayout(path, 'xl/worksheets/sheet1.xml', await readXlsxPartBudget(path));
    expect(layout).toEqual({ hiddenRows: new Set(), merges: [], autoFilter: false });
  });
});
