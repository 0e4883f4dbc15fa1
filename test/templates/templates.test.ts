import { spawn } from 'node:child_process';
import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_EXAMPLE_SHEET, TEMPLATE_EXAMPLES, writeTemplates } from '../../scripts/make-templates.js';
import { packageRoot } from '../../src/cli/commands/template-command.js';
import { main } from '../../src/cli/main.js';
import { FacturaError } from '../../src/factura-error.js';
import { COLUMN_NAMES } from '../../src/invoice/canonical-columns.js';
import type { LineRecord } from '../../src/invoice/line-record.js';
import { openRowSource } from '../../src/sheet/open-row-source.js';
import { readLineRecords } from '../../src/sheet/read-line-records.js';
import { collect, PROJECT_ROOT } from '../helpers/cli-process.js';
import { tempDir } from '../helpers/temp-dir.js';
import { textSink } from '../helpers/text-sink.js';

const COMMITTED = join(PROJECT_ROOT, 'templates');

/** Every sheet's name, visibility and cell values, plus the data validations of the first data row. */
async function workbookValues(path: string): Promise<unknown> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  return wb.worksheets.map((ws) => {
    const rows: unknown[] = [];
    ws.eachRow((row, n) => rows.push([n, row.values]));
    const validations = COLUMN_NAMES.map((_, i) => ws.getCell(2, i + 1).dataValidation ?? null);
    return { name: ws.name, state: ws.state, rows, validations };
  });
}

async function records(path: string, sheetName?: string): Promise<{ notes: string[]; values: LineRecord['values'][]; problems: string[] }> {
  const sheet = await readLineRecords(await openRowSource(path, sheetName !== undefined ? { sheet: sheetName } : {}));
  const out: LineRecord[] = [];
  for await (const batch of sheet.records) out.push(...batch);
  return { notes: sheet.notes.map((n) => n.code), values: out.map((r) => r.values), problems: out.flatMap((r) => r.problems.map((p) => p.code)) };
}

let dir: { path: string; cleanup: () => Promise<void> };
let fresh: { xlsx: string; csv: string };
beforeAll(async () => {
  dir = await tempDir('templates-');
  fresh = await writeTemplates(join(dir.path, 'generated'));
});
afterAll(async () => dir.cleanup());

