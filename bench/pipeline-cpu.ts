/**
 * CPU-time ratio of the validate pipeline to raw csv-parse, in one process, alternating, so the
 * figure holds on a shared, noisy machine (CPU time, not wall time). The pipeline is the same
 * composition as src/run-import.ts minus the results workbook: openRowSource → readLineRecords →
 * groupInvoices → validateInvoice (runPipeline, dry run without an issuer, as `validate` runs).
 *
 *   node --import tsx bench/pipeline-cpu.ts [--rows 50000] [--reps 3] [--file PATH] [--only pipeline]
 *
 * The sheet is generated once (bench/generate-sheet.ts, seed 7) into /tmp and reused. Prints one
 * line per pass and, at the end, the median rows per CPU-second of each and their ratio (the issue's
 * target: validate ≥ 0.6 × raw csv-parse), plus the heap used after a forced GC when run with
 * --expose-gc.
 */
import { createReadStream, existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parse } from 'csv-parse';
import { resolveSettings } from '../src/config/resolve-settings.js';
import { groupInvoices } from '../src/invoice/group-invoices.js';
import { limaToday } from '../src/invoice/lima-today.js';
import { validateInvoice } from '../src/invoice/validate-invoice.js';
import { runPipeline } from '../src/pipeline.js';
import { openRowSource } from '../src/sheet/open-row-source.js';
import { readLineRecords } from '../src/sheet/read-line-records.js';
import { generateSheet } from './generate-sheet.js';

const { values } = parseArgs({ options: { rows: { type: 'string' }, reps: { type: 'string' }, file: { type: 'string' }, only: { type: 'string' } } });
const rows = Number(values.rows ?? 50_000);
const reps = Number(values.reps ?? 3);
const file = values.file ?? `/tmp/bench-pipeline-${rows}.csv`;
if (!existsSync(file)) await generateSheet({ format: 'csv', path: file, rows, seed: 7 });

async function rawCsv(): Promise<number> {
  const parser = createReadStream(file).pipe(parse({ bom: true, relax_column_count: true, relax_quotes: true, record_delimiter: ['\r\n', '\n', '\r'] }));
  let n = 0;
  for await (const record of parser as AsyncIterable<string[]>) if (record.length > 0) n += 1;
  return n - 1;
}

async function pipelinePass(): Promise<number> {
  const settings = resolveSettings({ lang: 'es' }, undefined);
  const source = await openRowSource(file, {});
  const sheet = await readLineRecords(source, { decimalComma: settings.read.decimalComma });
  const context = { catalogues: settings.catalogues, close2u: settings.close2u, defaults: settings.defaults, today: limaToday(Date.now()) };
  let n = 0;
  let invalid = 0;
  for await (const event of runPipeline({
    groups: groupInvoices(sheet.records, { mergeSplit: settings.read.mergeSplit }),
    validate: (d) => validateInvoice(d, context),
    lang: 'es',
  })) {
    if (event.kind === 'outcome') {
      n += event.outcome.rows.length;
      if (event.outcome.status !== 'VALID') invalid += 1;
    }
  }
  if (invalid > 0) throw new Error(`${invalid} invoices not VALID: the bench sheet must be valid`);
  return n;
}

function cpuSeconds(start: NodeJS.CpuUsage): number {
  const u = process.cpuUsage(start);
  return (u.user + u.system) / 1e6;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const raw: number[] = [];
const pipe: number[] = [];
for (let i = 0; i < reps; i += 1) {
  if (values.only !== 'pipeline') {
    const t = process.cpuUsage();
    const n = await rawCsv();
    const s = cpuSeconds(t);
    raw.push(n / s);
    console.log(`raw csv-parse  ${n} rows  ${s.toFixed(2)} CPU-s  ${Math.round(n / s)} rows/CPU-s`);
  }
  const t = process.cpuUsage();
  const n = await pipelinePass();
  const s = cpuSeconds(t);
  pipe.push(n / s);
  console.log(`pipeline       ${n} rows  ${s.toFixed(2)} CPU-s  ${Math.round(n / s)} rows/CPU-s`);
}
const gc = (globalThis as { gc?: () => void }).gc;
if (gc) {
  gc();
  console.log(`heap used after GC: ${(process.memoryUsage().heapUsed / 1e6).toFixed(1)} MB`);
}
if (raw.length > 0)
  console.log(
    `median: raw ${Math.round(median(raw))}, pipeline ${Math.round(median(pipe))} rows/CPU-s; ratio ${(median(pipe) / median(raw)).toFixed(3)} (target ≥ 0.6)`,
  );
else console.log(`median: pipeline ${Math.round(median(pipe))} rows/CPU-s`);
