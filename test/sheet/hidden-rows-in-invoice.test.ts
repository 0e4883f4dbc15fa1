import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateSheet } from '../../src/index.js';
import { COLUMN_NAMES } from '../../src/invoice/canonical-columns.js';
import { tempDir } from '../helpers/temp-dir.js';
import type { SalesRow } from '../helpers/write-sales-sheet.js';
import { salesRow } from '../helpers/write-sales-sheet.js';

let dir: { path: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  dir = await tempDir('hidden-');
});
afterEach(async () => dir.cleanup());

async function sheetWithHiddenRow(rows: readonly SalesRow[], hiddenRow: number): Promise<string> {
  const path = join(dir.path, 'ventas.xlsx');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Ventas');
  ws.addRow([...COLUMN_NAMES]);
  for (const r of rows) ws.addRow(COLUMN_NAMES.map((c) => r[c] ?? null));
  ws.getRow(hiddenRow).hidden = true;
  await wb.xlsx.writeFile(path);
  return path;
}

describe('an invoice whose rows a filter partly hid', () => {
  it('is refused even when its hidden row leaves the issuer RUC blank (it continues the invoice above)', async () => {
    const path = await sheetWithHiddenRow(
      [salesRow(1, { emisorRuc: '20512333797' }), salesRow(1, { emisorRuc: '', descripcion: 'Aceite vegetal 1 l' }), salesRow(2, { emisorRuc: '20512333797' })],
      3,
    );
    const summary = await validateSheet(path);
    expect(summary.byStatus.INVALID).toBe(1);
    expect(summary.byStatus.VALID).toBe(1);
    expect(summary.problemGroups.map((g) => g.code)).toContain('HIDDEN_ROWS_IN_INVOICE');
  });

  it('is refused under --merge-split when the hidden row lies apart from its invoice, among other invoices', async () => {
    // F001-1 is split by F001-2, and its second part (row 4) is hidden: merged, it would go out without it.
    const path = await sheetWithHiddenRow([salesRow(1), salesRow(2), salesRow(1, { descripcion: 'Aceite vegetal 1 l' }), salesRow(3)], 4);
    const summary = await validateSheet(path, { mergeSplit: true });
    expect(summary.byStatus.INVALID).toBe(1);
    expect(summary.byStatus.VALID).toBe(2);
    const group = summary.problemGroups.find((g) => g.code === 'HIDDEN_ROWS_IN_INVOICE');
    expect(group?.rows).toEqual([2]);
    expect(group?.example).toContain('F001-1');
  });

  it('is refused under --merge-split when its hidden part comes first, before the invoice shows a row', async () => {
    // Row 2 (F001-1) is hidden; F001-1's visible part comes after F001-2.
    const path = await sheetWithHiddenRow([salesRow(1, { descripcion: 'Aceite vegetal 1 l' }), salesRow(2), salesRow(1)], 2);
    const summary = await validateSheet(path, { mergeSplit: true });
    expect(summary.byStatus.INVALID).toBe(1);
    expect(summary.byStatus.VALID).toBe(1);
    expect(summary.problemGroups.find((g) => g.code === 'HIDDEN_ROWS_IN_INVOICE')?.rows).toEqual([4]);
  });

  it('leaves an invoice hidden whole out without an error, and the invoices around it valid', async () => {
    const path = await sheetWithHiddenRow([salesRow(1), salesRow(2), salesRow(3)], 3);
    const summary = await validateSheet(path);
    expect(summary.byStatus.VALID).toBe(2);
    expect(summary.byStatus.INVALID ?? 0).toBe(0);
    expect(summary.problemGroups.map((g) => g.code)).toEqual(['HIDDEN_ROWS_SKIPPED']);
  });
});
