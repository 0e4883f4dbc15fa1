import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateSheet } from '../../src/index.js';
import { limaToday } from '../../src/invoice/lima-today.js';
import type { LineRecord } from '../../src/invoice/line-record.js';
import { readLineRecords } from '../../src/sheet/read-line-records.js';
import { allOf } from '../helpers/batches.js';
import { tempDir } from '../helpers/temp-dir.js';
import { rowsFromArrays } from './mapping/rows-from-arrays.js';
import { registerLine, REGISTER_HEADER } from './register-rows.js';

const HEADER = [...REGISTER_HEADER, 'IGV', 'Total'];
/** A line of 10 × 18.50: IGV 33.30, total 218.30, with the sheet's own IGV and total as given. */
const line = (numero: string, igv: string | number, total: string | number, fecha = '20/11/2026'): (string | number)[] => [
  ...registerLine(numero, { fecha }),
  igv,
  total,
];

async function recordsOf(rows: readonly (readonly (string | number)[])[]): Promise<LineRecord[]> {
  return allOf((await readLineRecords(rowsFromArrays(rows))).records);
}

describe('a sheet amount cell that holds no amount', () => {
  it('is an error at its row and column, in words that say why the invoice is held and what to do', async () => {
    const [, voided] = await recordsOf([HEADER, line('1', '33.30', '218.30'), line('2', '33.30', 'ANULADO')]);
    expect(voided?.sheetAmounts).toEqual({ igv: '33.3' });
    expect(voided?.problems).toHaveLength(1);
    expect(voided?.problems[0]).toMatchObject({ severity: 'error', code: 'NOT_A_NUMBER', row: 3, column: 'Total', value: 'ANULADO' });
    expect(voided?.problems[0]?.message.es).toBe(
      'Fila 3, «Total»: «ANULADO» no es un importe. Con esta columna se comprueban los montos de la factura, y una factura que no se puede comprobar no se envía. Escriba el importe o deje la celda vacía; si la venta está anulada, quite sus filas de la hoja.',
    );
  });

  it('reads a dash as zero, with or without the currency symbol, and a symbol before a number as the number', async () => {
    const records = await recordsOf([HEADER, line('1', '-', 'S/ 218.30'), line('2', 'S/ -', '218.30'), line('3', '–', 218.3)]);
    expect(records.map((r) => r.sheetAmounts)).toEqual([
      { igv: '0', total: '218.3' },
      { igv: '0', total: '218.3' },
      { igv: '0', total: '218.3' },
    ]);
    expect(records.flatMap((r) => r.problems)).toEqual([]);
  });

  it('names the column a sheet lacks when it writes the tax treatment where the IGV goes', async () => {
    const [exonerated] = await recordsOf([HEADER, line('1', 'Exonerado', '185.00')]);
    expect(exonerated?.problems.map((p) => `${p.code} ${p.row ?? ''} ${p.column ?? ''} ${p.value ?? ''}`)).toEqual(['NOT_A_NUMBER 2 IGV Exonerado']);
    expect(exonerated?.problems[0]?.message.es).toBe(
      'Fila 2, «IGV»: la hoja dice «Exonerado» en lugar del IGV, pero no tiene una columna «Tipo de afectación», y sin ella cada línea se trata como gravada (18 %). Agregue en su hoja una columna «Tipo de afectación» con «Exonerado» en esta fila, escriba 0 en «IGV», y revise la hoja otra vez.',
    );
    // A row that names its treatment only needs the number.
    const [named] = await recordsOf([
      [...HEADER, 'Tipo de afectación'],
      [...line('1', 'Exonerado', '185.00'), 'Exonerado'],
    ]);
    expect(named?.problems[0]?.message.es).toContain('«Exonerado» no es un importe. Con esta columna se comprueban los montos de la factura');
    expect(named?.problems[0]?.message.es).toContain('Escriba el IGV de la línea (0 si no lleva IGV) o deje la celda vacía');
  });

  it('says which decimal separator the file writes when the amount uses the other one', async () => {
    const [, mixed] = await recordsOf([HEADER, line('1', '33.30', '1,218.30'), line('2', '33.30', '1.218,30')]);
    expect(mixed?.problems[0]).toMatchObject({ code: 'MIXED_DECIMAL_SEPARATOR', column: 'Total', value: '1.218,30' });
    expect(mixed?.problems[0]?.message.es).toContain('«1.218,30» no se lee como importe: este archivo escribe los decimales con punto (1,234.56).');
  });
});

describe('a register whose total column says a sale was voided', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  beforeEach(async () => {
    dir = await tempDir('sheet-amounts-');
  });
  afterEach(async () => dir.cleanup());

  it('holds that invoice back and lets the others through', async () => {
    const today = limaToday(Date.now());
    const rows = [HEADER, line('101', '33.30', '218.30', today), line('102', '-', 'ANULADO', today), line('103', 'S/ 33.30', 'S/ 218.30', today)];
    const path = join(dir.path, 'registro.csv');
    await writeFile(path, rows.map((r) => r.join(';')).join('\r\n'));
    const summary = await validateSheet(path);
    expect(summary.byStatus).toMatchObject({ VALID: 2, INVALID: 1 });
    expect(summary.firstProblems.map((p) => `${p.row ?? ''} ${p.column ?? ''}`)).toContain('3 Total');
  });
});
