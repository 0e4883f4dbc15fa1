import ExcelJS from 'exceljs';
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localized } from '../../src/i18n/localized-text.js';
import type { InvoiceOutcome } from '../../src/invoice/invoice-outcome.js';
import { createResultsWorkbook } from '../../src/report/results-workbook.js';
import type { RunInfo } from '../../src/report/results-workbook.js';
import { createSummary } from '../../src/report/run-summary.js';
import { tempDir } from '../helpers/temp-dir.js';
import { readWithOpenpyxl, sheetNamed, values } from './read-with-openpyxl.js';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIyMDEyMzQ1Njc4NiJ9.c2lnbmF0dXJlLXZhbHVl';

const accepted: InvoiceOutcome = {
  serie: 'F001',
  numero: '101',
  rows: [5, 6, 7, 8],
  receptor: { tipo: 'RUC', numero: '20123456786', nombre: 'Comercial Andina S.A.C.' },
  moneda: 'PEN',
  totals: { base: '1000.00', igv: '180.00', total: '1180.00' },
  status: 'ACCEPTED',
  problems: [],
  answer: { httpStatus: 200, identificador: '7c1d2e3f-aaaa-bbbb-cccc-000000000101' },
  attempts: 1,
  durationMs: 432,
};
const invalid: InvoiceOutcome = {
  serie: 'F001',
  numero: '102',
  rows: [9, 12, 13],
  receptor: { numero: '20123456780', nombre: '=HYPERLINK("http://evil.example","clic")' },
  moneda: 'USD',
  status: 'INVALID',
  problems: [
    {
      severity: 'error',
      code: 'RUC_CHECK_DIGIT',
      row: 9,
      column: 'receptorNumeroDocumento',
      value: '+20123456780',
      message: localized('El RUC 20123456780 tiene un dígito verificador incorrecto.', 'RUC 20123456780 has a wrong check digit.'),
    },
    {
      severity: 'warning',
      code: 'ISSUE_DATE_OUTSIDE_SUNAT_WINDOW',
      row: 12,
      column: 'fechaEmision',
      value: '2025-01-01',
      message: localized('Fecha antigua.', 'Old date.'),
    },
  ],
  attempts: 0,
};
const rejected: InvoiceOutcome = {
  serie: 'F001',
  numero: '103',
  rows: [14],
  receptor: { tipo: 'RUC', numero: '20100070970', nombre: 'Supermercados S.A.' },
  moneda: 'PEN',
  totals: { base: '50.00', igv: '9.00', total: '59.00' },
  status: 'REJECTED',
  problems: [],
  answer: { httpStatus: 400, codigo: '2800', mensaje: `Bearer ${JWT} inválido`, detalle: '@SUM(A1:A9)' },
  attempts: 1,
  durationMs: 120,
};

const run = (dir: string): RunInfo => ({
  inputPath: `${dir}/ventas.xlsx`,
  inputSha256: 'a'.repeat(64),
  command: 'submit',
  dryRun: false,
  startedAt: new Date('2025-11-20T15:00:00Z'),
  finishedAt: new Date('2025-11-20T15:02:30Z'),
  journalPath: `${dir}/ventas.journal.jsonl`,
  issuerConfigured: false,
});

