import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FacturaError } from '../../src/factura-error.js';
import { createLogger } from '../../src/logger.js';
import type { Logger } from '../../src/logger.js';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import type { RunningSandbox } from '../../src/sandbox/start-sandbox.js';
import { createApiClient } from '../../src/submit/api-client.js';
import type { ApiClient } from '../../src/submit/api-client.js';
import { dispatch } from '../../src/submit/dispatch.js';
import { documentHash } from '../../src/submit/document-hash.js';
import { journalKey, openJournal } from '../../src/submit/journal.js';
import type { Journal } from '../../src/submit/journal.js';
import { sendInvoice } from '../../src/submit/send-invoice.js';
import type { SendResult } from '../../src/submit/send-invoice.js';
import { createTokenManager } from '../../src/submit/token-manager.js';
import type { TokenManager } from '../../src/submit/token-manager.js';
import { tempDir } from '../helpers/temp-dir.js';
import { buildTestInvoice } from './invoice-document-builder.js';
import type { TestInvoice } from './invoice-document-builder.js';

let dir: { path: string; cleanup: () => Promise<void> };
let sandbox: RunningSandbox | undefined;
let client: ApiClient | undefined;

beforeEach(async () => {
  dir = await tempDir('submit-e2e-');
});
afterEach(async () => {
  await client?.close();
  await sandbox?.close();
  client = undefined;
  sandbox = undefined;
  await dir.cleanup();
});

const sleep = (ms: number, signal?: AbortSignal): Promise<void> => delay(ms, undefined, signal ? { signal } : {});

interface Run {
  readonly results: { invoice: TestInvoice; result: SendResult }[];
  readonly tokens: TokenManager;
  readonly journal: Journal;
}

/** The whole submission path, wired as the submit command wires it, against a real sandbox. */
async function submitAll(
  sb: RunningSandbox,
  invoices: readonly TestInvoice[],
  opts: {
    concurrency?: number;
    clock?: () => number;
    beforeEach?: (i: number) => void;
    renewMarginMs?: number;
    clave?: string;
    logger?: Logger;
    journalPath?: string;
    maxAttempts?: number;
  } = {},
): Promise<Run> {
  const clock = opts.clock ?? Date.now;
  client = createApiClient({ authUrl: sb.url, baseUrl: sb.url, connections: opts.concurrency ?? 16, clock });
  const api = client;
  const account = sb.account;
  const logger = opts.logger ?? createLogger({ level: 'silent' });
  const tokens = createTokenManager({
    login: () => api.login({ ruc: account.ruc, mail: account.mail, clave: opts.clave ?? account.clave }),
    clock,
    logger,
    ...(opts.renewMarginMs !== undefined ? { renewMarginMs: opts.renewMarginMs } : {}),
  });
  const journal = await openJournal(opts.journalPath ?? join(dir.path, 'journal.jsonl'));
  const results: Run['results'] = [];
  let n = 0;
  try {
    for await (const { item, result } of dispatch(
      invoices,
      (invoice) => {
        opts.beforeEach?.(n++);
        const key = journalKey(account.ruc, invoice.serie, invoice.numero);
        const hash = documentHash(invoice.document);
        const prior = journal.priorState(key, hash);
        return sendInvoice(
          { key, hash, ruc: account.ruc, document: invoice.document, priorState: prior === 'sent-unknown' ? 'sent-unknown' : 'none' },
          { client: api, tokens, journal, sleep, clock, maxAttempts: opts.maxAttempts ?? 8, retryBaseMs: 1, retryMaxMs: 4, logger },
        );
      },
      { concurrency: opts.concurrency ?? 16, maxPending: 64 },
    )) {
      results.push({ invoice: item, result });
    }
  } finally {
    await journal.close();
  }
  return { results, tokens, journal };
}

function invoicesFor(sb: RunningSandbox, count: number): TestInvoice[] {
  return Array.from({ length: count }, (_, i) => buildTestInvoice(sb.account, i));
}

function expectEachOnceInLedger(sb: RunningSandbox, invoices: readonly TestInvoice[]): void {
  const entries = sb.ledger().entries;
  const keys = entries.map((e) => `${e.serie}-${e.numero}`);
  expect(new Set(keys).size).toBe(keys.length);
  expect(new Set(keys)).toEqual(new Set(invoices.map((i) => `${i.serie}-${i.numero}`)));
}

