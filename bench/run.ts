/**
 * `npm run bench` (full) and `npm run bench -- --quick` (small sizes, under two minutes on an idle
 * box). Every measurement runs in its own child process under /usr/bin/time (peak RSS and CPU from
 * the kernel); baselines and the CLI run alternately in the same run, and ratios are what count on
 * a shared, noisy machine. Benchmarks never fail on a figure: exit 0 unless a run crashed.
 *
 * Options: --quick, --only csv,xlsx,submit,results,invalid,web, --reps N, --csv-rows N, --csv-small-rows N,
 * --xlsx-rows N, --submit-invoices N, --submit-c1-invoices N, --results-invoices N,
 * --invalid-rows N, --invalid-small-rows N, --web-rows N, --web-fix-rows N, --submit-concurrency 1,8,32,
 * --submit-fail-rates 0,0.2, --keep,
 * --dir DIR (generated files; default a fresh /tmp dir, removed at the end), --report FILE (JSON).
 */
import { link, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateSheet } from './generate-sheet.js';
import type { SheetFormat } from './generate-sheet.js';
import { lastJsonLine, measureChild } from './measure-child.js';
import type { ChildMeasure } from './measure-child.js';
import { sendRateOf, startSandboxProcess } from './sandbox-process.js';
import { buildBase } from './base-build.js';
import { HEAP_FLAGS } from '../src/cli/tune-heap.js';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const TSX = ['--import', 'tsx'];
const CLI = 'bin/factura-import.js';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    reps: { type: 'string' },
    'csv-rows': { type: 'string' },
    'csv-small-rows': { type: 'string' },
    'xlsx-rows': { type: 'string' },
    'submit-invoices': { type: 'string' },
    'submit-c1-invoices': { type: 'string' },
    'submit-concurrency': { type: 'string' },
    'submit-fail-rates': { type: 'string' },
    'results-invoices': { type: 'string' },
    'invalid-rows': { type: 'string' },
    'invalid-small-rows': { type: 'string' },
    'web-rows': { type: 'string' },
    'web-fix-rows': { type: 'string' },
    keep: { type: 'boolean', default: false },
    dir: { type: 'string' },
    report: { type: 'string' },
  },
});
const quick = values.quick;
const num = (v: string | undefined, full: number, small: number): number => (v !== undefined ? Number(v) : quick ? small : full);
const SIZES = {
  reps: num(values.reps, 2, 1),
  csvRows: num(values['csv-rows'], 1_000_000, 20_000),
  csvSmallRows: num(values['csv-small-rows'], 100_000, 5_000),
  xlsxRows: num(values['xlsx-rows'], 200_000, 5_000),
  submitInvoices: num(values['submit-invoices'], 5_000, 400),
  submitC1Invoices: num(values['submit-c1-invoices'], 1_000, 40),
  resultsInvoices: num(values['results-invoices'], 300_000, 3_000),
  invalidRows: num(values['invalid-rows'], 1_000_000, 20_000),
  invalidSmallRows: num(values['invalid-small-rows'], 100_000, 5_000),
  /** The web workspace's check of a big sheet (issue 15) and its fixing (issue 16). */
  webRows: num(values['web-rows'], 1_000_000, 20_000),
  webFixRows: num(values['web-fix-rows'], 200_000, 5_000),
};
const numbers = (v: string | undefined, all: readonly number[]): number[] => (v !== undefined ? v.split(',').map(Number) : [...all]);
const SUBMIT_CONCURRENCY = numbers(values['submit-concurrency'], [1, 8, 32]);
const SUBMIT_FAIL_RATES = numbers(values['submit-fail-rates'], [0, 0.2]);
const SECTIONS = new Set((values.only ?? 'csv,xlsx,submit,results,invalid,web').split(','));
const SEED = 20_261_120;
const LATENCY_MS = 50;

/** One line of the report: a figure, and the target it is held against when there is one. */
interface ReportLine {
  readonly section: string;
  readonly name: string;
  readonly figure: string;
  readonly target?: string;
  readonly met?: boolean;
}
const report: ReportLine[] = [];
const runs: (ChildMeasure & { readonly section: string; readonly note?: string })[] = [];
let crashed = false;