describe('results workbook', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  let path: string;
  beforeEach(async () => {
    dir = await tempDir('report-');
    path = `${dir.path}/ventas.resultados.xlsx`;
    const workbook = await createResultsWorkbook({
      path,
      secrets: ['S3cret-clave'],
      locateColumn: (c) =>
        c === 'receptorNumeroDocumento' ? { header: 'RUC cliente', letter: 'D' } : c === 'fechaEmision' ? { header: 'Fecha', letter: 'B' } : undefined,
    });
    const summary = createSummary();
    for (const o of [accepted, invalid, rejected]) {
      await workbook.addOutcome(o);
      summary.add(o);
    }
    await workbook.addFileProblems([
      { severity: 'warning', code: 'UNKNOWN_COLUMNS', column: 'Vendedor S3cret-clave', message: localized('Columna desconocida.', 'Unknown column.') },
    ]);
    await workbook.close(summary.result(), run(dir.path));
  });
  afterEach(() => dir.cleanup());

  it('puts Resumen first, then Comprobantes and Errores, as openpyxl reads it', async () => {
    const sheets = await readWithOpenpyxl(path);
    expect(sheets.map((s) => s.name)).toEqual(['Resumen', 'Comprobantes', 'Errores']);
  });

  it('writes one row per invoice with numbers as numbers in #,##0.00 and the Spanish status label', async () => {
    const sheet = sheetNamed(await readWithOpenpyxl(path), 'Comprobantes');
    expect(values(sheet, 0).slice(0, 11)).toEqual([
      'Serie',
      'Número',
      'Filas',
      'Tipo doc.',
      'Documento receptor',
      'Receptor',
      'Moneda',
      'Base',
      'IGV',
      'Total',
      'Estado',
    ]);
    expect(sheet.rows).toHaveLength(4);
    expect(values(sheet, 1)).toEqual([
      'F001',
      101,
      '5-8',
      'RUC',
      '20123456786',
      'Comercial Andina S.A.C.',
      'PEN',
      1000,
      180,
      1180,
      'ACEPTADO',
      200,
      '7c1d2e3f-aaaa-bbbb-cccc-000000000101',
      null,
      null,
      null,
      1,
      0.432,
      0,
      0,
    ]);
    const base = sheet.rows[1]?.[7];
    expect(base).toMatchObject({ t: 'n', fmt: '#,##0.00' });
    expect(sheet.rows[1]?.[4]).toMatchObject({ v: '20123456786', t: 's' });
    expect(values(sheet, 2).slice(0, 11)).toEqual([
      'F001',
      102,
      '9, 12-13',
      null,
      '20123456780',
      '=HYPERLINK("http://evil.example","clic")',
      'USD',
      null,
      null,
      null,
      'INVÁLIDO',
    ]);
  });

  it('never writes a formula: text that starts with = + - @ comes back as the literal string', async () => {
    const sheets = await readWithOpenpyxl(path);
    const cells = sheets.flatMap((s) => s.rows.flat());
    expect(cells.filter((c) => c.t === 'f')).toEqual([]);
    const comprobantes = sheetNamed(sheets, 'Comprobantes');
    expect(comprobantes.rows[2]?.[5]).toMatchObject({ v: '=HYPERLINK("http://evil.example","clic")', t: 's' });
    expect(comprobantes.rows[3]?.[15]).toMatchObject({ v: '@SUM(A1:A9)', t: 's' });
    const errores = sheetNamed(sheets, 'Errores');
    expect(errores.rows[1]?.[5]).toMatchObject({ v: '+20123456780', t: 's' });

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path);
    const cell = book.getWorksheet('Comprobantes')?.getCell('F3');
    expect(cell?.type).toBe(ExcelJS.ValueType.String);
    expect(cell?.value).toBe('=HYPERLINK("http://evil.example","clic")');
  });

  it('keeps tokens and passwords out of the file', async () => {
    const sheets = await readWithOpenpyxl(path);
    const text = JSON.stringify(sheets);
    expect(text).not.toContain(JWT);
    expect(text).not.toContain('S3cret-clave');
    expect(values(sheetNamed(sheets, 'Comprobantes'), 3)[14]).toBe('Bearer [REDACTED] inválido');
  });

  it('lists every problem with the sheet’s own header, its letter, the value read and the message', async () => {
    const sheet = sheetNamed(await readWithOpenpyxl(path), 'Errores');
    expect(values(sheet, 0)).toEqual(['Serie', 'Número', 'Fila', 'Columna', 'Letra', 'Valor leído', 'Mensaje', 'Gravedad', 'Código']);
    expect(values(sheet, 1)).toEqual([
      'F001',
      102,
      9,
      'RUC cliente',
      'D',
      '+20123456780',
      'El RUC 20123456780 tiene un dígito verificador incorrecto.',
      'Error',
      'RUC_CHECK_DIGIT',
    ]);
    expect(values(sheet, 2)).toEqual(['F001', 102, 12, 'Fecha', 'B', '2025-01-01', 'Fecha antigua.', 'Advertencia', 'ISSUE_DATE_OUTSIDE_SUNAT_WINDOW']);
    expect(values(sheet, 3)).toEqual([null, null, null, 'Vendedor [REDACTED]', null, null, 'Columna desconocida.', 'Advertencia', 'UNKNOWN_COLUMNS']);
  });

  it('freezes and filters the header row and colours the status cells', async () => {
    const sheets = await readWithOpenpyxl(path);
    const comprobantes = sheetNamed(sheets, 'Comprobantes');
    expect(comprobantes.freeze).toBe('A2');
    expect(comprobantes.autofilter).toBe('A1:X1');
    expect(sheetNamed(sheets, 'Errores')).toMatchObject({ freeze: 'A2', autofilter: 'A1:I1' });
    expect(comprobantes.rows.slice(1).map((r) => [r[10]?.v, r[10]?.fill])).toEqual([
      ['ACEPTADO', 'FFC6EFCE'],
      ['INVÁLIDO', 'FFFFC7CE'],
      ['RECHAZADO', 'FFFFC7CE'],
    ]);
  });

  it('summarises the run: file, checksum, Lima times as dates, counts by status and accepted totals by currency', async () => {
    const sheet = sheetNamed(await readWithOpenpyxl(path), 'Resumen');
    const byLabel = new Map(sheet.rows.map((r) => [r[0]?.v, r.slice(1)]));
    expect(byLabel.get('Archivo de entrada')?.[0]?.v).toBe(`${dir.path}/ventas.xlsx`);
    expect(byLabel.get('Suma de verificación (SHA-256)')?.[0]?.v).toBe('a'.repeat(64));
    expect(byLabel.get('Inicio')?.[0]).toMatchObject({ v: '2025-11-20T10:00:00', t: 'd' });
    expect(byLabel.get('Fin')?.[0]).toMatchObject({ v: '2025-11-20T10:02:30', t: 'd' });
    expect(byLabel.get('Emisor configurado')?.[0]?.v).toBe('No');
    expect(byLabel.get('Diario')?.[0]?.v).toBe(`${dir.path}/ventas.journal.jsonl`);
    expect(byLabel.get('ACEPTADO')?.[0]?.v).toBe(1);
    expect(byLabel.get('INVÁLIDO')?.[0]?.v).toBe(1);
    expect(byLabel.get('RECHAZADO')?.[0]?.v).toBe(1);
    expect(byLabel.get('Total')?.[0]?.v).toBe(3);
    expect(byLabel.get('PEN')?.map((c) => c.v)).toEqual([1, 1000, 180, 1180]);
    expect(byLabel.get('PEN')?.[1]).toMatchObject({ t: 'n', fmt: '#,##0.00' });
    expect(byLabel.has('USD')).toBe(false);
  });

  it('leaves no partial file behind and refuses an unwritable path with an OUTPUT error', async () => {
    await expect(createResultsWorkbook({ path: `${dir.path}/no-such-dir/x.xlsx` })).rejects.toMatchObject({ code: 'OUTPUT' });
    const { readdir } = await import('node:fs/promises');
    expect((await readdir(dir.path)).sort()).toEqual(['ventas.resultados.xlsx']);
  });
});