describe('the committed templates', () => {
  it('match what the script generates from the column definition (cell values, sheets, drop-downs)', async () => {
    expect(await workbookValues(join(COMMITTED, 'factura-import.xlsx'))).toEqual(await workbookValues(fresh.xlsx));
    expect(await readFile(join(COMMITTED, 'factura-import.csv'), 'utf8')).toBe(await readFile(fresh.csv, 'utf8'));
  });

  it('have the canonical names as the header row, an Instrucciones sheet for every column and hidden lists', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(join(COMMITTED, 'factura-import.xlsx'));
    expect(wb.worksheets.map((ws) => [ws.name, ws.state])).toEqual([
      ['Facturas', 'visible'],
      ['Instrucciones', 'visible'],
      ['Ejemplo', 'visible'],
      ['Listas', 'hidden'],
    ]);
    const data = wb.getWorksheet('Facturas');
    expect(COLUMN_NAMES.map((_, i) => data?.getCell(1, i + 1).value)).toEqual([...COLUMN_NAMES]);
    const help = wb.getWorksheet('Instrucciones');
    expect(COLUMN_NAMES.map((_, i) => help?.getCell(i + 2, 1).value)).toEqual([...COLUMN_NAMES]);
    expect(help?.getRow(26).values).toEqual([undefined, 'valorVentaUnitario', 'Valor unitario', 'Sí', '', '', '18.5', expect.stringContaining('sin IGV')]);
    const moneda = COLUMN_NAMES.indexOf('moneda') + 1;
    expect(data?.getCell(500, moneda).dataValidation).toMatchObject({ type: 'list', formulae: ['Listas!$A$2:$A$3'] });
    const csv = await readFile(join(COMMITTED, 'factura-import.csv'));
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  // A blank template sends nothing: a user who types the month's sales into it issues only those.
  it.each(['xlsx', 'csv'])('read (%s) to no line at all: the header is found, and the sheet refused as having no invoice rows', async (format) => {
    const refused = await records(join(COMMITTED, `factura-import.${format}`)).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(FacturaError);
    expect((refused as FacturaError).text.es).toContain('tiene fila de encabezados (fila 1) pero ninguna fila de facturas');
  });

  it('keep the example invoices on a sheet of their own, read only when asked for by name', async () => {
    const read = await records(join(COMMITTED, 'factura-import.xlsx'), TEMPLATE_EXAMPLE_SHEET);
    expect(read.problems).toEqual([]);
    expect(read.notes).toEqual([]);
    expect(read.values).toEqual(TEMPLATE_EXAMPLES);
  });
});


async function run(argv: string[], cwd: string): Promise<{ code: number; out: string; err: string }> {
  const out = textSink();
  const err = textSink();
  const code = await main(argv, { stdout: out.stream, stderr: err.stream, env: {}, cwd });
  return { code, out: out.text(), err: err.text() };
}

describe('factura-import template', () => {
  it('copies the XLSX template into the current folder and says where', async () => {
    const cwd = join(dir.path, 'a');
    await mkdir(cwd, { recursive: true });
    const r = await run(['template', '-o', 'plantilla.xlsx'], cwd);
    expect(r.code).toBe(0);
    expect(r.out).toBe(`Plantilla XLSX escrita en ${join(cwd, 'plantilla.xlsx')}\n`);
    expect(await readFile(join(cwd, 'plantilla.xlsx'))).toEqual(await readFile(join(COMMITTED, 'factura-import.xlsx')));
  });

  it('refuses to overwrite an existing file unless --force', async () => {
    const cwd = join(dir.path, 'a');
    await writeFile(join(cwd, 'mio.csv'), 'mis datos');
    const refused = await run(['template', '--format', 'csv', '-o', 'mio.csv'], cwd);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('ya existe; no se sobrescribe. Use --force');
    expect(await readFile(join(cwd, 'mio.csv'), 'utf8')).toBe('mis datos');
    const forced = await run(['template', '-o', 'mio.csv', '--force', '--lang', 'en'], cwd);
    expect(forced.code).toBe(0);
    expect(forced.out).toContain('CSV template written to');
    expect(await readFile(join(cwd, 'mio.csv'), 'utf8')).toBe(await readFile(join(COMMITTED, 'factura-import.csv'), 'utf8'));
  });

  it('refuses a --format that contradicts the file name', async () => {
    const r = await run(['template', '--format', 'xlsx', '-o', 'x.csv'], join(dir.path, 'a'));
    expect(r.code).toBe(2);
    await expect(access(join(dir.path, 'a', 'x.csv'))).rejects.toThrow();
  });

  it('resolves the package root from the built dist/ folder as from src/', async () => {
    expect(await packageRoot(join(PROJECT_ROOT, 'dist', 'cli', 'commands', 'template-command.js'))).toBe(PROJECT_ROOT.replace(/\/$/, ''));
    expect(await packageRoot(join(PROJECT_ROOT, 'src', 'cli', 'commands', 'template-command.ts'))).toBe(PROJECT_ROOT.replace(/\/$/, ''));
  });

  it('finds the templates from a real process started in another folder', async () => {
    const cwd = join(dir.path, 'b');
    await mkdir(cwd, { recursive: true });
    // runCli starts src/cli/bin.ts relative to its cwd; here the process must start elsewhere.
    const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), join(PROJECT_ROOT, 'src/cli/bin.ts'), 'template', '--format', 'csv', '-o', 'nueva.csv'], {
      cwd,
      env: { ...process.env, NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const r = await collect(child, 60_000);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(await readFile(join(cwd, 'nueva.csv'), 'utf8')).toBe(await readFile(join(COMMITTED, 'factura-import.csv'), 'utf8'));
  });
});