function line(entry: ReportLine): void {
  report.push(entry);
  const verdict = entry.met === undefined ? '' : entry.met ? '  MET' : '  NOT MET';
  console.log(`  ${entry.name}: ${entry.figure}${entry.target !== undefined ? `   [target ${entry.target}]${verdict}` : ''}`);
}

const mb = (n: number): string => `${n.toFixed(0)} MB`;
const per = (n: number): string => `${Math.round(n).toLocaleString('en-US')}/s`;
const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[m] ?? Number.NaN) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};

let work = '';
let statsDir = '';
const TIMEOUT_MS = 60 * 60_000;

async function run(section: string, label: string, argv: readonly string[], env?: NodeJS.ProcessEnv, note?: string): Promise<ChildMeasure> {
  const m = await measureChild(label, argv, { cwd: ROOT, statsDir, timeoutMs: TIMEOUT_MS, ...(env !== undefined ? { env } : {}) });
  runs.push({ ...m, section, ...(note !== undefined ? { note } : {}) });
  const ok = !m.timedOut && m.signal === null && (m.exitCode === 0 || m.exitCode === 1) && lastJsonLine(m.stdout) !== undefined;
  console.log(
    `    ${label}: ${(m.wallMs / 1000).toFixed(1)} s wall, ${(m.cpuMs / 1000).toFixed(1)} s CPU, ${mb(m.maxRssMb)} peak RSS${ok ? '' : `  CRASHED (exit ${String(m.exitCode)} ${String(m.signal)}${m.timedOut ? ' timeout' : ''}) ${m.stderr.slice(-400)}`}`,
  );
  if (!ok) crashed = true;
  return m;
}

async function sheet(format: SheetFormat, name: string, size: { rows?: number; invoices?: number }): Promise<{ path: string; rows: number; invoices: number }> {
  const path = join(work, name);
  const started = performance.now();
  const g = await generateSheet({ format, path, seed: SEED, ...size });
  console.log(
    `    generated ${name}: ${g.rows.toLocaleString('en-US')} rows, ${g.invoices.toLocaleString('en-US')} invoices, ${(g.bytes / 1e6).toFixed(0)} MB in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  return g;
}

const validateArgv = (file: string, out: string): string[] => [process.execPath, CLI, 'validate', file, '--quiet', '--json', '--out', out];

/** Baseline and validate of one file, alternating, `reps` times each; medians of rows/s. */
async function throughputPair(section: string, baseline: string, file: string, rows: number): Promise<{ raw: ChildMeasure[]; validate: ChildMeasure[] }> {
  const raw: ChildMeasure[] = [];
  const validate: ChildMeasure[] = [];
  for (let i = 0; i < SIZES.reps; i += 1) {
    // The baseline under the CLI's own garbage-collector settings: the ratio compares work, not V8 flags.
    raw.push(await run(section, `raw ${baseline} #${i + 1}`, [process.execPath, ...HEAP_FLAGS, ...TSX, `bench/${baseline}.ts`, file]));
    validate.push(await run(section, `validate #${i + 1}`, validateArgv(file, join(work, `${section}-${i}.resultados.xlsx`))));
  }
  const rawRate = median(raw.map((m) => rows / (m.wallMs / 1000)));
  const valRate = median(validate.map((m) => rows / (m.wallMs / 1000)));
  const rawCpuRate = median(raw.map((m) => rows / (m.cpuMs / 1000)));
  const valCpuRate = median(validate.map((m) => rows / (m.cpuMs / 1000)));
  line({
    section,
    name: `raw ${baseline} (${rows.toLocaleString('en-US')} rows)`,
    figure: `${per(rawRate)} wall, ${per(rawCpuRate)} per CPU-second, peak RSS ${mb(Math.max(...raw.map((m) => m.maxRssMb)))}`,
  });
  line({
    section,
    name: `validate (${rows.toLocaleString('en-US')} rows)`,
    figure: `${per(valRate)} wall, ${per(valCpuRate)} per CPU-second, peak RSS ${mb(Math.max(...validate.map((m) => m.maxRssMb)))}`,
  });
  return { raw, validate };
}

