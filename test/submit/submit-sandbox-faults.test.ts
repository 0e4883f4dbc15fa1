import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import { e2e, expectEachOnceInLedger, invoicesFor, submitAll, useE2e } from './submit-e2e-harness.js';

useE2e();

describe('submission through injected faults, over real HTTP', () => {
  it('gets 1,000 invoices through 30% of 500s and 10% dropped connections, each exactly once', async () => {
    e2e.sandbox = await startSandbox({ failureRate: 0.3, dropRate: 0.1, seed: 11 });
    const invoices = invoicesFor(e2e.sandbox, 1_000);
    // 40% of requests fail: with 20 attempts an invoice exhausts them with probability 0.4^20 ≈ 1e-8.
    const run = await submitAll(e2e.sandbox, invoices, { maxAttempts: 20 });
    const counters = e2e.sandbox.ledger().counters;
    expect(run.results.filter((r) => r.result.status !== 'ACCEPTED')).toEqual([]);
    expectEachOnceInLedger(e2e.sandbox, invoices);
    const attempts = run.results.reduce((sum, r) => sum + r.result.attempts, 0);
    expect(attempts).toBe(counters.puts);
    expect(counters.errors500).toBeGreaterThan(200);
    expect(counters.dropped).toBeGreaterThan(50);
    expect(counters.loginRequests).toBe(1);
    // Every request is in the journal, before it was made.
    const lines = (await readFile(join(e2e.dir.path, 'journal.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { t: string });
    expect(lines.filter((l) => l.t === 'attempt')).toHaveLength(counters.puts);
    expect(lines.filter((l) => l.t === 'outcome')).toHaveLength(1_000);
  }, 60_000); // a busy shared machine can make this a few seconds slower

  it('confirms by duplicate an invoice whose answer was lost, on the rerun after a crash', async () => {
    e2e.sandbox = await startSandbox({ dropAfterAcceptRate: 1 });
    const invoices = invoicesFor(e2e.sandbox, 20);
    const journalPath = join(e2e.dir.path, 'journal.jsonl');
    const first = await submitAll(e2e.sandbox, invoices, { maxAttempts: 1, journalPath });
    // Each one may be issued (its request reached the service): INCIERTO, saying to send it again unchanged, not ERROR.
    expect(first.results.every((r) => r.result.status === 'UNKNOWN')).toBe(true);
    expect(first.results[0]?.result.note?.es).toContain('Envíela de nuevo sin cambios para confirmarlo');
    expect(first.results[0]?.result.note?.es).toMatch(/\(último: se cortó la conexión \(\w+\)\)/);
    await e2e.client?.close();
    e2e.sandbox.setFaults({ dropAfterAcceptRate: 0 });
    const rerun = await submitAll(e2e.sandbox, invoices, { journalPath });
    expect(rerun.results.map((r) => r.result.status)).toEqual(Array(20).fill('ACCEPTED'));
    expect(rerun.results[0]?.result.note?.es).toContain('confirmado por duplicado');
    expectEachOnceInLedger(e2e.sandbox, invoices);
  });
});
