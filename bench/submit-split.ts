/**
 * Where submit's CPU per invoice goes, split in two: `validate` of the same sheet (reading,
 * grouping, validating, the results workbook) and the rest (the sending path: journal, hashing,
 * JSON, HTTP). Each run is its own process under /usr/bin/time, against the sandbox in its own
 * process (bench/sandbox-process.ts, 50 ms latency), alternating submit and validate. With
 * --profile, each submit also runs under `node --cpu-prof` (summarise with bench/profile-top.ts;
 * profiled runs are slower, so their figures are printed apart). With --base DIR (another build of
 * the project, e.g. main archived and built in /tmp), each submit is followed by the same submit
 * with DIR's CLI against a fresh sandbox: an A/B of CPU per invoice in the same session. The
 * sandbox is this tree's for both, unless --base-sandbox, which runs DIR's CLI against DIR's own
 * sandbox (an A/B of the sandbox too). Every submit prints the sandbox's CPU per request (its
 * process's user + system over the run, /proc), since the sandbox shares the machine's cores.
 *
 *   npm run build && node --import tsx bench/submit-split.ts --invoices 2000 --concurrency 32 --reps 2 [--profile DIR] [--base DIR [--base-sandbox]]
 */
import { link, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateSheet } from './generate-sheet.js';
import { measureChild } from './measure-child.js';
import type { ChildMeasure } from './measure-child.js';
import { sendRateOf, startSandboxProcess } from './sandbox-process.js';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const LATENCY_MS = 50;
const SEED = 20_261_120;

const { values } = parseArgs({
  options: {
    invoices: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '32' },
    reps: { type: 'string', default: '2' },
    profile: { type: 'string' },
    base: { type: 'string' },
    'base-sandbox': { type: 'boolean', default: false },
  },
});
const invoices = Number(values.invoices);
const concurrency = Number(values.concurrency);
const reps = Number(values.reps);

const loadavg = (): string => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[m] ?? Number.NaN) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};

const ideal = concurrency / (LATENCY_MS / 1000);