async function csvSection(): Promise<void> {
  console.log(`CSV: raw csv-parse vs validate, ${SIZES.csvRows.toLocaleString('en-US')} rows`);
  const big = await sheet('csv', 'big.csv', { rows: SIZES.csvRows });
  const small = await sheet('csv', 'small.csv', { rows: SIZES.csvSmallRows });
  const { raw, validate } = await throughputPair('csv', 'raw-csv', big.path, big.rows);
  const ratio = median(raw.map((m) => m.wallMs)) / median(validate.map((m) => m.wallMs));
  const cpuRatio = median(raw.map((m) => m.cpuMs)) / median(validate.map((m) => m.cpuMs));
  line({
    section: 'csv',
    name: 'validate / raw csv-parse throughput',
    figure: `${ratio.toFixed(2)} (wall), ${cpuRatio.toFixed(2)} (CPU)`,
    // Issue 19's target (the first run's issue asked 0.6).
    target: '≥ 0.5',
    met: ratio >= 0.5,
  });
  const smallRun = await run(
    'csv',
    `validate ${SIZES.csvSmallRows.toLocaleString('en-US')} rows`,
    validateArgv(small.path, join(work, 'csv-small.resultados.xlsx')),
  );
  const bigRss = Math.max(...validate.map((m) => m.maxRssMb));
  line({
    section: 'csv',
    name: `validate peak RSS ${SIZES.csvSmallRows.toLocaleString('en-US')} → ${SIZES.csvRows.toLocaleString('en-US')} rows`,
    figure: `${mb(smallRun.maxRssMb)} → ${mb(bigRss)} (× ${(bigRss / smallRun.maxRssMb).toFixed(2)})`,
    target: '≤ 1.2 × and < 300 MB',
    met: bigRss <= 1.2 * smallRun.maxRssMb && bigRss < 300,
  });
}

async function xlsxSection(): Promise<void> {
  console.log(`XLSX: raw exceljs streaming reader vs validate, ${SIZES.xlsxRows.toLocaleString('en-US')} rows`);
  for (const [format, name, what] of [
    ['xlsx', 'inline.xlsx', 'written by exceljs (inline strings: the reader spools the sheet first)'],
    ['xlsx-shared', 'shared.xlsx', 'shared strings before the sheet (the reader streams directly)'],
  ] as const) {
    console.log(`  ${what}`);
    const file = await sheet(format, name, { rows: SIZES.xlsxRows });
    const { raw, validate } = await throughputPair(`xlsx-${format}`, 'raw-xlsx', file.path, file.rows);
    const ratio = median(raw.map((m) => m.wallMs)) / median(validate.map((m) => m.wallMs));
    const cpuRatio = median(raw.map((m) => m.cpuMs)) / median(validate.map((m) => m.cpuMs));
    line({
      section: `xlsx-${format}`,
      name: `validate / raw exceljs throughput (${format})`,
      figure: `${ratio.toFixed(2)} (wall), ${cpuRatio.toFixed(2)} (CPU)`,
      // Issue 19's target (the first run's issue asked 0.7).
      target: '≥ 0.6',
      met: ratio >= 0.6,
    });
    await rm(file.path, { force: true });
  }
}

/**
 * The commit issue 19 measured its sending path on (BENCHMARKS.md, «The run before»: 2.58-2.66 ms
 * of CPU an invoice at c=8, 2.03-2.10 at c=32, on a box about twice as slow as it later was). Its
 * CLI runs beside this tree's in the same run, so «CPU per invoice halved» is a ratio measured
 * on one machine at one time, not against a figure from another day.
 */
const ISSUE_19_BASE = 'f583483';

