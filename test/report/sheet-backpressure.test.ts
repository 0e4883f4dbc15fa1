import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Worksheet } from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pendingSheetBytes, waitForSheetDrain } from '../../src/report/sheet-backpressure.js';
import { tempDir } from '../helpers/temp-dir.js';

const HIGH_WATER = 256 * 1024;

function addRow(sheet: Worksheet, i: number): void {
  sheet
    .addRow([
      'F001',
      i,
      `${i}-${i + 1}`,
      'RUC',
      '20123456786',
      `Cliente número ${i} S.A.C.`,
      'PEN',
      100,
      18,
      118,
      'ACEPTADO',
      `7c1d2e3f-aaaa-bbbb-cccc-${String(i).padStart(12, '0')}`,
    ])
    .commit();
}

describe('sheet backpressure', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  let workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  let sheet: Worksheet;
  beforeEach(async () => {
    dir = await tempDir('backpressure-');
    const stream = createWriteStream(`${dir.path}/out.xlsx`);
    await once(stream, 'open');
    workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
    sheet = workbook.addWorksheet('Comprobantes');
  });
  afterEach(() => dir.cleanup());

  it('finds the queue of the sheet’s zip entry in this exceljs (without it the writer cannot be bounded)', async () => {
    addRow(sheet, 1);
    expect(pendingSheetBytes(sheet)).toBeTypeOf('number');
    sheet.commit();
    await workbook.commit();
  });

  it('shows that rows committed in a loop pile up uncompressed when nobody waits', async () => {
    for (let i = 1; i <= 2_000; i++) addRow(sheet, i);
    expect(pendingSheetBytes(sheet)).toBeGreaterThan(HIGH_WATER);
    sheet.commit();
    await workbook.commit();
  });

  it('keeps the XML waiting for compression under the high-water mark however fast rows come', async () => {
    let highest = 0;
    for (let i = 1; i <= 6_000; i++) {
      addRow(sheet, i);
      if (i % 64 === 0) {
        await waitForSheetDrain(sheet, { highWater: HIGH_WATER });
        highest = Math.max(highest, pendingSheetBytes(sheet) ?? Infinity);
      }
    }
    expect(highest).toBeLessThanOrEqual(HIGH_WATER);
    sheet.commit();
    await workbook.commit();
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(`${dir.path}/out.xlsx`);
    expect(book.getWorksheet('Comprobantes')?.rowCount).toBe(6_000);
  });

  it('stops waiting when the output has failed (aborted), instead of hanging on a drain that never comes', async () => {
    for (let i = 1; i <= 2_000; i++) addRow(sheet, i);
    const failed = new AbortController();
    failed.abort(new Error('disk full'));
    await expect(waitForSheetDrain(sheet, { highWater: HIGH_WATER, signal: failed.signal })).rejects.toThrow('disk full');
    sheet.commit();
    await workbook.commit();
  });
});
