import type { ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { collect, runCli, spawnCli } from '../helpers/cli-process.js';
import { tempDir } from '../helpers/temp-dir.js';
import { seededBytes } from './make-bad-corpus.js';
import { readResultsWorkbook } from './results-workbook-reader.js';
import { writeSalesCsv } from './sales-sheet.js';
import { startSandboxProcess, type SandboxProcess } from './sandbox-process.js';

/**
 * Crash-resume loop: `submit` is SIGKILLed at seeded points (when the journal holds a seeded
 * number of outcomes) and rerun with the same journal, then run to the end. Nothing may be lost
 * or issued twice.
 */
const INVOICES = 200;
const KILLS = 3;

interface JournalLine {
  readonly t: 'attempt' | 'outcome';
  readonly key: string;
  readonly status?: string;
}

async function journalLines(path: string): Promise<JournalLine[]> {
  const text = await readFile(path, 'utf8').catch(() => '');
  // a line torn by the kill is the journal's own business to recover; skip it here
  return text.split('\n').flatMap((l) => {
    try {
      return [JSON.parse(l) as JournalLine];
    } catch {
      return [];
    }
  });
}

describe(`submit killed with SIGKILL ${KILLS} times and rerun with the same journal`, () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  let sandbox: SandboxProcess | undefined;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    dir = await tempDir('factura-crash-');
    sandbox = await startSandboxProcess(['--latency', '5', '--jitter', '30', '--fail-rate', '0.1', '--seed', '11']);
  });
  afterEach(() => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  afterAll(async () => {
    await sandbox?.stop();
    await dir.cleanup();
  });

  it('ends with every invoice in the ledger once, the journal agreeing, and the last results showing every invoice', async () => {
    if (sandbox === undefined) throw new Error('no sandbox');
    const input = join(dir.path, 'ventas.csv');
    const journal = join(dir.path, 'ventas.journal.jsonl');
    await writeSalesCsv(input, { invoices: INVOICES });
    const args = ['submit', input, '--concurrency', '8', '--max-attempts', '20', '--journal', journal];

    // Seeded kill points: after 10-30%, 35-55% and 60-80% of the invoices have an outcome journaled.
    const random = seededBytes(8, KILLS);
    const killAt = Array.from({ length: KILLS }, (_, k) => Math.floor(INVOICES * (0.1 + 0.25 * k + ((random[k] ?? 0) / 255) * 0.2)));
    const kills: { at: number; outcomes: number }[] = [];
    for (const at of killAt) {
      const child = spawnCli(args, { env: { ...sandbox.env } });
      children.push(child);
      const done = collect(child, 120_000);
      let outcomes = 0;
      const deadline = Date.now() + 120_000;
      while (child.exitCode === null && Date.now() < deadline) {
        outcomes = (await journalLines(journal)).filter((l) => l.t === 'outcome').length;
        if (outcomes >= at) break;
        await delay(25);
      }
      child.kill('SIGKILL');
      const run = await done;
      kills.push({ at, outcomes });
      expect(run.signal, `run ${kills.length} should still be running when killed (it ended with ${run.code}: ${run.stderr})`).toBe('SIGKILL');
    }

    const last = await runCli(args, { env: { ...sandbox.env }, timeoutMs: 180_000 });
    expect(last.stderr).not.toMatch(/Unhandled|uncaught/i);
    expect(last.code).toBe(0);

    const ledger = await sandbox.ledger();
    const keys = ledger.entries.map((e) => `${e.serie}-${e.numero}`);
    expect(keys).toHaveLength(INVOICES);
    expect(new Set(keys)).toEqual(new Set(Array.from({ length: INVOICES }, (_, i) => `F001-${i + 1}`)));

    // The journal reconciles with the ledger: every invoice the ledger holds ends ACCEPTED or
    // DUPLICATE-confirmed in the journal, and nothing the journal calls accepted is missing there.
    const finalStatus = new Map<string, string>();
    for (const line of await journalLines(journal)) if (line.t === 'outcome' && line.status !== undefined) finalStatus.set(line.key, line.status);
    const journaled = [...finalStatus]
      .filter(([, s]) => s === 'ACCEPTED' || s === 'DUPLICATE')
      .map(([k]) =>
        k
          .split(/[^A-Z0-9]/i)
          .slice(-2)
          .join('-'),
      );
    expect(new Set(journaled)).toEqual(new Set(keys));

    const results = await readResultsWorkbook(join(dir.path, 'ventas.resultados.xlsx'));
    expect(results.invoices).toHaveLength(INVOICES);
    expect(results.invoices.filter((i) => i.estado !== 'ACEPTADO' && i.estado !== 'OMITIDO')).toEqual([]);
    expect(results.invoices.some((i) => i.estado === 'OMITIDO')).toBe(true);
  }, 600_000);
});