const work = await mkdtemp(join(tmpdir(), 'factura-split-'));
try {
  const sheet = await generateSheet({ format: 'csv', path: join(work, 'ventas.csv'), seed: SEED, invoices });
  console.log(`sheet: ${sheet.rows} rows, ${sheet.invoices} invoices; c=${concurrency}; load ${loadavg()}`);
  const submits: (ChildMeasure & { sendRate: number })[] = [];
  const bases: number[] = [];
  const baseRates: number[] = [];
  /** The same submit with another build's CLI (its own journal: a directory of its own), CPU per invoice. */
  const baseSubmit = async (root: string, sheetPath: string, i: number): Promise<number> => {
    const dir = join(work, `base-${i}`);
    await mkdir(dir);
    const copy = join(dir, 'ventas.csv');
    await link(sheetPath, copy);
    const sandbox = await startSandboxProcess({ cwd: values['base-sandbox'] ? root : ROOT, latencyMs: LATENCY_MS, failRate: 0, seed: SEED });
    try {
      const sandboxCpu = sandbox.cpuMs();
      const argv = [process.execPath, join(root, 'bin/factura-import.js'), 'submit', copy, '--concurrency', String(concurrency), '--quiet', '--json'];
      const m = await measureChild(`base submit #${i + 1}`, argv, {
        cwd: root,
        statsDir: work,
        timeoutMs: 30 * 60_000,
        env: { ...process.env, ...sandbox.env },
      });
      const sandboxMs = sandbox.cpuMs() - sandboxCpu;
      const ledger = await sandbox.ledger();
      const sendRate = sendRateOf(ledger);
      console.log(
        `  base submit: ${(m.wallMs / 1000).toFixed(1)} s wall, ${(m.cpuMs / invoices).toFixed(2)} ms CPU/invoice (user ${(m.userMs / invoices).toFixed(2)}, sys ${(m.systemMs / invoices).toFixed(2)}), ${m.maxRssMb.toFixed(0)} MB, ${sendRate.toFixed(0)}/s while sending = ${(sendRate / ideal).toFixed(2)} × ideal; ${values['base-sandbox'] ? 'its own' : "this tree's"} sandbox ${(sandboxMs / invoices).toFixed(2)} ms CPU/request; accepted ${ledger.counters.accepted ?? 0}, logins ${ledger.counters.logins ?? 0}, exit ${String(m.exitCode)}; load ${loadavg()}`,
      );
      baseRates.push(sendRate);
      return m.cpuMs / invoices;
    } finally {
      await sandbox.stop();
      await rm(dir, { recursive: true, force: true });
    }
  };
  const validates: ChildMeasure[] = [];
  const runs = values.profile !== undefined ? reps + 1 : reps;
  for (let i = 0; i < runs; i += 1) {
    const profiled = values.profile !== undefined && i === reps;
    const dir = join(work, `run-${i}`);
    await mkdir(dir);
    const copy = join(dir, 'ventas.csv');
    await link(sheet.path, copy);
    const sandbox = await startSandboxProcess({ cwd: ROOT, latencyMs: LATENCY_MS, failRate: 0, seed: SEED });
    try {
      const sandboxCpu = sandbox.cpuMs();
      const prof = profiled ? ['--cpu-prof', '--cpu-prof-dir', values.profile ?? '.'] : [];
      const argv = [process.execPath, ...prof, 'bin/factura-import.js', 'submit', copy, '--concurrency', String(concurrency), '--quiet', '--json'];
      const m = await measureChild(`submit #${i + 1}`, argv, { cwd: ROOT, statsDir: work, timeoutMs: 30 * 60_000, env: { ...process.env, ...sandbox.env } });
      const sandboxMs = sandbox.cpuMs() - sandboxCpu;
      const ledger = await sandbox.ledger();
      const sendRate = sendRateOf(ledger);
      console.log(
        `  ${profiled ? 'PROFILED ' : ''}submit: ${(m.wallMs / 1000).toFixed(1)} s wall, ${(m.cpuMs / invoices).toFixed(2)} ms CPU/invoice (user ${(m.userMs / invoices).toFixed(2)}, sys ${(m.systemMs / invoices).toFixed(2)}), ${sendRate.toFixed(0)}/s while sending = ${(sendRate / ideal).toFixed(2)} × ideal; sandbox ${(sandboxMs / invoices).toFixed(2)} ms CPU/request; accepted ${ledger.counters.accepted ?? 0}, logins ${ledger.counters.logins ?? 0}, exit ${String(m.exitCode)}; load ${loadavg()}`,
      );
      if (!profiled) submits.push({ ...m, sendRate });
    } finally {
      await sandbox.stop();
    }
    if (profiled) continue;
    if (values.base !== undefined) bases.push(await baseSubmit(values.base, copy, i));
    const v = await measureChild(
      `validate #${i + 1}`,
      [process.execPath, 'bin/factura-import.js', 'validate', copy, '--quiet', '--json', '--out', join(dir, 'v.resultados.xlsx')],
      { cwd: ROOT, statsDir: work, timeoutMs: 30 * 60_000 },
    );
    console.log(
      `  validate: ${(v.wallMs / 1000).toFixed(1)} s wall, ${(v.cpuMs / invoices).toFixed(2)} ms CPU/invoice (user ${(v.userMs / invoices).toFixed(2)}, sys ${(v.systemMs / invoices).toFixed(2)}); load ${loadavg()}`,
    );
    validates.push(v);
    await rm(dir, { recursive: true, force: true });
  }
  const s = median(submits.map((m) => m.cpuMs / invoices));
  const v = median(validates.map((m) => m.cpuMs / invoices));
  const rate = median(submits.map((m) => m.sendRate));
  console.log(
    `median of ${reps}: submit ${s.toFixed(2)} ms CPU/invoice = validate ${v.toFixed(2)} + sending ${(s - v).toFixed(2)}; ${rate.toFixed(0)}/s while sending = ${(rate / ideal).toFixed(2)} × ideal`,
  );
  if (bases.length > 0)
    console.log(
      `median of ${bases.length}: base submit ${median(bases).toFixed(2)} ms CPU/invoice, ${(median(baseRates) / ideal).toFixed(2)} × ideal (this build ${s.toFixed(2)}, ${(rate / ideal).toFixed(2)})`,
    );
} finally {
  await rm(work, { recursive: true, force: true });
}
