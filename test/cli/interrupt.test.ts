import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/start-sandbox.js';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import { collect, spawnCli } from '../helpers/cli-process.js';
import { jsonSummary, runMain } from '../helpers/run-main.js';
import { tempDir } from '../helpers/temp-dir.js';
import { salesRow, writeSalesSheet } from '../helpers/write-sales-sheet.js';

let dir: { path: string; cleanup: () => Promise<void> };
let sandbox: RunningSandbox;

beforeEach(async () => {
  dir = await tempDir('interrupt-');
  sandbox = await startSandbox({ latencyMs: 150 });
});
afterEach(async () => {
  await sandbox.close();
  await dir.cleanup();
});

/** Waits (bounded) until the journal records at least `n` outcomes: an event, not a timing guess. */
async function outcomesInJournal(path: string, n: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const text = await readFile(path, 'utf8').catch(() => '');
    if (text.split('\n').filter((l) => l.includes('"t":"outcome"')).length >= n) return;
    await delay(50);
  }
  throw new Error(`journal ${path} did not reach ${n} outcomes in ${timeoutMs} ms`);
}

describe('Ctrl-C during submit', () => {
  it('stops taking invoices, finishes those in flight, writes the results with NOT_SENT for the rest, exits 130; a rerun completes each exactly once', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(
      input,
      Array.from({ length: 40 }, (_, i) => salesRow(i + 1)),
    );
    const env = {
      FACTURA_RUC: sandbox.account.ruc,
      FACTURA_MAIL: sandbox.account.mail,
      FACTURA_CLAVE: sandbox.account.clave,
      FACTURA_AUTH_URL: sandbox.url,
      FACTURA_BASE_URL: sandbox.url,
    };
    const child = spawnCli(['submit', input, '--concurrency', '2', '--quiet', '--json'], { env });
    const done = collect(child, 60_000);
    await outcomesInJournal(join(dir.path, 'ventas.journal.jsonl'), 3, 45_000);
    child.kill('SIGINT');
    const run = await done;
    expect(run.code).toBe(130);
    // The sheet's lock went with the run (released in a finally, not left for a takeover).
    expect(existsSync(join(dir.path, 'ventas.journal.jsonl.lock'))).toBe(false);
    const summary = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as { byStatus: Record<string, number>; interrupted: boolean };
    expect(summary.interrupted).toBe(true);
    const accepted = summary.byStatus['ACCEPTED'] ?? 0;
    expect(accepted).toBeGreaterThanOrEqual(3);
    expect(accepted + (summary.byStatus['NOT_SENT'] ?? 0) + (summary.byStatus['UNKNOWN'] ?? 0)).toBe(40);
    expect(summary.byStatus['NOT_SENT']).toBeGreaterThan(0);
    expect(sandbox.ledger().entries.length).toBeGreaterThanOrEqual(accepted);

    // The results workbook exists and says what happened to every invoice.
    expect((await stat(join(dir.path, 'ventas.resultados.xlsx'))).size).toBeGreaterThan(0);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(join(dir.path, 'ventas.resultados.xlsx'));
    expect((wb.getWorksheet('Comprobantes')?.rowCount ?? 0) - 1).toBe(40);

    const rerun = await runMain(['submit', input, '--quiet', '--json'], env);
    expect(rerun.code).toBe(0);
    expect(jsonSummary(rerun).byStatus['NOT_SENT']).toBe(0);
    const numbers = sandbox.ledger().entries.map((e) => e.numero);
    expect(numbers).toHaveLength(40);
    expect(new Set(numbers).size).toBe(40);
  });
});
