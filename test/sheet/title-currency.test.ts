import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateSheet } from '../../src/index.js';
import type { ImportEvent } from '../../src/index.js';
import { titleCurrency } from '../../src/sheet/title-currency.js';
import { tempDir } from '../helpers/temp-dir.js';

let dir: { path: string; cleanup: () => Promise<void> };
beforeAll(async () => {
  dir = await tempDir('title-currency-');
});
afterAll(async () => {
  await dir.cleanup();
});

const title = (text: string): ReturnType<typeof titleCurrency> => titleCurrency([{ row: 2, cells: [null, { kind: 'text', text }] }]);

/** A register as an office heads it: the company, a title naming the currency, a blank row, then the header and two invoices. */
async function register(name: string, titleText: string, withMoneda: boolean): Promise<string> {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Lima' });
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Registro');
  ws.addRow(['COMERCIAL DEL PACÍFICO S.A.C.']);
  ws.addRow([titleText]);
  ws.addRow([]);
  ws.addRow(['Serie', 'Número', 'Fecha', 'RUC cliente', 'Cliente', 'Descripción', 'Cantidad', 'Valor unitario', ...(withMoneda ? ['Moneda'] : [])]);
  for (const [n, item] of [
    [1, 'Arroz'],
    [1, 'Azúcar'],
    [2, 'Fideos'],
  ] as const) {
    ws.addRow(['F001', n, today, '20512333797', 'Comercial Andina S.A.C.', item, 2, 18.5, ...(withMoneda ? ['USD'] : [])]);
  }
  const path = join(dir.path, name);
  await wb.xlsx.writeFile(path);
  return path;
}

async function check(path: string): Promise<{ byStatus: Record<string, number>; problems: { row?: number; column?: string; code: string; es: string }[] }> {
  const problems: { row?: number; column?: string; code: string; es: string }[] = [];
  const summary = await validateSheet(path, {
    writeFiles: false,
    onEvent: (e: ImportEvent) => {
      if (e.type === 'problem') problems.push({ ...e.problem, es: e.problem.message.es });
    },
  });
  return { byStatus: summary.byStatus, problems };
}

describe('the currency a title block names, on a sheet without a moneda column', () => {
  it('is read from a phrase that introduces it, never from a word alone', () => {
    expect(title('REGISTRO DE VENTAS - NOVIEMBRE 2026 - EN DÓLARES')).toEqual({
      currency: 'USD',
      shown: 'REGISTRO DE VENTAS - NOVIEMBRE 2026 - EN DÓLARES',
      row: 2,
    });
    expect(title('Moneda: US$')?.currency).toBe('USD');
    expect(title('Expresado en nuevos soles')?.currency).toBe('PEN');
    expect(title('Importes en S/.')?.currency).toBe('PEN');
    expect(title('Soles del Sur S.A.C.')).toBeUndefined();
    expect(title('Ventas de noviembre')).toBeUndefined();
    expect(
      titleCurrency([
        { row: 1, cells: [{ kind: 'text', text: 'En soles' }] },
        { row: 2, cells: [{ kind: 'text', text: 'En dólares' }] },
      ]),
    ).toBeUndefined();
  });

  it('holds every invoice that would go out in soles under a title in dollars, once per invoice', async () => {
    const { byStatus, problems } = await check(await register('dolares.xlsx', 'REGISTRO DE VENTAS - EN DÓLARES AMERICANOS', false));
    expect(byStatus.INVALID).toBe(2);
    const held = problems.filter((p) => p.code === 'TITLE_CURRENCY_MISMATCH');
    expect(held.map((p) => [p.row, p.column])).toEqual([
      [5, undefined],
      [7, undefined],
    ]);
    expect(held[0]?.es).toBe(
      'El título de la hoja (fila 2: «REGISTRO DE VENTAS - EN DÓLARES AMERICANOS») dice que los importes están en dólares (USD), pero la hoja no tiene columna de moneda y la factura F001-1 saldría en soles (PEN). Agregue una columna «Moneda» con la moneda de cada factura.',
    );
  });

  it('lets a title in soles pass, and leaves a sheet with a moneda column to that column', async () => {
    expect((await check(await register('soles.xlsx', 'Registro de ventas expresado en soles', false))).byStatus.VALID).toBe(2);
    const withColumn = await check(await register('columna.xlsx', 'REGISTRO DE VENTAS - EN SOLES', true));
    expect(withColumn.byStatus.VALID).toBe(2);
    expect(withColumn.problems.filter((p) => p.code === 'TITLE_CURRENCY_MISMATCH')).toEqual([]);
  });
});
