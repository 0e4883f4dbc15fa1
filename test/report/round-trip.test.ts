import { access, readFile, writeFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limaToday } from '../../src/invoice/lima-today.js';
import { FIX_NOTES_HEADER } from '../../src/sheet/fix-notes-header.js';
import { PROJECT_ROOT, runCli } from '../helpers/cli-process.js';
import type { CliRun } from '../helpers/cli-process.js';
import { tempDir } from '../helpers/temp-dir.js';

/** What `validate --json` prints (the part this test reads). */
interface RunJson {
  readonly invoices: number;
  readonly byStatus: Record<string, number>;
  readonly totals: readonly { moneda: string; invoices: number; base: string; igv: string; total: string }[];
  readonly problems: { errors: number; warnings: number };
  readonly paths: { results?: string; fixAndResend?: string };
  readonly exitCode: number;
}

type Values = Readonly<Record<string, string | number>>;

const TODAY = limaToday(Date.now());
/** One line of 10 × 18.50 with IGV: base 185.00, IGV 33.30, total 218.30. */
const GOOD_LINE: Values = {
  serie: 'F001',
  fechaEmision: TODAY,
  moneda: 'PEN',
  formaPago: 'CONTADO',
  receptorTipoDocumento: 'RUC',
  receptorNumeroDocumento: '20512333797',
  receptorNombreLegal: 'Comercial Andina S.A.C.',
  descripcion: 'Arroz extra bolsa 5 kg',
  cantidad: 10,
  unidadMedida: 'UNIDAD_BIENES',
  valorVentaUnitario: 18.5,
  tipoAfectacion: 'GRAVADO_OPERACION_ONEROSA',
};

/** Each invalid invoice: the bad cell, and the value a person would correct it to. */
const BAD: readonly { numero: number; column: string; bad: string | number | null; fixed: string | number; code: string }[] = [
  { numero: 2, column: 'receptorNumeroDocumento', bad: '20512333790', fixed: '20512333797', code: 'RUC_CHECK_DIGIT' },
  { numero: 3, column: 'valorVentaUnitario', bad: 0, fixed: 18.5, code: 'UNIT_VALUE_ZERO' },
  { numero: 4, column: 'fechaEmision', bad: '2026-02-30', fixed: TODAY, code: 'INVALID_DATE' },
  { numero: 5, column: 'descripcion', bad: null, fixed: 'Aceite vegetal botella 1 L', code: 'MISSING_VALUE' },
];
const GOOD_NUMBERS = [1, 6];

/** The canonical header, as the template a user downloads has it. */
async function canonicalHeader(): Promise<string[]> {
  const csv = await readFile(`${PROJECT_ROOT}/templates/factura-import.csv`, 'utf8');
  const first = csv.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '';
  return first.split(',');
}

function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** The sales sheet: invoices 1 and 6 valid, 2-5 each with one bad cell; row 1 is the header. */
async function writeSales(path: string, header: readonly string[]): Promise<void> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Ventas');
  sheet.addRow([...header]);
  for (let numero = 1; numero <= 6; numero++) {
    const bad = BAD.find((b) => b.numero === numero);
    const line: Record<string, string | number | null> = { ...GOOD_LINE, numero };
    if (bad !== undefined) line[bad.column] = bad.bad;
    sheet.addRow(header.map((h) => line[h] ?? null));
  }
  await book.xlsx.writeFile(path);
}

function parseRun(run: CliRun): RunJson {
  const line = run.stdout.trim().split('\n').at(-1) ?? '';
  return JSON.parse(line) as RunJson;
}

/** A sheet's rows as plain values (index 0 is row 1), trailing blanks kept as null. */
async function sheetRows(path: string, name?: string): Promise<(ExcelJS.CellValue | undefined)[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const sheet = name === undefined ? book.worksheets[0] : book.getWorksheet(name);
  if (sheet === undefined) throw new Error(`no sheet ${name ?? '(first)'} in ${path}`);
  const rows: (ExcelJS.CellValue | undefined)[][] = [];
  sheet.eachRow((row, number) => {
    rows[number - 1] = Array.from({ length: sheet.columnCount }, (_, i) => row.getCell(i + 1).value);
  });
  return rows;
}

