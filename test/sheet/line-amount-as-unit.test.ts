import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FacturaError, previewSheet, validateSheet } from '../../src/index.js';
import { limaToday } from '../../src/invoice/lima-today.js';
import type { LineRecord } from '../../src/invoice/line-record.js';
import type { ColumnMapping } from '../../src/sheet/column-mapping.js';
import { readLineRecords } from '../../src/sheet/read-line-records.js';
import { allOf } from '../helpers/batches.js';
import { tempDir } from '../helpers/temp-dir.js';
import { rowsFromArrays } from './mapping/rows-from-arrays.js';

/** A services firm's register: one line per invoice, its amount, no quantity and no unit value. */
const register = (amountHeader: string): string[][] => [
  ['Fecha', 'Serie', 'Número', 'RUC', 'Razón social', 'Concepto', amountHeader],
  ['20/11/2026', 'F001', '101', '20100047218', 'Banco de Crédito del Perú', 'Asesoría contable de noviembre', '1180.00'],
  ['20/11/2026', 'F001', '102', '20601030013', 'Distribuidora Norte S.A.C.', 'Auditoría', '590.00'],
];

async function read(rows: readonly (readonly string[])[], options: { pricesWithIgv?: boolean; mapping?: ColumnMapping } = {}) {
  // The refusals asserted here are the command line's words (remedies.ts).
  const sheet = await readLineRecords(rowsFromArrays(rows), { ...options, wording: 'command-line' });
  const records: LineRecord[] = await allOf(sheet.records);
  return { records, sheet, notes: sheet.notes.map((n) => `${n.code} ${n.value ?? ''}`) };
}

const refusal = async (promise: Promise<unknown>): Promise<string> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FacturaError);
  return (error as FacturaError).text.es;
};

describe('a register of line amounts without a quantity', () => {
  it('reads each line as one unit of its «Valor venta», the unit value without IGV, and says so once', async () => {
    const { records, sheet, notes } = await read(register('Valor venta'));
    expect(records.map((r) => [r.values.cantidad, r.values.valorVentaUnitario])).toEqual([
      ['1', '1180'],
      ['1', '590'],
    ]);
    expect(sheet.header.unitQuantity).toBe(true);
    expect(notes).toEqual(['LINE_AMOUNT_AS_UNIT_VALUE Valor venta']);
    expect(sheet.notes[0]?.message.es).toBe(
      'La hoja no tiene columna de cantidad: cada línea se lee como 1 unidad, y «Valor venta» (G) como su valor sin IGV. Si alguna línea es de varias unidades, agregue las columnas «Cantidad» y «Valor unitario».',
    );
  });

  it('reads a «Total» or an «Importe» so only when the run reads prices with IGV; otherwise refuses, saying how to read it', async () => {
    for (const header of ['Total', 'Importe']) {
      const { records, notes } = await read(register(header), { pricesWithIgv: true });
      expect(
        records.map((r) => [r.values.cantidad, r.values.valorVentaUnitario]),
        header,
      ).toEqual([
        ['1', '1180'],
        ['1', '590'],
      ]);
      expect(notes, header).toEqual([`LINE_AMOUNT_AS_UNIT_VALUE ${header}`]);
    }
    expect(await refusal(read(register('Total')))).toContain(
      'la columna «Total» (G) trae el total con IGV de cada línea. Si cada línea es una unidad (un servicio, por ejemplo), ejecute con --tipo-registro PRECIOS_CON_IGV',
    );
    expect(await refusal(read(register('Importe')))).toContain(
      'si el importe incluye el IGV, ejecute con --tipo-registro PRECIOS_CON_IGV; si no lo incluye, llame a esa columna «Valor venta»',
    );
  });

  it('takes the user’s word: an «Importe» mapped as the unit value is one unit of it; a «Total» so mapped without IGV is refused', async () => {
    const { records } = await read(register('Importe'), { mapping: { valorVentaUnitario: 'Importe' } });
    expect(records.map((r) => r.values.cantidad)).toEqual(['1', '1']);
    expect(await refusal(read(register('Total'), { mapping: { valorVentaUnitario: 'Total' } }))).toContain('cada factura saldría 18 % más alta');
  });

  it('holds an invoice of several rows: its amount may be the whole invoice’s repeated on each row', async () => {
    const rows = [
      ['Fecha', 'Serie', 'Número', 'RUC', 'Razón social', 'Concepto', 'Total factura'],
      ['20/11/2026', 'F001', '101', '20100047218', 'Banco de Crédito del Perú', 'Asesoría contable', '1180.00'],
      ['', '', '', '', '', 'Auditoría', '1180.00'],
      ['20/11/2026', 'F001', '102', '20601030013', 'Distribuidora Norte S.A.C.', 'Auditoría', '590.00'],
      ['20/11/2026', 'F001', '102', '20601030013', 'Distribuidora Norte S.A.C.', 'Auditoría', '590.00'],
    ];
    const { records } = await read(rows, { pricesWithIgv: true });
    expect(records.map((r) => r.problems.map((p) => `${p.code} ${p.row ?? ''} ${p.value ?? ''}`))).toEqual([
      [],
      ['ONE_UNIT_SEVERAL_LINES 3 F001-101'],
      [],
      ['ONE_UNIT_SEVERAL_LINES 5 F001-102'],
    ]);
    expect(records[1]?.problems[0]?.message.es).toContain(
      'no se sabe si «Total factura» es el importe de cada línea o el de toda la factura repetido en cada fila',
    );
  });

  it('asks for the quantity, never takes it as 1, when an unread column may be one («Cantidad facturada»)', async () => {
    const rows = register('Valor venta').map((r, i) => [...r, i === 0 ? 'Cantidad facturada' : '10']);
    expect(await refusal(read(rows))).toContain('«Cantidad facturada» (H)');
  });

  it('leaves a sheet with a quantity column, or a unit price without one, refused as it was', async () => {
    const withQuantity = register('Valor venta').map((r, i) => [...r, i === 0 ? 'Cantidad' : '2']);
    expect(await refusal(read(withQuantity))).toContain('la columna «Valor venta» (G) trae el importe de la línea, no el valor de una unidad');
    expect(await refusal(read(register('Precio unitario')))).toContain('- cantidad (Cantidad)');
  });
});

