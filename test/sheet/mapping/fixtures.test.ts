import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoExpected, legacyExpected, spanishExpected, writeFixtures } from '../../../scripts/make-fixtures.js';
import type { LineRecord } from '../../../src/invoice/line-record.js';
import type { Problem } from '../../../src/invoice/problem.js';
import { loadMappingFile } from '../../../src/sheet/load-mapping-file.js';
import { openRowSource } from '../../../src/sheet/open-row-source.js';
import type { LineSheet, ReadLineRecordsOptions } from '../../../src/sheet/read-line-records.js';
import { readLineRecords } from '../../../src/sheet/read-line-records.js';
import { PROJECT_ROOT } from '../../helpers/cli-process.js';
import { tempDir } from '../../helpers/temp-dir.js';

const FIXTURES = join(PROJECT_ROOT, 'fixtures');

async function read(path: string, options: ReadLineRecordsOptions = {}): Promise<{ sheet: LineSheet; records: LineRecord[] }> {
  const sheet = await readLineRecords(await openRowSource(path), options);
  const records: LineRecord[] = [];
  for await (const batch of sheet.records) records.push(...batch);
  return { sheet, records };
}

const codes = (problems: readonly Problem[]): string[] => problems.map((p) => p.code);
const rowsAndValues = (records: readonly LineRecord[]): unknown[] => records.map((r) => ({ row: r.row, values: r.values }));

describe('the demo sheet', () => {
  it.each(['ventas-noviembre.xlsx', 'ventas-noviembre.csv'])('%s reads to the generated line records, with no problem', async (name) => {
    const { sheet, records } = await read(join(FIXTURES, 'demo', name));
    expect(sheet.header.row).toBe(1);
    expect(codes(sheet.notes)).toEqual([]);
    expect(records.flatMap((r) => codes(r.problems))).toEqual([]);
    expect(rowsAndValues(records)).toEqual(demoExpected());
    expect(new Set(records.map((r) => r.values.numero)).size).toBe(50);
  });

  it('holds what a person would have typed in row 2', async () => {
    const { records } = await read(join(FIXTURES, 'demo', 'ventas-noviembre.xlsx'));
    expect(records[0]).toEqual({
      row: 2,
      problems: [],
      values: {
        serie: 'F001',
        numero: '1201',
        fechaEmision: '2026-11-18',
        moneda: 'PEN',
        formaPago: 'CONTADO',
        medioPago: 'TARJETA_DEBITO',
        receptorNumeroDocumento: '20602988431',
        receptorNombreLegal: 'Restaurante El Piurano S.A.C.',
        receptorCorreo: 'elpiurano@hotmail.com',
        receptorDireccion: 'Av. Grau 1450, Piura',
        receptorUbigeo: '200101',
        codigoProducto: 'OFI-003',
        descripcion: 'Tóner para impresora láser',
        cantidad: '48',
        unidadMedida: 'UNIDAD_BIENES',
        valorVentaUnitario: '189',
        tipoAfectacion: 'GRAVADO_OPERACION_ONEROSA',
      },
    });
  });
});

describe('the Spanish Excel export (;, Windows-1252, decimal commas, title rows)', () => {
  it('reads to the generated line records: accents, 1.234,56 and DD/MM/YYYY resolved', async () => {
    const { sheet, records } = await read(join(FIXTURES, 'spanish-excel', 'ventas.csv'));
    expect(sheet.header.row).toBe(4);
    expect(sheet.header.columns.receptorNombreLegal).toEqual({ index: 5, header: 'Razón social', letter: 'F' });
    expect(sheet.header.columns.cantidad).toEqual({ index: 9, header: 'Cant.', letter: 'J' });
    expect(codes(sheet.notes)).toEqual(expect.arrayContaining(['TITLE_ROWS_SKIPPED', 'UNKNOWN_COLUMNS']));
    expect(sheet.notes.find((n) => n.code === 'UNKNOWN_COLUMNS')?.value).toBe('Vendedor zona');
    expect(records.flatMap((r) => codes(r.problems))).toEqual([]);
    expect(rowsAndValues(records)).toEqual(spanishExpected());
  });

  it('reads a thousands-dot quantity «1.000» as 1000 once the file has shown its decimal comma', async () => {
    const { records } = await read(join(FIXTURES, 'spanish-excel', 'ventas.csv'));
    expect(records[1]).toMatchObject({
      row: 6,
      values: { numero: '432', fechaEmision: '2026-11-03', cantidad: '1000', valorVentaUnitario: '2.9', moneda: 'Soles' },
    });
    expect(records[2]?.values).toEqual({
      serie: 'F002',
      numero: '432',
      codigoProducto: 'SAL-001',
      descripcion: 'Guantes de nitrilo talla M (caja x 100)',
      cantidad: '37',
      unidadMedida: 'Caja',
      valorVentaUnitario: '32',
    });
  });
});

describe('the legacy export with its mapping file', () => {
  it('reads to the generated line records through mapping.json', async () => {
    const mapping = await loadMappingFile(join(FIXTURES, 'legacy', 'mapping.json'));
    const { sheet, records } = await read(join(FIXTURES, 'legacy', 'export.csv'), { mapping });
    expect(sheet.header.columns.numero).toEqual({ index: 2, header: 'DOC_NRO', letter: 'C' });
    expect(sheet.header.unknown.map((c) => c.header)).toEqual(['DOC_TIPO', 'USU_REG']);
    expect(records.flatMap((r) => codes(r.problems))).toEqual([]);
    expect(rowsAndValues(records)).toEqual(legacyExpected());
    expect(records[0]?.values).toMatchObject({ numero: '871', fechaEmision: '2019-03-15', cantidad: '18', valorVentaUnitario: '5.4' });
  });

  it('finds no header row when read without the mapping file', async () => {
    await expect(read(join(FIXTURES, 'legacy', 'export.csv'))).rejects.toThrow(/No header row found/);
  });
});

describe('the fixture script', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  beforeAll(async () => {
    dir = await tempDir('fixtures-');
    await writeFixtures(dir.path);
  });
  afterAll(async () => dir.cleanup());

  it.each(['demo/ventas-noviembre.csv', 'spanish-excel/ventas.csv', 'legacy/export.csv', 'legacy/mapping.json'])(
    'regenerates %s byte for byte',
    async (file) => {
      expect(await readFile(join(dir.path, file))).toEqual(await readFile(join(FIXTURES, file)));
    },
  );

  it('regenerates the demo workbook with the same rows', async () => {
    const fresh = await read(join(dir.path, 'demo', 'ventas-noviembre.xlsx'));
    expect(rowsAndValues(fresh.records)).toEqual(demoExpected());
  });
});
