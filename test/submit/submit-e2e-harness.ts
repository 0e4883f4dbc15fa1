/** Shared wiring of the end-to-end submission tests: the whole path against a real sandbox. */
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, beforeEach, expect } from 'vitest';
import { createLogger } from '../../src/logger.js';
import type { Logger } from '../../src/logger.js';
import type { RunningSandbox } from '../../src/sandbox/start-sandbox.js';
import { createApiClient } from '../../src/submit/api-client.js';
import type { ApiClient } from '../../src/submit/api-client.js';
import { dispatch } from '../../src/submit/dispatch.js';
import { documentHash } from '../../src/submit/document-hash.js';
import { openJournal } from '../../src/submit/journal.js';
import { journalKey } from '../../src/submit/journal-state.js';
import type { Journal } from '../../src/submit/journal.js';
import { sendInvoice } from '../../src/submit/send-invoice.js';
import type { SendResult } from '../../src/submit/send-invoice.js';
import { createTokenManager } from '../../src/submit/token-manager.js';
import type { TokenManager } from '../../src/submit/token-manager.js';
import { tempDir } from '../helpers/temp-dir.js';
import { buildTestInvoice } from './invoice-document-builder.js';
import type { TestInvoice } from './invoice-document-builder.js';

/** What a test started (closed after it) and the directory of its journal. */
export const e2e: { dir: { path: string; cleanup: () => Promise<void> }; sandbox: RunningSandbox | undefined; client: ApiClient | undefined } = {
  dir: { path: '', cleanup: () => Promise.resolve() },
  sandbox: undefined,
  client: undefined,
};

/** Registers the per-test setup and teardown in the calling test file. */
export function useE2e(): void {
  beforeEach(async () => {
    e2e.dir = await tempDir('submit-e2e-');
  });
  afterEach(async () => {
    await e2e.client?.close();
    await e2e.sandbox?.close();
    e2e.client = undefined;
    e2e.sandbox = undefined;
    await e2e.dir.cleanup();
  });
}

export const sleep = (ms: number, signal?: AbortSignal): Promise<void> => delay(ms, undefined, signal ? { signal } : {});

export interface Run {
  readonly results: { invoice: TestInvoice; result: SendResult }[];
  readonly tokens: TokenManager;
  readonly journal: Journal;
}

/** The whole submission path, wired as the submit command wires it, against a real sandbox. */
export async function submitAll(
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
  e2e.client = createApiClient({ authUrl: sb.url, baseUrl: sb.url, connections: opts.concurrency ?? 16, clock });
  const api = e2e.client;
  const account = sb.account;
  const logger = opts.logger ?? createLogger({ level: 'silent' });
  const tokens = createTokenManager({
    login: () => api.login({ ruc: account.ruc, mail: account.mail, clave: opts.clave ?? account.clave }),
    clock,
    logger,
    ...(opts.renewMarginMs !== undefined ? { renewMarginMs: opts.renewMarginMs } : {}),
  });
  const journal = await openJournal(opts.journalPath ?? join(e2e.dir.path, 'journal.jsonl'));
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

export function invoicesFor(sb: RunningSandbox, count: number): TestInvoice[] {
  return Array.from({ length: count }, (_, i) => buildTestInvoice(sb.account, i));
}

export function expectEachOnceInLedger(sb: RunningSandbox, invoices: readonly TestInvoice[]): void {
  const entries = sb.ledger().entries;
  const keys = entries.map((e) => `${e.serie}-${e.numero}`);
  expect(new Set(keys).size).toBe(keys.length);
  expect(new Set(keys)).toEqual(new Set(invoices.map((i) => `${i.serie}-${i.numero}`)));
}