describe('a register of line amounts through a whole check', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  beforeEach(async () => {
    dir = await tempDir('line-amount-');
  });
  afterEach(async () => dir.cleanup());

  it('comes to the register’s amounts: with IGV, each total is the line’s; without, each base is', async () => {
    const fecha = limaToday(Date.now());
    const path = join(dir.path, 'servicios.csv');
    const write = (header: string) =>
      writeFile(
        path,
        register(header)
          .map((r) => r.map((c) => (c === '20/11/2026' ? fecha : c)).join(';'))
          .join('\r\n'),
      );
    await write('Importe');
    const withIgv = await validateSheet(path, {
      writeFiles: false,
      tipoRegistro: 'PRECIOS_CON_IGV',
      emisor: { ruc: '20100070970', nombreLegal: 'Estudio Contable S.A.C.' },
    });
    expect(withIgv.byStatus).toMatchObject({ VALID: 2 });
    expect(withIgv.totals).toEqual([expect.objectContaining({ moneda: 'PEN', base: '1500.00', igv: '270.00', total: '1770.00' })]);
    await write('Valor venta');
    const without = await validateSheet(path, { writeFiles: false, emisor: { ruc: '20100070970', nombreLegal: 'Estudio Contable S.A.C.' } });
    expect(without.totals).toEqual([expect.objectContaining({ base: '1770.00', igv: '318.60', total: '2088.60' })]);
    // The workspace asks for no quantity: the columns step is passed over.
    const preview = await previewSheet(path);
    expect(preview.missing).toEqual([]);
    expect(preview.columns.find((c) => c.header === 'Valor venta')).toMatchObject({ column: 'valorVentaUnitario', lineAmount: 'base' });
  });

  it('reads a register’s «Base imponible gravada» so too, and the columns step proposes it when another column is to choose', async () => {
    const fecha = limaToday(Date.now());
    const path = join(dir.path, 'registro.csv');
    const rows = register('Base imponible gravada').map((r) => r.map((c) => (c === '20/11/2026' ? fecha : c)));
    await writeFile(path, rows.map((r) => r.join(';')).join('\r\n'));
    const result = await validateSheet(path, { writeFiles: false, emisor: { ruc: '20100070970', nombreLegal: 'Estudio Contable S.A.C.' } });
    expect(result.byStatus).toMatchObject({ VALID: 2 });
    expect(result.totals).toEqual([expect.objectContaining({ base: '1770.00', igv: '318.60', total: '2088.60' })]);
    // The customer's RUC headed as no alias says: the step asks for it alone, the base already the unit value of one unit.
    await writeFile(path, rows.map((r) => r.map((c) => (c === 'RUC' ? 'Identificador' : c)).join(';')).join('\r\n'));
    const preview = await previewSheet(path);
    expect(preview.header).toBeUndefined();
    expect(preview.missing).toEqual(['receptorNumeroDocumento']);
    expect(preview.columns.find((c) => c.header === 'Base imponible gravada')).toMatchObject({ column: 'valorVentaUnitario', lineAmount: 'base' });
  });
});