/** One submit of `input` with the CLI under `root`, against a fresh sandbox (this tree's), in a directory of its own. */
async function submitOnce(
  root: string,
  label: string,
  input: { readonly path: string; readonly invoices: number },
  concurrency: number,
  failRate: number,
): Promise<{ readonly m: ChildMeasure; readonly sendRate: number; readonly logins: number; readonly figure: string }> {
  const dir = join(work, `submit-${root === ROOT ? 'this' : 'base'}-${failRate}-${concurrency}`);
  await mkdir(dir, { recursive: true });
  const copy = join(dir, 'ventas.csv'); // every output (journal, results) lands in this run's own dir
  await link(input.path, copy);
  const sandbox = await startSandboxProcess({ cwd: ROOT, latencyMs: LATENCY_MS, failRate, seed: SEED });
  try {
    const env = { ...process.env, ...sandbox.env };
    const m = await run('submit', label, [process.execPath, join(root, CLI), 'submit', copy, '--concurrency', String(concurrency), '--quiet', '--json'], env);
    const ledger = await sandbox.ledger();
    const accepted = ledger.counters.accepted ?? 0;
    const sendRate = sendRateOf(ledger);
    const e2eRate = accepted / (m.wallMs / 1000);
    const ideal = concurrency / (LATENCY_MS / 1000);
    const logins = ledger.counters.logins ?? Number.NaN;
    const figure = `${per(sendRate)} while sending (${(sendRate / ideal).toFixed(2)} × ideal ${per(ideal)}), ${per(e2eRate)} end to end; accepted ${accepted}, PUTs ${ledger.counters.puts ?? 0}, 500s ${ledger.counters.errors500 ?? 0}; logins ${logins}; CPU ${(m.cpuMs / input.invoices).toFixed(2)} ms/invoice`;
    return { m, sendRate, logins, figure };
  } finally {
    await sandbox.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/** `validate` of the sheet with this tree's CLI: its CPU in ms (a whole process: start-up, reading, checks, results). */
async function validateOnce(input: { readonly path: string }): Promise<number> {
  const out = join(work, 'floor-validate.resultados.xlsx');
  const m = await run('submit', 'validate of the submit sheet (the floor)', [
    process.execPath,
    join(ROOT, CLI),
    'validate',
    input.path,
    '--quiet',
    '--json',
    '--out',
    out,
  ]);
  await rm(out, { force: true });
  return m.cpuMs;
}

/** bench/sending-cpu.ts --bare: the CPU per invoice of a bare loop sending as many documents at `concurrency` (its sending phase). */
async function bareLoop(invoices: number, concurrency: number): Promise<number> {
  const argv = [process.execPath, ...TSX, 'bench/sending-cpu.ts', '--invoices', String(invoices), '--concurrency', String(concurrency), '--bare', '--json'];
  const m = await run('submit', `bare sending loop c=${concurrency}`, argv);
  const reps = lastJsonLine(m.stdout)?.['reps'] as { cpuMsPerInvoice: number }[] | undefined;
  return reps?.[0]?.cpuMsPerInvoice ?? Number.NaN;
}

async function submitSection(): Promise<void> {
  console.log(`Submit against the sandbox (separate process, ${LATENCY_MS} ms latency)`);
  let validated: number | undefined;
  const file = await sheet('csv', 'submit.csv', { invoices: SIZES.submitInvoices });
  const c1 = await sheet('csv', 'submit-c1.csv', { invoices: SIZES.submitC1Invoices });
  // Built when a line first needs it (a compile of ≈ 20 s): a run of c=1 or of 500s alone never does.
  let built: ReturnType<typeof buildBase> | undefined;
  const baseBuild = (): ReturnType<typeof buildBase> => (built ??= buildBase(ROOT, ISSUE_19_BASE, join(work, 'base-build')));
  for (const failRate of SUBMIT_FAIL_RATES) {
    for (const concurrency of SUBMIT_CONCURRENCY) {
      const input = concurrency === 1 ? c1 : file;
      const label = `submit c=${concurrency}${failRate > 0 ? ` with ${failRate * 100}% 500s` : ''} (${input.invoices.toLocaleString('en-US')} invoices)`;
      const ours = await submitOnce(ROOT, label, input, concurrency, failRate);
      const ideal = concurrency / (LATENCY_MS / 1000);
      const target = failRate === 0 && concurrency > 1;
      // Issue 19's targets: 0.9 × ideal at c=8, 0.85 at c=32 (one process on loopback).
      const share = concurrency >= 32 ? 0.85 : 0.9;
      line({
        section: 'submit',
        name: label,
        figure: ours.figure,
        ...(target
          ? { target: `≥ ${share} × ideal, 1 login`, met: ours.sendRate >= share * ideal && ours.logins === 1 }
          : failRate === 0
            ? { target: '1 login', met: ours.logins === 1 }
            : {}),
      });
      if (!target) continue;
      // Issue 19's «CPU per invoice halved», against the code it started from, in this run.
      const cpu = ours.m.cpuMs / input.invoices;
      const base = await baseBuild();
      if ('unavailable' in base) {
        line({ section: 'submit', name: `CPU per invoice against ${ISSUE_19_BASE}, c=${concurrency}`, figure: `not measured: ${base.unavailable}` });
        continue;
      }
      const theirs = await submitOnce(base.root, `${label}, the build of ${ISSUE_19_BASE}`, input, concurrency, failRate);
      const baseCpu = theirs.m.cpuMs / input.invoices;
      line({
        section: 'submit',
        name: `CPU per invoice against ${ISSUE_19_BASE} (issue 19's start), c=${concurrency}, same run`,
        figure: `${cpu.toFixed(2)} vs ${baseCpu.toFixed(2)} ms/invoice (× ${(cpu / baseCpu).toFixed(2)}); ${ISSUE_19_BASE}: ${theirs.figure}`,
        target: '≤ × 0.5',
        met: cpu <= 0.5 * baseCpu,
      });
      // What no sending path goes under: checking the sheet, plus a bare loop over as many documents.
      validated ??= await validateOnce(input);
      const bare = await bareLoop(input.invoices, concurrency);
      const floor = validated / input.invoices + bare;
      line({
        section: 'submit',
        name: `the floor under that line, c=${concurrency}: validate of the sheet + a bare sending loop (bench/sending-cpu.ts --bare)`,
        figure: `${(validated / input.invoices).toFixed(2)} + ${bare.toFixed(2)} = ${floor.toFixed(2)} ms/invoice (× ${(floor / baseCpu).toFixed(2)} of ${ISSUE_19_BASE})`,
      });
    }
  }
}

async function resultsSection(): Promise<void> {
  console.log(`Results writing: share of a ${SIZES.resultsInvoices.toLocaleString('en-US')}-invoice validate`);
  const file = await sheet('csv', 'results.csv', { invoices: SIZES.resultsInvoices });
  const on: ChildMeasure[] = [];
  const off: ChildMeasure[] = [];
  for (let i = 0; i < SIZES.reps; i += 1) {
    const out = join(work, `results-${i}`);
    await mkdir(out, { recursive: true });
    const argv = (writer: 'on' | 'off'): string[] => [
      process.execPath,
      ...HEAP_FLAGS,
      ...TSX,
      'bench/results-share.ts',
      file.path,
      '--writer',
      writer,
      '--out',
      out,
    ];
    on.push(await run('results', `pipeline with the results writer #${i + 1}`, argv('on')));
    off.push(await run('results', `pipeline without it #${i + 1}`, argv('off')));
  }
  const share = 1 - median(off.map((m) => m.wallMs)) / median(on.map((m) => m.wallMs));
  const cpuShare = 1 - median(off.map((m) => m.cpuMs)) / median(on.map((m) => m.cpuMs));
  line({
    section: 'results',
    name: `results writing share (${file.rows.toLocaleString('en-US')} rows, ${file.invoices.toLocaleString('en-US')} invoices)`,
    figure: `${(share * 100).toFixed(1)}% of wall, ${(cpuShare * 100).toFixed(1)}% of CPU; peak RSS ${mb(Math.max(...on.map((m) => m.maxRssMb)))} with vs ${mb(Math.max(...off.map((m) => m.maxRssMb)))} without`,
    target: '≤ 15%',
    met: share <= 0.15,
  });
}

/**
 * An all-invalid sheet (every invoice with one systematic error: a legacy migration) against a
 * valid sheet of the same size: what the run holds per invalid invoice (its problems, the rows of
 * the fix-and-resend file) must not grow with the file.
 */
async function invalidSection(): Promise<void> {
  const big = SIZES.invalidRows;
  const small = SIZES.invalidSmallRows;
  console.log(`All-invalid sheet vs valid sheet: validate, ${small.toLocaleString('en-US')} and ${big.toLocaleString('en-US')} rows`);
  const valid = await sheet('csv', 'valid-big.csv', { rows: big });
  const bad = await sheetOf('invalid-big.csv', big);
  const badSmall = await sheetOf('invalid-small.csv', small);
  const validRuns: ChildMeasure[] = [];
  const badRuns: ChildMeasure[] = [];
  for (let i = 0; i < SIZES.reps; i += 1) {
    validRuns.push(
      await run('invalid', `validate valid ${big.toLocaleString('en-US')} rows #${i + 1}`, validateArgv(valid.path, join(work, `valid-${i}.resultados.xlsx`))),
    );
    badRuns.push(
      await run(
        'invalid',
        `validate all-invalid ${big.toLocaleString('en-US')} rows #${i + 1}`,
        validateArgv(bad.path, join(work, `invalid-${i}.resultados.xlsx`)),
      ),
    );
  }
  const smallRun = await run(
    'invalid',
    `validate all-invalid ${small.toLocaleString('en-US')} rows`,
    validateArgv(badSmall.path, join(work, 'invalid-small.resultados.xlsx')),
  );
  const bigRss = Math.max(...badRuns.map((m) => m.maxRssMb));
  const validRss = Math.max(...validRuns.map((m) => m.maxRssMb));
  line({
    section: 'invalid',
    name: `all-invalid validate peak RSS ${small.toLocaleString('en-US')} → ${big.toLocaleString('en-US')} rows (valid sheet: ${mb(validRss)})`,
    figure: `${mb(smallRun.maxRssMb)} → ${mb(bigRss)} (× ${(bigRss / smallRun.maxRssMb).toFixed(2)})`,
    target: '≤ 1.2 × and < 300 MB',
    met: bigRss <= 1.2 * smallRun.maxRssMb && bigRss < 300,
  });
  const ratio = median(badRuns.map((m) => m.wallMs)) / median(validRuns.map((m) => m.wallMs));
  const cpuRatio = median(badRuns.map((m) => m.cpuMs)) / median(validRuns.map((m) => m.cpuMs));
  line({
    section: 'invalid',
    name: `all-invalid / valid validate time (${big.toLocaleString('en-US')} rows)`,
    figure: `${ratio.toFixed(2)} (wall: ${(median(badRuns.map((m) => m.wallMs)) / 1000).toFixed(1)} s vs ${(median(validRuns.map((m) => m.wallMs)) / 1000).toFixed(1)} s), ${cpuRatio.toFixed(2)} (CPU)`,
    target: '≤ 1.2',
    met: ratio <= 1.2,
  });
}

async function sheetOf(name: string, rows: number): Promise<{ path: string; rows: number; invoices: number }> {
  const path = join(work, name);
  const g = await generateSheet({ format: 'csv', path, seed: SEED, rows, invalid: true });
  console.log(`    generated ${name}: ${g.rows.toLocaleString('en-US')} rows, ${g.invoices.toLocaleString('en-US')} invoices, every one invalid`);
  return g;
}

/** A number field of a web bench's JSON report (NaN when it is missing). */
const field = (report: Record<string, unknown> | undefined, ...path: string[]): number => {
  let value: unknown = report;
  for (const key of path) value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return typeof value === 'number' ? value : Number.NaN;
};

/** One of the web benchmarks (bench/NAME.ts) on `rows` rows, in its own process: its JSON line. */
async function webBench(name: string, label: string, rows: number): Promise<Record<string, unknown> | undefined> {
  const argv = [process.execPath, ...TSX, `bench/${name}.ts`, '--rows', String(rows)];
  return lastJsonLine((await run('web', `${label} (${rows.toLocaleString('en-US')} rows)`, argv)).stdout);
}

/**
 * The web workspace's benchmarks (bench/web-check.ts, bench/web-fix.ts: each starts the real
 * `factura-import serve` on 127.0.0.1, prints its figures as a JSON line) in this run, with the
 * targets of issues 15 and 16.
 */
async function webSection(): Promise<void> {
  console.log(`Web workspace: upload and check of ${SIZES.webRows.toLocaleString('en-US')} rows, then fixing ${SIZES.webFixRows.toLocaleString('en-US')} rows`);
  const checked = await webBench('web-check', 'web check', SIZES.webRows);
  if (checked !== undefined) {
    const rss = field(checked, 'serverPeakRssMb');
    line({
      section: 'web',
      name: `web check of ${SIZES.webRows.toLocaleString('en-US')} rows: server peak RSS`,
      figure: `${mb(rss)} (upload ${field(checked, 'uploadS')} s, check ${field(checked, 'checkS')} s, server CPU ${field(checked, 'serverCpuS')} s, database ${field(checked, 'dbMb')} MB)`,
      target: '< 400 MB',
      met: rss < 400,
    });
    for (const [which, key] of [
      ['all rows', 'lastPageAllMs'],
      ['errors only', 'lastPageErrorsMs'],
    ] as const) {
      const ms = field(checked, key, 'median');
      line({
        section: 'web',
        name: `web: last page of 100, ${which}`,
        figure: `${ms.toFixed(1)} ms (median; cold ${field(checked, key, 'cold').toFixed(1)}, max ${field(checked, key, 'max').toFixed(1)})`,
        target: '< 200 ms',
        met: ms < 200,
      });
    }
  }
  const fixed = await webBench('web-fix', 'web fix', SIZES.webFixRows);
  if (fixed !== undefined) {
    const recheck = field(fixed, 'recheckUsPerRow');
    const cli = field(fixed, 'cliUsPerRow');
    line({
      section: 'web',
      name: `web: recheck of ${SIZES.webFixRows.toLocaleString('en-US')} rows with ${field(fixed, 'replacedCells').toLocaleString('en-US')} edits ÷ the CLI's validate, per row`,
      figure: `${(recheck / cli).toFixed(2)} (${recheck} µs vs ${cli} µs a row; server CPU ${field(fixed, 'recheckServerCpuS')} s vs ${field(fixed, 'cliValidateCpuS')} s; find-and-replace ${field(fixed, 'replaceMs')} ms)`,
      target: '≤ 1',
      met: recheck <= cli,
    });
    const rss = field(fixed, 'serverPeakRssMb');
    line({
      section: 'web',
      name: 'web fix: server peak RSS after the check, the replace and the recheck',
      figure: `${mb(rss)} (after the first check ${mb(field(fixed, 'serverPeakRssAfterFirstCheckMb'))}; ${mb(field(fixed, 'serverPeakRssAfterDownloadMb'))} after the first results download, ${field(fixed, 'firstDownloadS')} s)`,
      target: '< 400 MB',
      met: rss < 400,
    });
  }
}

async function versions(): Promise<Record<string, string>> {
  const out: Record<string, string> = { node: process.version };
  for (const pkg of ['exceljs', 'csv-parse', 'csv-stringify', 'decimal.js', 'zod', 'undici']) {
    const json = JSON.parse(await readFile(join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string };
    out[pkg] = json.version;
  }
  return out;
}

async function main(): Promise<void> {
  work = values.dir ?? (await mkdtemp(join(tmpdir(), 'factura-bench-')));
  await mkdir(work, { recursive: true });
  statsDir = work;
  const machine = { nproc: cpus().length, memoryGb: Number((totalmem() / 2 ** 30).toFixed(1)), ...(await versions()) };
  console.log(`factura-import bench${quick ? ' --quick' : ''}: ${JSON.stringify(machine)}; sizes ${JSON.stringify(SIZES)}; files in ${work}`);
  const started = performance.now();
  try {
    if (SECTIONS.has('submit')) await submitSection();
    if (SECTIONS.has('xlsx')) await xlsxSection();
    if (SECTIONS.has('csv')) await csvSection();
    if (SECTIONS.has('results')) await resultsSection();
    if (SECTIONS.has('invalid')) await invalidSection();
    if (SECTIONS.has('web')) await webSection();
  } catch (error) {
    crashed = true;
    console.error('bench stopped:', error);
  } finally {
    if (!values.keep) await rm(work, { recursive: true, force: true });
  }
  const minutes = (performance.now() - started) / 60_000;
  console.log(
    `done in ${minutes.toFixed(1)} min; targets met ${report.filter((r) => r.met === true).length}/${report.filter((r) => r.met !== undefined).length}`,
  );
  const reportPath = values.report ?? join(ROOT, 'bench', 'out', 'last-run.json');
  await mkdir(dirname(reportPath), { recursive: true });
  const slim = runs.map(({ stdout: _o, stderr: _e, ...r }) => r);
  await writeFile(reportPath, JSON.stringify({ when: new Date().toISOString(), quick, machine, sizes: SIZES, minutes, report, runs: slim }, null, 2));
  const table = report.map((r) => `| ${r.name} | ${r.figure} | ${r.target ?? ''} | ${r.met === undefined ? '' : r.met ? 'MET' : 'NOT MET'} |`);
  await writeFile(reportPath.replace(/\.json$/, '') + '.md', ['| measurement | figure | target | |', '|---|---|---|---|', ...table, ''].join('\n'));
  console.log(`report: ${reportPath} (+ .md table)`);
  if (crashed) process.exitCode = 1;
}

await main();
