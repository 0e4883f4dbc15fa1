import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LineRecord } from '../../../src/invoice/line-record.js';
import { openRowSource } from '../../../src/sheet/open-row-source.js';
import { readLineRecords } from '../../../src/sheet/read-line-records.js';
import { tempDir } from '../../helpers/temp-dir.js';

/**
 * A workbook as a careless spreadsheet leaves it, written by exceljs and read back through the real
 * reader: RUCs stored as numbers, a DNI and an ubigeo that lost their zeros, float noise, error cells.
 */
const HEADER = ['Serie', 'Número', 'Fecha', 'Hora', 'RUC cliente', 'Razón social', 'Ubigeo', 'Descripción', 'Cantidad', 'Precio unitario'];

let dir: { path: string; cleanup: () => Promise<void> };
let records: LineRecord[];

beforeAll(async () => {
  dir = await tempDir('cells-');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Ventas');
  ws.addRow(['Ventas de noviembre']);
  ws.addRow(HEADER);
  // row 3: a clean line, with numbers as Excel stores them
  ws.addRow(['F001', 7, new Date(Date.UTC(2026, 10, 20)), '10:30', 20512333797, 'Comercial  Andina  S.A.C. ', '150101', 'Arroz', 0.1 + 0.2, 1.1 * 3]);
  // row 4: a RUC shown in scientific notation, a DNI and an ubigeo that lost their leading zeros
  ws.addRow(['F001', 8, '31/02/2026', '25:10', 20512300000, 'Juan Pérez', 10101, 'Azúcar', 2, 3.5]);
  ws.getCell('E4').numFmt = '0.00E+00';
  // (a formula whose cached result is #N/A reaches us as NO_CACHED_RESULT: exceljs's streaming
  // reader parses the cached value as a number, see xlsx-cell.ts; either way it is an error)
  ws.addRow(['F001', 9, '20/11/2026', null, 4567890, 'Ana Quispe', null, { error: '#N/A' }, { formula: 'B5*2' }, 10]);
  ws.getCell('C3').numFmt = 'dd/mm/yyyy';
  await wb.xlsx.writeFile(join(dir.path, 'celdas.xlsx'));
  const sheet = await readLineRecords(await openRowSource(join(dir.path, 'celdas.xlsx')));
  records = [];
  for await (const batch of sheet.records) records.push(...batch);
});
afterAll(async () => dir.cleanup());

const problems = (r: LineRecord | undefined): string[] => (r?.problems ?? []).map((p) => `${p.code} ${p.row ?? ''} ${p.column ?? ''} ${p.value ?? ''}`);

describe('cells of a real workbook', () => {
  it('gives the values a person typed: date cell, number RUC, no float noise, collapsed text', () => {
    expect(records[0]).toEqual({
      row: 3,
      problems: [],
      values: {
        serie: 'F001',
        numero: '7',
        fechaEmision: '2026-11-20',
        horaEmision: '10:30:00',
        receptorNumeroDocumento: '20512333797',
        receptorNombreLegal: 'Comercial Andina S.A.C.',
        receptorUbigeo: '150101',
        descripcion: 'Arroz',
        cantidad: '0.3',
        valorVentaUnitario: '3.3',
      },
    });
  });

  it('reports impossible dates and times, a RUC in scientific notation and a lost leading zero', () => {
    expect(problems(records[1])).toEqual([
      'INVALID_DATE 4 fechaEmision 31/02/2026',
      'INVALID_TIME 4 horaEmision 25:10',
      'SCIENTIFIC_NOTATION 4 receptorNumeroDocumento 20512300000',
      'LOST_LEADING_ZERO 4 receptorUbigeo 10101',
    ]);
    // Refused, never read as a number: no value for the column.
    expect(records[1]?.values.receptorNumeroDocumento).toBeUndefined();
  });

  it('reports a DNI that lost its zero, an #N/A and a formula with no saved result, never blanks', () => {
    expect(problems(records[2])).toEqual([
      'LOST_LEADING_ZERO 5 receptorNumeroDocumento 4567890',
      'CELL_ERROR 5 descripcion #N/A',
      'FORMULA_WITHOUT_RESULT 5 cantidad =B5*2',
    ]);
    expect(records[2]?.values).toEqual({ serie: 'F001', numero: '9', fechaEmision: '2026-11-20', receptorNombreLegal: 'Ana Quispe', valorVentaUnitario: '10' });
  });
});