describe('results workbook checksum', () => {
  it('is taken by the results thread from the input it is given; an input gone leaves the cell blank, never the file', async () => {
    const dir = await tempDir('report-sum-');
    try {
      const input = `${dir.path}/ventas.csv`;
      const bytes = Buffer.from('serie,numero\nF001,1\n'.repeat(50_000));
      await writeFile(input, bytes);
      const { inputSha256: _given, ...info } = run(dir.path);
      const write = async (path: string, checksumOf: string): Promise<Map<unknown, { v: unknown }[]>> => {
        const workbook = await createResultsWorkbook({ path, checksumOf });
        const summary = createSummary();
        await workbook.addOutcome(accepted);
        summary.add(accepted);
        await workbook.close(summary.result(), info);
        const resumen = sheetNamed(await readWithOpenpyxl(path), 'Resumen');
        return new Map(resumen.rows.map((r) => [r[0]?.v, r.slice(1)]));
      };
      const read = await write(`${dir.path}/uno.xlsx`, input);
      expect(read.get('Suma de verificación (SHA-256)')?.[0]?.v).toBe(createHash('sha256').update(bytes).digest('hex'));
      const gone = await write(`${dir.path}/dos.xlsx`, `${dir.path}/no-existe.csv`);
      expect(gone.has('Suma de verificación (SHA-256)')).toBe(true);
      expect(gone.get('Suma de verificación (SHA-256)')?.[0]?.v ?? null).toBeNull();
      expect(gone.get('ACEPTADO')?.[0]?.v).toBe(1);
    } finally {
      await dir.cleanup();
    }
  });
});

describe('results workbook of a rerun', () => {
  it('totals the invoices skipped as accepted in an earlier run, under a heading that says so', async () => {
    const dir = await tempDir('report-');
    try {
      const path = `${dir.path}/r.xlsx`;
      const workbook = await createResultsWorkbook({ path });
      const summary = createSummary();
      const skipped: InvoiceOutcome = { ...accepted, status: 'SKIPPED', answer: {}, attempts: 0, note: 'ya aceptado en una ejecución anterior (diario)' };
      for (const o of [skipped, { ...skipped, numero: '104' }]) {
        await workbook.addOutcome(o);
        summary.add(o);
      }
      await workbook.close(summary.result(), run(dir.path));
      const sheet = sheetNamed(await readWithOpenpyxl(path), 'Resumen');
      const labels = sheet.rows.map((r) => r[0]?.v);
      expect(labels).toContain('Importes de los comprobantes aceptados (incluidos los omitidos por estar aceptados en ejecuciones anteriores)');
      expect(labels).not.toContain('(ninguno)');
      const pen = sheet.rows.find((r) => r[0]?.v === 'PEN');
      expect(pen?.slice(1, 5).map((c) => c.v)).toEqual([2, 2000, 360, 2360]);
      expect(sheet.rows.find((r) => r[0]?.v === 'OMITIDO')?.[1]?.v).toBe(2);
    } finally {
      await dir.cleanup();
    }
  });
});

describe('results workbook in English', () => {
  it('writes headers and labels in the chosen language', async () => {
    const dir = await tempDir('report-');
    try {
      const path = `${dir.path}/r.xlsx`;
      const workbook = await createResultsWorkbook({ path, lang: 'en' });
      const summary = createSummary();
      await workbook.addOutcome(accepted);
      summary.add(accepted);
      await workbook.close(summary.result(), { ...run(dir.path), dryRun: true });
      const sheets = await readWithOpenpyxl(path);
      expect(values(sheetNamed(sheets, 'Comprobantes'), 0).slice(0, 3)).toEqual(['Series', 'Number', 'Rows']);
      expect(values(sheetNamed(sheets, 'Comprobantes'), 1)[10]).toBe('ACCEPTED');
    } finally {
      await dir.cleanup();
    }
  });
});
