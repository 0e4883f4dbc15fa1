import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import type { RunningSandbox } from '../../src/sandbox/start-sandbox.js';
import { createApiClient } from '../../src/submit/api-client.js';
import type { ApiClient } from '../../src/submit/api-client.js';
import { createSubmission } from '../../src/submit/create-submission.js';
import type { SubmissionDeps } from '../../src/submit/create-submission.js';
import { openJournal } from '../../src/submit/journal.js';
import type { Journal } from '../../src/submit/journal.js';
import type { SendableInvoice, SubmitResult } from '../../src/submit/submission.js';
import { createTokenManager } from '../../src/submit/token-manager.js';
import { tempDir } from '../helpers/temp-dir.js';
import { buildTestInvoice } from './invoice-document-builder.js';

let dir: { path: string; cleanup: () => Promise<void> };
let sandbox: RunningSandbox | undefined;
let client: ApiClient | undefined;
let journal: Journal | undefined;
beforeEach(async () => {
  dir = await tempDir('slots-');
});
afterEach(async () => {
  await journal?.close();
  await client?.close();
  await sandbox?.close();
  journal = undefined;
  client = undefined;
  sandbox = undefined;
  await dir.cleanup();
});

/** What submission reads of a validated invoice: the draft's key and rows, and the document. */
function sendable(sb: RunningSandbox, i: number): SendableInvoice {
  const t = buildTestInvoice(sb.account, i);
  return { draft: { serie: t.serie, numero: t.numero, rows: [i + 2] }, document: t.document, problems: [] } as unknown as SendableInvoice;
}

async function wire(sb: RunningSandbox, concurrency: number, signal?: AbortSignal, more: Pick<SubmissionDeps, 'orderWindow' | 'sleep'> = {}) {
  client = createApiClient({ authUrl: sb.url, baseUrl: sb.url, connections: concurrency });
  const api = client;
  const tokens = createTokenManager({ login: () => api.login(sb.account), clock: Date.now });
  journal = await openJournal(join(dir.path, 'ventas.journal.jsonl'));
  const submission = createSubmission({
    client: api,
    journal,
    accessFor: () => ({ tokens }),
    concurrency,
    ...(signal !== undefined ? { signal } : {}),
    ...more,
  });
  return { submission, journal };
}

async function sendAll(submission: ReturnType<typeof createSubmission>, invoices: readonly SendableInvoice[]): Promise<SubmitResult[]> {
  const out: SubmitResult[] = [];
  async function* source(): AsyncIterable<SendableInvoice> {
    for (const invoice of invoices) yield await Promise.resolve(invoice);
  }
  for await (const { result } of submission.dispatch(source(), (invoice) => submission.submit(invoice))) out.push(result);
  return out;
}

describe('the concurrency bound counts requests in flight', () => {
  it('never has more PUTs in flight than the concurrency, and every line is on disk, most of them sharing a disk sync', async () => {
    sandbox = await startSandbox({ latencyMs: 20 });
    const { submission, journal: j } = await wire(sandbox, 3);
    const invoices = Array.from({ length: 30 }, (_, i) => sendable(sandbox as RunningSandbox, i));
    const results = await sendAll(submission, invoices);
    expect(results.map((r) => r.status)).toEqual(invoices.map(() => 'ACCEPTED'));
    const { counters } = sandbox.ledger();
    expect(counters.puts).toBe(30);
    expect(counters.maxPutsInFlight).toBeLessThanOrEqual(3);
    expect(counters.maxPutsInFlight).toBeGreaterThanOrEqual(2);
    const stats = j.stats();
    expect(stats.lines).toBe(60); // one attempt and one outcome per invoice
    expect(stats.batches).toBeLessThan(60); // an outcome shares its sync with the next attempt, at least
    const lines = (await readFile(j.path, 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(60);
  }, 30_000);

  it('sends nothing more once stopped: invoices waiting for a slot are NOT_SENT, the one in flight finishes', async () => {
    sandbox = await startSandbox({ latencyMs: 300 });
    const stop = new AbortController();
    const { submission } = await wire(sandbox, 1, stop.signal);
    const sb = sandbox;
    const invoices = Array.from({ length: 4 }, (_, i) => sendable(sb, i));
    const pending = Promise.all(invoices.map((invoice) => submission.submit(invoice)));
    while (sb.ledger().counters.puts === 0) await delay(5);
    stop.abort();
    const results = await pending;
    expect(results.map((r) => r.status)).toEqual(['ACCEPTED', 'NOT_SENT', 'NOT_SENT', 'NOT_SENT']);
    expect(sb.ledger().counters.puts).toBe(1);
  }, 30_000);
});

/** Polls `cond` on the event loop (bounded): the sending runs in this process. */
async function until(cond: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`not reached in 20 s: ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('outcomes in the sheet order, with a bounded wait behind a slow invoice', () => {
  it('goes on sending past an invoice waiting for its retry up to the window, then waits for it; nothing lost, order kept', async () => {
    // Every PUT fails until the first retry wait starts; from then on the service accepts. The
    // invoice of that wait is held there until the test lets it go (a Retry-After of minutes).
    const sb = await startSandbox({ failureRate: 1 });
    sandbox = sb;
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let waits = 0;
    const WINDOW = 12;
    const { submission } = await wire(sb, 2, undefined, {
      orderWindow: WINDOW,
      sleep: () => {
        waits++;
        if (waits > 1) return Promise.resolve();
        sb.setFaults({ failureRate: 0 });
        return held;
      },
    });
    const invoices = Array.from({ length: 60 }, (_, i) => sendable(sb, i));
    let pulled = 0;
    async function* source(): AsyncIterable<SendableInvoice> {
      for (const invoice of invoices) {
        pulled++;
        yield await Promise.resolve(invoice);
      }
    }
    const handed: string[] = [];
    const run = (async () => {
      for await (const { item, result } of submission.dispatch(source(), (invoice) => submission.submit(invoice))) {
        expect(result.status).toBe('ACCEPTED');
        handed.push(String(item.draft.numero));
      }
    })();
    // The others of the window are accepted while the held one waits; nothing is handed on past it,
    // and no invoice beyond the window is read.
    // (The held one is the first or the second invoice: both were sent at once and failed; what came
    // before it, if anything, is handed on.)
    await until(() => sb.ledger().entries.length === handed.length + WINDOW - 1, 'the window accepted while one waits');
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    expect(handed.length).toBeLessThan(2);
    expect(pulled).toBe(handed.length + WINDOW);
    expect(sb.ledger().entries.length).toBe(handed.length + WINDOW - 1);
    release?.();
    await run;
    const numbers = invoices.map((i) => String(i.draft.numero));
    expect(handed).toEqual(numbers);
    expect(
      sb
        .ledger()
        .entries.map((e) => e.numero)
        .sort((a, b) => a - b)
        .map(String),
    ).toEqual(numbers);
  }, 30_000);
});
