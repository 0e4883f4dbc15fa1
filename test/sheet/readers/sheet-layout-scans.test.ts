import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FacturaError } from '../../../src/factura-error.js';
import { localized } from '../../../src/i18n/localized-text.js';
import { sheetLayoutScans } from '../../../src/sheet/sheet-layout-scans.js';
import { readXlsxPartBudget, type XlsxPartBudget } from '../../../src/sheet/xlsx-part-budget.js';
import { tempDir } from '../../helpers/temp-dir.js';

let dir: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  dir = await tempDir('layout-scans-');
});
afterAll(async () => dir.cleanup());

/** A workbook with the given sheets, row 3 of each hidden and A5:A6 merged. */
async function workbookWith(name: string, sheets: readonly string[]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  for (const title of sheets) {
    const sheet = workbook.addWorksheet(title);
    for (let n = 1; n <= 200; n += 1) sheet.addRow(['F001', n, `línea ${n}`]);
    sheet.getRow(3).hidden = true;
    sheet.mergeCells('A5:A6');
  }
  const path = join(dir.path, name);
  await workbook.xlsx.writeFile(path);
  return path;
}

describe('the layout scans of one XLSX read', () => {
  it('scans the only worksheet of a workbook as soon as the read starts, once', async () => {
    const path = await workbookWith('una-hoja.xlsx', ['Ventas']);
    const scans = sheetLayoutScans(path, await readXlsxPartBudget(path));
    await scans.settled();
    // The file is gone: the layout can only come from the scan started with the read.
    await rm(path);
    const layout = await scans.layoutOf('xl/worksheets/sheet1.xml');
    expect([...layout.hiddenRows]).toEqual([3]);
    expect(layout.merges).toEqual([{ top: 5, bottom: 6, left: 0, right: 0 }]);
    expect(scans.layoutOf('xl/worksheets/sheet1.xml')).toBe(scans.layoutOf('xl/worksheets/sheet1.xml'));
  });

  it('waits for the sheet to be chosen when the workbook has several', async () => {
    const path = await workbookWith('dos-hojas.xlsx', ['Enero', 'Febrero']);
    const scans = sheetLayoutScans(path, await readXlsxPartBudget(path));
    await scans.settled();
    const layout = await scans.layoutOf('xl/worksheets/sheet2.xml');
    expect([...layout.hiddenRows]).toEqual([3]);
    await rm(path);
    // Nothing was scanned ahead: the first sheet's scan starts now, on a file that is gone.
    await expect(scans.layoutOf('xl/worksheets/sheet1.xml')).rejects.toThrow(/ENOENT/);
    await scans.settled();
  });

  it('keeps the error of a scan that failed early for whoever asks for that layout', async () => {
    const path = await workbookWith('excedida.xlsx', ['Ventas']);
    const real = await readXlsxPartBudget(path);
    // A directory that declares 100 bytes for the sheet: its scan is stopped past them.
    const budget: XlsxPartBudget = {
      ...real,
      limitFor: () => 100,
      overrun: (name) => new FacturaError('INPUT', localized(`${name} supera lo declarado`, `${name} is over its declared size`)),
    };
    const scans = sheetLayoutScans(path, budget);
    await scans.settled();
    await expect(scans.layoutOf('xl/worksheets/sheet1.xml')).rejects.toMatchObject({ text: { es: 'xl/worksheets/sheet1.xml supera lo declarado' } });
  });
});
