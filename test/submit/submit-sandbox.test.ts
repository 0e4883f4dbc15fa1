import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { FacturaError } from '../../src/factura-error.js';
import { createLogger } from '../../src/logger.js';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import { createApiClient } from '../../src/submit/api-client.js';
import { e2e, expectEachOnceInLedger, invoicesFor, submitAll, useE2e } from './submit-e2e-harness.js';

useE2e();

describe('submission against the sandbox over real HTTP', () => {
  it('sends 500 invoices at concurrency 16 with exactly one login, each once in the ledger', async () => {
    e2e.sandbox = await startSandbox({ seed: 7 });
    const invoices = invoicesFor(e2e.sandbox, 500);
    const run = await submitAll(e2e.sandbox, invoices);
    const counters = e2e.sandbox.ledger().counters;
    expect(counters.loginRequests).toBe(1);
    expect(counters.puts).toBe(500);
    expect(run.results.map((r) => r.result.status).filter((s) => s !== 'ACCEPTED')).toEqual([]);
    expect(run.results.every((r) => r.result.answer?.identificador === `${e2e.sandbox?.account.ruc}-01-${r.invoice.serie}-${r.invoice.numero}`)).toBe(true);
    expectEachOnceInLedger(e2e.sandbox, invoices);
  }, 60_000); // a busy shared machine can make this a few seconds slower

  it('renews a short-lived token ahead of its expiry, without a 403 storm', async () => {
    let now = Date.UTC(2026, 10, 21, 15, 0, 0);
    const clock = () => now;
    e2e.sandbox = await startSandbox({ clock, tokenLifetimeMs: 20_000 });
    const invoices = invoicesFor(e2e.sandbox, 500);
    // Each invoice moves the shared clock by 250 ms: the run spans about six token lifetimes.
    const run = await submitAll(e2e.sandbox, invoices, { clock, beforeEach: () => (now += 250) });
    const counters = e2e.sandbox.ledger().counters;
    expect(counters.forbidden403).toBe(0);
    expect(counters.loginRequests).toBeGreaterThanOrEqual(6);
    expect(counters.loginRequests).toBe(run.tokens.stats.logins);
    expect(run.tokens.stats.renewals).toBe(counters.loginRequests - 1);
    expect(run.results.every((r) => r.result.status === 'ACCEPTED' && r.result.attempts === 1)).toBe(true);
    expectEachOnceInLedger(e2e.sandbox, invoices);
  }, 60_000); // a busy shared machine can make this a few seconds slower

  it('answers a burst of 403s (tokens revoked mid-run) with exactly one extra login', async () => {
    e2e.sandbox = await startSandbox({ latencyMs: 2 });
    const sb = e2e.sandbox;
    const invoices = invoicesFor(sb, 300);
    const run = await submitAll(sb, invoices, { beforeEach: (i) => i === 150 && sb.revokeTokens() });
    const counters = sb.ledger().counters;
    expect(counters.loginRequests).toBe(2);
    expect(counters.forbidden403).toBeGreaterThanOrEqual(1);
    expect(run.tokens.stats.forbiddenRenewals).toBe(1);
    expect(run.results.every((r) => r.result.status === 'ACCEPTED')).toBe(true);
    expectEachOnceInLedger(sb, invoices);
  });

  it('stops at a wrong password with an AUTH error and sends no invoice', async () => {
    e2e.sandbox = await startSandbox();
    const invoices = invoicesFor(e2e.sandbox, 50);
    const error = await submitAll(e2e.sandbox, invoices, { clave: 'wrong-password' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FacturaError);
    expect((error as FacturaError).code).toBe('AUTH');
    const counters = e2e.sandbox.ledger().counters;
    expect(counters.puts).toBe(0);
    expect(counters.loginRequests).toBe(1);
  });

  it('never writes the token or the password in the log of a whole run', async () => {
    e2e.sandbox = await startSandbox({ failureRate: 0.2, tokenLifetimeMs: 2_000 });
    const chunks: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _e, cb) {
        chunks.push(chunk.toString());
        cb();
      },
    });
    const logger = createLogger({ destination, format: 'json', level: 'trace', secrets: [e2e.sandbox.account.clave] });
    const api = createApiClient({ authUrl: e2e.sandbox.url, baseUrl: e2e.sandbox.url });
    const login = await api.login(e2e.sandbox.account);
    await api.close();
    await submitAll(e2e.sandbox, invoicesFor(e2e.sandbox, 100), { logger });
    const log = chunks.join('');
    expect(log).toContain('logged in');
    expect(log).not.toContain(login.token.split('.')[2]);
    expect(log).not.toContain(e2e.sandbox.account.clave);
    expect(log).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}/);
  });
});
