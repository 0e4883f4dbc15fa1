import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSheetPreview, sheetChoices } from '../../src/web/sheet-preview-view.js';
import { openWorkspaceStore } from '../../src/web/workspace-store.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * The sheets a workbook offers at upload, each opened to show its first rows, within a budget of
 * time: each opening reads the workbook's shared strings again, so a workbook of many sheets over a
 * large table of strings lists the rest by name only.
 */
describe('the choice of sheet at upload', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  let path = '';
  beforeAll(async () => {
    dir = await tempDir('sheet-choices-');
    const wb = new ExcelJS.Workbook();
    for (const month of ['Octubre', 'Noviembre', 'Diciembre']) {
      const ws = wb.addWorksheet(month);
      ws.addRow(['Serie', 'Número', 'Fecha', 'RUC cliente', 'Razón social', 'Descripción', 'Cantidad', 'Valor unitario']);
      ws.addRow(['F001', 1, '20/11/2026', '20512333797', `Cliente de ${month}`, 'Arroz', 2, 10]);
    }
    path = join(dir.path, 'meses.xlsx');
    await wb.xlsx.writeFile(path);
  });
  afterAll(async () => dir.cleanup());

  it('shows every sheet’s first rows within the budget', async () => {
    const choices = await sheetChoices(path);
    expect(choices?.map((c) => [c.name, c.hasHeader, c.rows[1]?.[4], c.unread])).toEqual([
      ['Octubre', true, 'Cliente de Octubre', undefined],
      ['Noviembre', true, 'Cliente de Noviembre', undefined],
      ['Diciembre', true, 'Cliente de Diciembre', undefined],
    ]);
  });

  it('past the budget lists the other sheets by name, unread, the first always shown', async () => {
    const choices = await sheetChoices(path, 0);
    expect(choices).toEqual([
      expect.objectContaining({ name: 'Octubre', hasHeader: true }),
      { name: 'Noviembre', rows: [], hasHeader: false, unread: true },
      { name: 'Diciembre', rows: [], hasHeader: false, unread: true },
    ]);
    expect(choices?.[0]?.rows.length).toBeGreaterThan(1);
  });

  it('proposes a sheet whose header names only some sales columns when a cover comes first: the columns step asks for the rest', async () => {
    // A cover, then two months of an export whose «Doc» column (the serie) is named nothing the reader knows.
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Resumen').addRows([['Resumen de ventas'], ['Total vendido', 12_345.67]]);
    for (const month of ['Octubre', 'Noviembre']) {
      const ws = wb.addWorksheet(month);
      ws.addRow(['Doc', 'Número', 'Fecha', 'RUC cliente', 'Razón social', 'Descripción', 'Cantidad', 'Valor unitario']);
      ws.addRow(['F001', 1, '20/11/2026', '20512333797', `Cliente de ${month}`, 'Arroz', 2, 10]);
    }
    const covered = join(dir.path, 'con-portada.xlsx');
    await wb.xlsx.writeFile(covered);
    const store = openWorkspaceStore(join(dir.path, 'espacio.db'));
    try {
      const preview = await buildSheetPreview(store, { id: '00000000-0000-4000-8000-000000000001', fileName: 'con-portada.xlsx', storedPath: covered });
      expect(preview).toMatchObject({ sheet: 'Octubre', chosenSheet: 'Octubre', autoMapped: false, missing: ['serie'] });
      expect(preview.sheets?.map((c) => [c.name, c.hasHeader, c.partialHeader])).toEqual([
        ['Resumen', false, undefined],
        ['Octubre', false, true],
        ['Noviembre', false, true],
      ]);
    } finally {
      store.close();
    }
  });
});
