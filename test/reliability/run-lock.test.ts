import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseLockHolder } from '../../src/submit/judge-run-lock.js';
import { collect, runCli, spawnCli } from '../helpers/cli-process.js';
import { tempDir } from '../helpers/temp-dir.js';
import { readResultsWorkbook } from './results-workbook-reader.js';
import { writeSalesCsv } from './sales-sheet.js';
import { startSandboxProcess, type SandboxProcess } from './sandbox-process.js';

/**
 * One run per sheet (issue 18), with real processes: the built CLI (or tsx) against the sandbox
 * process on 127.0.0.1. Bounded: 60 invoices per sheet, every wait with a deadline.
 */
const INVOICES = 60;
const expectedKeys = (): Set<string> => new Set(Array.from({ length: INVOICES }, (_, i) => `F001-${i + 1}`));

async function outcomes(journal: string): Promise<number> {
  const text = await readFile(journal, 'utf8').catch(() => '');
  return text.split('\n').filter((l) => l.includes('"t":"outcome"')).length;
}

describe('one submit run per sheet at a time', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  let sandbox: SandboxProcess | undefined;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    dir = await tempDir('factura-lock-');
  });
  afterEach(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await sandbox?.stop();
    sandbox = undefined;
  });
  afterAll(async () => {
    await dir.cleanup();
  });

  it('two runs of one sheet started at once: one exits 2 with the lock message, and every invoice reaches the service once', async () => {
    // 60 invoices one at a time at 100 ms each: the first run is still sending (≥ 6 s) when the second starts.
    sandbox = await startSandboxProcess(['--latency', '100', '--seed', '3']);
    const input = join(dir.path, 'uno.csv');
    await writeSalesCsv(input, { invoices: INVOICES });
    const args = ['submit', input, '--concurrency', '1'];
    const env = { ...sandbox.env };
    const [one, two] = await Promise.all([runCli(args, { env, timeoutMs: 180_000 }), runCli(args, { env, timeoutMs: 180_000 })]);

    const codes = [one.code, two.code].sort();
    expect(codes, `stderr: ${one.stderr}\n---\n${two.stderr}`).toEqual([0, 2]);
    const refused = one.code === 2 ? one : two;
    expect(refused.stderr).toMatch(
      /factura-import: Otra ejecución está enviando con el mismo diario de envíos desde \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} \(PID \d+: factura-import submit .*uno\.csv\)\. Espere a que termine/,
    );
    expect(refused.stderr).not.toMatch(/\bat \S+:\d+:\d+/); // no stack trace

    const ledger = await sandbox.ledger();
    const keys = ledger.entries.map((e) => `${e.serie}-${e.numero}`);
    expect(keys).toHaveLength(INVOICES);
    expect(new Set(keys)).toEqual(expectedKeys());
    expect(ledger.counters.puts).toBe(INVOICES); // the refused run sent nothing, not even a duplicate
    expect(ledger.counters.logins).toBe(1); // …nor logged in
    expect(existsSync(`${join(dir.path, 'uno.journal.jsonl')}.lock`)).toBe(false);
  }, 240_000);

  it('a run killed with SIGKILL mid-submission leaves a stale lock; the rerun takes it over with a notice and ends with each invoice accepted once', async () => {
    sandbox = await startSandboxProcess(['--latency', '30', '--seed', '5']);
    const input = join(dir.path, 'dos.csv');
    const journal = join(dir.path, 'dos.journal.jsonl');
    await writeSalesCsv(input, { invoices: INVOICES });
    const args = ['submit', input, '--concurrency', '2'];
    const env = { ...sandbox.env };

    const child = spawnCli(args, { env });
    children.push(child);
    const done = collect(child, 120_000);
    const deadline = Date.now() + 120_000;
    while (child.exitCode === null && Date.now() < deadline && (await outcomes(journal)) < INVOICES / 3) await delay(25);
    child.kill('SIGKILL');
    const killed = await done;
    expect(killed.signal, `the first run ended by itself: ${killed.stderr}`).toBe('SIGKILL');
    const stale = parseLockHolder(await readFile(`${journal}.lock`, 'utf8'));
    expect(stale?.pid).toBe(child.pid);

    const rerun = await runCli(args, { env, timeoutMs: 180_000 });
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(rerun.stderr).toContain(`se toma el bloqueo de una ejecución anterior que ya no existe (PID ${child.pid}`);
    expect(existsSync(`${journal}.lock`)).toBe(false);

    const ledger = await sandbox.ledger();
    const keys = ledger.entries.map((e) => `${e.serie}-${e.numero}`);
    expect(keys).toHaveLength(INVOICES);
    expect(new Set(keys)).toEqual(expectedKeys());
    const results = await readResultsWorkbook(join(dir.path, 'dos.resultados.xlsx'));
    expect(results.invoices).toHaveLength(INVOICES);
    expect(results.invoices.filter((i) => i.estado !== 'ACEPTADO' && i.estado !== 'OMITIDO')).toEqual([]);
  }, 300_000);
});
