/**
 * Writes a deterministic sales sheet to disk, streaming (never the whole file in memory).
 *
 *   node --import tsx bench/generate-sheet.ts --format csv|xlsx|xlsx-shared --rows N|--invoices N [--seed S] [--invalid] --out FILE
 *
 * --invalid: every invoice has one systematic error (its RUC lost the leading digit).
 * - csv: UTF-8 with BOM, the template's header (templates/factura-import.csv), csv-stringify quoting.
 * - xlsx: exceljs's streaming WorkbookWriter, inline strings (useSharedStrings: false). exceljs's
 *   reader has to spool such a sheet to a temporary file before the first row (docs/architecture.md).
 * - xlsx-shared: shared strings placed BEFORE the sheet in the zip, the order in which exceljs's
 *   reader streams the sheet directly. exceljs's WorkbookWriter with useSharedStrings: true writes
 *   xl/sharedStrings.xml at commit(), after the sheet (it only knows the strings once the sheet is
 *   done), so the workbook is written that way to a temporary file and its entries are then
 *   re-packed in reader-friendly order with the system's zip/unzip (same XML, only the order moves).
 */
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { ColumnName } from '../src/invoice/canonical-columns.js';
import { SHEET_HEADER, salesRows } from './sales-rows.js';
import type { SalesRowsOptions } from './sales-rows.js';

export type SheetFormat = 'csv' | 'xlsx' | 'xlsx-shared';

export interface GenerateSheetOptions extends SalesRowsOptions {
  readonly format: SheetFormat;
  readonly path: string;
}

export interface GeneratedSheet {
  readonly path: string;
  readonly rows: number;
  readonly invoices: number;
  readonly bytes: number;
}

/** Writes the sheet and resolves with what it holds. */
export async function generateSheet(options: GenerateSheetOptions): Promise<GeneratedSheet> {
  const counts = options.format === 'csv' ? await writeCsv(options) : await writeXlsx(options, options.format === 'xlsx-shared');
  return { path: options.path, ...counts, bytes: (await stat(options.path)).size };
}

interface Counts {
  rows: number;
  invoices: number;
}

function counted(options: SalesRowsOptions, counts: Counts): Generator<readonly string[]> {
  return (function* () {
    let last = '';
    for (const row of salesRows(options)) {
      counts.rows += 1;
      const key = `${row[0] ?? ''}-${row[1] ?? ''}`;
      if (key !== last) counts.invoices += 1;
      last = key;
      yield row;
    }
  })();
}

async function writeCsv(options: GenerateSheetOptions): Promise<Counts> {
  const counts: Counts = { rows: 0, invoices: 0 };
  const out = createWriteStream(options.path);
  const csv = stringify({ bom: true, record_delimiter: 'unix' });
  csv.pipe(out);
  csv.write([...SHEET_HEADER]);
  for (const row of counted(options, counts)) {
    if (!csv.write(row)) await once(csv, 'drain');
  }
  csv.end();
  await once(out, 'finish');
  return counts;
}

const NUMBER_COLUMNS = new Set<ColumnName>(['numero', 'cantidad', 'valorVentaUnitario']);
const DATE_COLUMN = SHEET_HEADER.indexOf('fechaEmision');

/** Cells as a spreadsheet user would type them: numbers as numbers, the date as a date cell, codes as text. */
function xlsxValues(row: readonly string[]): (string | number | Date | null)[] {
  return row.map((text, i) => {
    if (text === '') return null;
    if (i === DATE_COLUMN) return new Date(`${text}T00:00:00Z`);
    const column = SHEET_HEADER[i];
    if (column !== undefined && NUMBER_COLUMNS.has(column)) return Number(text);
    return text;
  });
}

async function writeXlsx(options: GenerateSheetOptions, sharedFirst: boolean): Promise<Counts> {
  const counts: Counts = { rows: 0, invoices: 0 };
  const work = sharedFirst ? await mkdtemp(join(tmpdir(), 'bench-xlsx-')) : undefined;
  const target = work ? join(work, 'exceljs.xlsx') : options.path;
  try {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: target, useSharedStrings: sharedFirst, useStyles: true });
    const sheet = workbook.addWorksheet('Ventas');
    sheet.columns = SHEET_HEADER.map((name) => ({ header: name, key: name, ...(name === 'fechaEmision' ? { style: { numFmt: 'yyyy-mm-dd' } } : {}) }));
    for (const row of counted(options, counts)) {
      // Row.commit() hands the row to the zip stream; exceljs keeps no committed rows.
      sheet.addRow(xlsxValues(row)).commit();
    }
    sheet.commit();
    await workbook.commit();
    if (work) await repackInOrder(target, work, resolve(options.path));
  } finally {
    if (work) await rm(work, { recursive: true, force: true });
  }
  return counts;
}

/** Entry order of a workbook whose sheet exceljs's streaming reader reads directly. */
const READER_FRIENDLY_ORDER = [
  '[Content_Types].xml',
  '_rels/.rels',
  'xl/workbook.xml',
  'xl/_rels/workbook.xml.rels',
  'xl/sharedStrings.xml',
  'xl/styles.xml',
  'xl/theme/theme1.xml',
];

function run(command: string, args: readonly string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.error) throw new Error(`${command} could not run (${result.error.message}); xlsx-shared needs the zip and unzip tools`);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${String(result.status)}`);
}

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(join(dir, prefix), { withFileTypes: true })) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(dir, path)));
    else out.push(path);
  }
  return out;
}

/** Re-packs with the reader-friendly entries first, then the rest (the sheet) in their original order. */
export async function repackInOrder(source: string, work: string, destination: string): Promise<void> {
  const parts = join(work, 'parts');
  run('unzip', ['-q', source, '-d', parts], work);
  const present = await listFiles(parts);
  const first = READER_FRIENDLY_ORDER.filter((p) => present.includes(p));
  const rest = present.filter((p) => !first.includes(p)).sort();
  await rm(destination, { force: true });
  run('zip', ['-q', '-X', '-D', destination, ...first, ...rest], parts);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      format: { type: 'string', default: 'csv' },
      rows: { type: 'string' },
      invoices: { type: 'string' },
      seed: { type: 'string', default: '1' },
      today: { type: 'string' },
      invalid: { type: 'boolean', default: false },
      out: { type: 'string' },
    },
  });
  const format = values.format as SheetFormat;
  if (!['csv', 'xlsx', 'xlsx-shared'].includes(format) || values.out === undefined || (values.rows === undefined && values.invoices === undefined)) {
    console.error('usage: generate-sheet.ts --format csv|xlsx|xlsx-shared --rows N|--invoices N [--seed S] [--today YYYY-MM-DD] [--invalid] --out FILE');
    process.exitCode = 2;
    return;
  }
  const started = performance.now();
  const sheet = await generateSheet({
    format,
    path: values.out,
    seed: Number(values.seed),
    ...(values.rows !== undefined ? { rows: Number(values.rows) } : {}),
    ...(values.invoices !== undefined ? { invoices: Number(values.invoices) } : {}),
    ...(values.today !== undefined ? { today: values.today } : {}),
    ...(values.invalid ? { invalid: true } : {}),
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(JSON.stringify({ ...sheet, seconds: Number(seconds.toFixed(1)) }));
}

if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  await main();
}