describe('round trip: invalid invoices → validate → fix-and-resend file corrected → validate → all valid', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  let header: string[];
  let input: string;
  let first: CliRun;
  beforeAll(async () => {
    dir = await tempDir('round-trip-');
    header = await canonicalHeader();
    input = `${dir.path}/ventas.xlsx`;
    await writeSales(input, header);
    first = await runCli(['validate', input, '--json', '--quiet'], { timeoutMs: 90_000 });
  }, 120_000);
  afterAll(() => dir.cleanup());

  it('refuses the sheet (exit 1), counts 2 valid and 4 invalid, and totals only the valid ones', () => {
    expect(first.stderr).not.toMatch(/Error:|at .*\.ts:/);
    expect(first.code).toBe(1);
    const json = parseRun(first);
    expect(json).toMatchObject({ invoices: 6, exitCode: 1, problems: { errors: 4, warnings: 0 } });
    expect(json.byStatus).toMatchObject({ VALID: 2, INVALID: 4 });
    expect(json.totals).toEqual([{ moneda: 'PEN', invoices: 2, base: '370.00', igv: '66.60', total: '436.60' }]);
    expect(json.paths).toEqual({ results: `${dir.path}/ventas.resultados.xlsx`, fixAndResend: `${dir.path}/ventas.corregir.xlsx` });
  });

  it('names, in Errores, the sheet row and the sheet’s own header and letter of every bad cell', async () => {
    const rows = await sheetRows(`${dir.path}/ventas.resultados.xlsx`, 'Errores');
    expect(rows[0]).toEqual(['Serie', 'Número', 'Fila', 'Columna', 'Letra', 'Valor leído', 'Mensaje', 'Gravedad', 'Código']);
    const listed = rows.slice(1).map((r) => ({ numero: r[1], row: r[2], column: r[3], letter: r[4], code: r[8], severity: r[7] }));
    expect(listed).toEqual(
      BAD.map((b) => ({
        numero: b.numero,
        row: b.numero + 1, // header in row 1, one line per invoice
        column: header[header.indexOf(b.column)],
        letter: columnLetter(header.indexOf(b.column)),
        code: b.code,
        severity: 'Error',
      })),
    );
    expect(rows.slice(1).map((r) => r[5])).toEqual(['20512333790', '0', '2026-02-30', null]);
  });

  it('writes a fix-and-resend file with the input’s header, the 4 invalid invoices and their notes; corrected, it validates clean', async () => {
    const fixPath = `${dir.path}/ventas.corregir.xlsx`;
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(fixPath);
    const sheet = book.worksheets[0];
    if (sheet === undefined) throw new Error('fix file has no sheet');
    const fixHeader = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(fixHeader).toEqual([...header, FIX_NOTES_HEADER.es]);
    expect(sheet.rowCount).toBe(1 + BAD.length);

    const col = (name: string): number => fixHeader.indexOf(name) + 1;
    const numeros: unknown[] = [];
    for (let r = 2; r <= sheet.rowCount; r++) {
      const row = sheet.getRow(r);
      const bad = BAD.find((b) => b.numero === row.getCell(col('numero')).value);
      if (bad === undefined) throw new Error(`unexpected row ${r} in the fix file`);
      numeros.push(bad.numero);
      expect(row.getCell(col(FIX_NOTES_HEADER.es)).value).toEqual(expect.stringContaining(`${bad.column}:`));
      row.getCell(col(bad.column)).value = bad.fixed;
      row.commit();
    }
    expect(numeros).toEqual(BAD.map((b) => b.numero));
    await book.xlsx.writeFile(fixPath);

    const second = await runCli(['validate', fixPath, '--json', '--quiet'], { timeoutMs: 90_000 });
    expect(second.code).toBe(0);
    const json = parseRun(second);
    expect(json).toMatchObject({ invoices: BAD.length, exitCode: 0, problems: { errors: 0 } });
    expect(json.byStatus).toMatchObject({ VALID: BAD.length, INVALID: 0 });
    expect(json.totals).toEqual([{ moneda: 'PEN', invoices: 4, base: '740.00', igv: '133.20', total: '873.20' }]);
    expect(json.paths.fixAndResend).toBeUndefined();
    await expect(access(`${dir.path}/ventas.corregir.corregir.xlsx`)).rejects.toThrow();
    // Together the two runs account for every invoice of the sheet, each valid once.
    expect((parseRun(first).byStatus.VALID ?? 0) + json.invoices).toBe(GOOD_NUMBERS.length + BAD.length);

    const statuses = (await sheetRows(`${dir.path}/ventas.corregir.resultados.xlsx`, 'Comprobantes')).slice(1).map((r) => r[10]);
    expect(statuses).toEqual(BAD.map(() => 'VÁLIDO'));
  }, 120_000);
});

describe('round trip of a sheet whose dates are written month first', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  beforeAll(async () => {
    dir = await tempDir('round-trip-mdy-');
  });
  afterAll(async () => dir.cleanup());

  it('copies an invalid invoice’s text date to the fix file as the date it is, so the file fed back keeps 3 November', async () => {
    const input = `${dir.path}/us.csv`;
    // Two dates only month first can read (13 and 16 November) decide the order; F001-3, dated
    // 11/03/2026 (3 November), has a bad RUC and goes alone to the fix file, where nothing would tell.
    await writeFile(
      input,
      [
        'Serie,Número,Fecha,RUC cliente,Razón social,Descripción,Cantidad,Valor unitario',
        'F001,1,11/13/2026,20512333797,Comercial Andina S.A.C.,Arroz,10,18.50',
        'F001,2,11/16/2026,20512333797,Comercial Andina S.A.C.,Arroz,10,18.50',
        'F001,3,11/03/2026,20512333790,Comercial Andina S.A.C.,Arroz,10,18.50',
      ].join('\r\n'),
    );
    const first = await runCli(['validate', input, '--json', '--quiet'], { timeoutMs: 90_000 });
    expect(parseRun(first).byStatus).toMatchObject({ VALID: 2, INVALID: 1 });

    const fixPath = `${dir.path}/us.corregir.xlsx`;
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(fixPath);
    const row = book.worksheets[0]?.getRow(2);
    if (row === undefined) throw new Error('fix file has no row');
    expect(row.getCell(3).value).toEqual(new Date(Date.UTC(2026, 10, 3)));
    expect(row.getCell(3).numFmt).toBe('dd/mm/yyyy');
    row.getCell(4).value = '20512333797';
    row.commit();
    await book.xlsx.writeFile(fixPath);

    const second = await runCli(['validate', fixPath, '--json', '--quiet'], { timeoutMs: 90_000 });
    expect(parseRun(second).byStatus).toMatchObject({ VALID: 1, INVALID: 0 });
    // Its date, as SUNAT's window names it (the date is in the past).
    const errores = (await sheetRows(`${dir.path}/us.corregir.resultados.xlsx`, 'Errores')).flat().map(String);
    expect(errores.some((t) => t.includes('2026-11-03'))).toBe(true);
  }, 120_000);
});