describe('submission against the sandbox over real HTTP', () => {
  it('sends 500 invoices at concurrency 16 with exactly one login, each once in the ledger', async () => {
    sandbox = await startSandbox({ seed: 7 });
    const invoices = invoicesFor(sandbox, 500);
    const run = await submitAll(sandbox, invoices);
    const counters = sandbox.ledger().counters;
    expect(counters.loginRequests).toBe(1);
    expect(counters.puts).toBe(500);
    expect(run.results.map((r) => r.result.status).filter((s) => s !== 'ACCEPTED')).toEqual([]);
    expect(run.results.every((r) => r.result.answer?.identificador === `${sandbox?.account.ruc}-01-${r.invoice.serie}-${r.invoice.numero}`)).toBe(true);
    expectEachOnceInLedger(sandbox, invoices);
  });

  it('renews a short-lived token ahead of its expiry, without a 403 storm', async () => {
    let now = Date.UTC(2026, 10, 21, 15, 0, 0);
    const clock = () => now;
    sandbox = await startSandbox({ clock, tokenLifetimeMs: 20_000 });
    const invoices = invoicesFor(sandbox, 500);
    // Each invoice moves the shared clock by 250 ms: the run spans about six token lifetimes.
    const run = await submitAll(sandbox, invoices, { clock, beforeEach: () => (now += 250) });
    const counters = sandbox.ledger().counters;
    expect(counters.forbidden403).toBe(0);
    expect(counters.loginRequests).toBeGreaterThanOrEqual(6);
    expect(counters.loginRequests).toBe(run.tokens.stats.logins);
    expect(run.tokens.stats.renewals).toBe(counters.loginRequests - 1);
    expect(run.results.every((r) => r.result.status === 'ACCEPTED' && r.result.attempts === 1)).toBe(true);
    expectEachOnceInLedger(sandbox, invoices);
  });

  it('answers a burst of 403s (tokens revoked mid-run) with exactly one extra login', async () => {
    sandbox = await startSandbox({ latencyMs: 2 });
    const sb = sandbox;
    const invoices = invoicesFor(sb, 300);
    const run = await submitAll(sb, invoices, { beforeEach: (i) => i === 150 && sb.revokeTokens() });
    const counters = sb.ledger().counters;
    expect(counters.loginRequests).toBe(2);
    expect(counters.forbidden403).toBeGreaterThanOrEqual(1);
    expect(run.tokens.stats.forbiddenRenewals).toBe(1);
    expect(run.results.every((r) => r.result.status === 'ACCEPTED')).toBe(true);
    expectEachOnceInLedger(sb, invoices);
  });

  it('gets 1,000 invoices through 30% of 500s and 10% dropped connections, each exactly once', async () => {
    sandbox = await startSandbox({ failureRate: 0.3, dropRate: 0.1, seed: 11 });
    const invoices = invoicesFor(sandbox, 1_000);
    const run = await submitAll(sandbox, invoices, { maxAttempts: 12 });
    const counters = sandbox.ledger().counters;
    expect(run.results.filter((r) => r.result.status !== 'ACCEPTED')).toEqual([]);
    expectEachOnceInLedger(sandbox, invoices);
    const attempts = run.results.reduce((sum, r) => sum + r.result.attempts, 0);
    expect(attempts).toBe(counters.puts);
    expect(counters.errors500).toBeGreaterThan(200);
    expect(counters.dropped).toBeGreaterThan(50);
    expect(counters.loginRequests).toBe(1);
    // Every request is in the journal, before it was made.
    const lines = (await readFile(join(dir.path, 'journal.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as { t: string });
    expect(lines.filter((l) => l.t === 'attempt')).toHaveLength(counters.puts);
    expect(lines.filter((l) => l.t === 'outcome')).toHaveLength(1_000);
  });

  it('confirms by duplicate an invoice whose answer was lost, on the rerun after a crash', async () => {
    sandbox = await startSandbox({ dropAfterAcceptRate: 1 });
    const invoices = invoicesFor(sandbox, 20);
    const journalPath = join(dir.path, 'journal.jsonl');
    const first = await submitAll(sandbox, invoices, { maxAttempts: 1, journalPath });
    expect(first.results.every((r) => r.result.status === 'FAILED')).toBe(true);
    await client?.close();
    sandbox.setFaults({ dropAfterAcceptRate: 0 });
    const rerun = await submitAll(sandbox, invoices, { journalPath });
    expect(rerun.results.map((r) => r.result.status)).toEqual(Array(20).fill('ACCEPTED'));
    expect(rerun.results[0]?.result.note?.es).toContain('confirmado por duplicado');
    expectEachOnceInLedger(sandbox, invoices);
  });

  it('stops at a wrong password with an AUTH error and sends no invoice', async () => {
    sandbox = await startSandbox();
    const invoices = invoicesFor(sandbox, 50);
    const error = await submitAll(sandbox, invoices, { clave: 'wrong-password' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FacturaError);
    expect((error as FacturaError).code).toBe('AUTH');
    const counters = sandbox.ledger().counters;
    expect(counters.puts).toBe(0);
    expect(counters.loginRequests).toBe(1);
  });

  it('never writes the token or the password in the log of a whole run', async () => {
    sandbox = await startSandbox({ failureRate: 0.2, tokenLifetimeMs: 2_000 });
    const chunks: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _e, cb) {
        chunks.push(chunk.toString());
        cb();
      },
    });
    const logger = createLogger({ destination, format: 'json', level: 'trace', secrets: [sandbox.account.clave] });
    const api = createApiClient({ authUrl: sandbox.url, baseUrl: sandbox.url });
    const login = await api.login(sandbox.account);
    await api.close();
    await submitAll(sandbox, invoicesFor(sandbox, 100), { logger });
    const log = chunks.join('');
    expect(log).toContain('logged in');
    expect(log).not.toContain(login.token.split('.')[2]);
    expect(log).not.toContain(sandbox.account.clave);
    expect(log).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}/);
  });
});
