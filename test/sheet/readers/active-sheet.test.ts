import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLUMN_NAMES } from '../../../src/invoice/canonical-columns.js';
import { FacturaError } from '../../../src/factura-error.js';
import { activeSheet } from '../../../src/sheet/active-sheet.js';
import { openSheetJsWorkbook } from '../../../src/sheet/open-sheetjs-workbook.js';
import { readXlsxPartBudget } from '../../../src/sheet/xlsx-part-budget.js';
import { PROJECT_ROOT } from '../../helpers/cli-process.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { salesRow } from '../../helpers/write-sales-sheet.js';
import { readAll } from './read-all-rows.js';

const MONTHS = ['Setiembre', 'Octubre', 'Noviembre'];

/** An office's workbook: one tab of sales per month, saved showing tab `activeTab` (exceljs writes the workbook's view). */
async function monthTabs(path: string, activeTab: number | undefined, extra: readonly string[] = []): Promise<string> {
  const wb = new ExcelJS.Workbook();
  for (const [m, name] of MONTHS.entries()) {
    const ws = wb.addWorksheet(name);
    ws.addRow([...COLUMN_NAMES]);
    for (let i = 1; i <= 2; i++) {
      const r = salesRow(m * 10 + i);
      ws.addRow(COLUMN_NAMES.map((c) => r[c] ?? null));
    }
  }
  for (const name of extra) wb.addWorksheet(name).addRow(['Total del año', 1234.5]);
  if (activeTab !== undefined) wb.views = [{ x: 0, y: 0, width: 10000, height: 20000, firstSheet: 0, activeTab, visibility: 'visible' }];
  await wb.xlsx.writeFile(path);
  return path;
}

let dir: { path: string; cleanup: () => Promise<void> };
beforeAll(async () => {
  dir = await tempDir('active-sheet-');
});
afterAll(async () => {
  await dir.cleanup();
});

describe('a workbook of several sheets of sales, and the sheet it was saved showing', () => {
  it('stops, naming both, when it was saved showing another sheet with sales than the first', async () => {
    const path = await monthTabs(join(dir.path, 'ventas-2026.xlsx'), 2);
    const error = await readAll(path, { wording: 'command-line' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FacturaError);
    expect((error as FacturaError).text.es).toBe(
      `El libro ${path} se guardó mostrando la hoja "Noviembre", pero la primera hoja, "Setiembre", también tiene ventas. Indique cuál leer con --sheet, por ejemplo --sheet "Noviembre".`,
    );
    const chosen = await readAll(path, { sheet: 'Noviembre' });
    expect(chosen.source.sheet).toBe('Noviembre');
    expect(chosen.source.notes).toEqual([]);
    expect(chosen.rows).toHaveLength(3);
  });

  it('reads the first when it was saved showing the first, naming the sheets it does not read', async () => {
    const { source, rows } = await readAll(await monthTabs(join(dir.path, 'primera.xlsx'), 0), { wording: 'command-line' });
    expect(source.sheet).toBe('Setiembre');
    expect(rows).toHaveLength(3);
    expect(source.notes.map((n) => [n.code, n.severity, n.value])).toEqual([['OTHER_SHEETS_NOT_READ', 'warning', 'Octubre, Noviembre']]);
    expect(source.notes[0]?.message.es).toContain('Se lee la hoja "Setiembre", la primera de');
    expect(source.notes[0]?.message.es).toContain('sus otras hojas, "Octubre", "Noviembre", no se leen. Para leer otra, use --sheet.');
  });

  it('reads the first when the sheet it was saved showing has no sales (a summary)', async () => {
    const path = await monthTabs(join(dir.path, 'resumen.xlsx'), 3, ['Resumen']);
    const { source } = await readAll(path);
    expect(source.sheet).toBe('Setiembre');
    expect(source.notes.map((n) => n.value)).toEqual(['Octubre, Noviembre, Resumen']);
  });

  it('reads the first of a workbook that does not say which sheet it showed (SheetJS writes none), naming the others', async () => {
    const path = join(dir.path, 'sheetjs.xlsx');
    const wb = XLSX.utils.book_new();
    for (const [m, name] of MONTHS.entries()) {
      const r = salesRow(m + 1);
      XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([[...COLUMN_NAMES], COLUMN_NAMES.map((c) => r[c] ?? null)]), name);
    }
    await writeFile(path, XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    const { source } = await readAll(path);
    expect(source.sheet).toBe('Setiembre');
    expect(source.notes.map((n) => n.code)).toEqual(['OTHER_SHEETS_NOT_READ']);
  });

  it('SheetJS reads the sheet an XLSX was saved showing as exceljs does (its whole-workbook reading of a file exceljs cannot stream)', async () => {
    const path = await monthTabs(join(dir.path, 'para-sheetjs.xlsx'), 2);
    expect((await openSheetJsWorkbook(path, { format: 'xlsx', budget: await readXlsxPartBudget(path) })).open(undefined).activeSheet).toBe('Noviembre');
  });

  it('names none of the template’s own sheets (instructions, examples) as left unread', async () => {
    const template = new ExcelJS.Workbook();
    await template.xlsx.readFile(join(PROJECT_ROOT, 'templates', 'factura-import.xlsx'));
    const data = template.getWorksheet('Facturas');
    if (data === undefined) throw new Error('the template has no «Facturas» sheet');
    const r = salesRow(1);
    data.getRow(2).values = COLUMN_NAMES.map((c) => r[c] ?? null);
    const path = join(dir.path, 'plantilla-llena.xlsx');
    await template.xlsx.writeFile(path);
    const { source, rows } = await readAll(path);
    expect(source.sheet).toBe('Facturas');
    expect(source.notes).toEqual([]);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    // Saved while its examples were on screen: the examples are never taken for the sales.
    template.views = [
      { x: 0, y: 0, width: 10000, height: 20000, firstSheet: 0, activeTab: template.worksheets.findIndex((w) => w.name === 'Ejemplo'), visibility: 'visible' },
    ];
    await template.xlsx.writeFile(path);
    const onExamples = await readAll(path);
    expect(onExamples.source.sheet).toBe('Facturas');
    expect(onExamples.source.notes).toEqual([]);
  });

  it('takes the active tab only when it names a visible sheet', () => {
    const sheets = [
      { name: 'A', hidden: false },
      { name: 'B', hidden: true },
      { name: 'C', hidden: false },
    ];
    expect(activeSheet(sheets, 2)).toBe('C');
    expect(activeSheet(sheets, 1)).toBeUndefined();
    expect(activeSheet(sheets, 7)).toBeUndefined();
    expect(activeSheet(sheets, '2')).toBeUndefined();
    expect(activeSheet(sheets, undefined)).toBeUndefined();
  });
});
