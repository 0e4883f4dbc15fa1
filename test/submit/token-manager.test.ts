import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { FacturaError } from '../../src/factura-error.js';
import { createLogger } from '../../src/logger.js';
import { CLI_VALUE_NAMES } from '../../src/cli/cli-value-names.js';
import { LoginFailure } from '../../src/submit/login-failure.js';
import { createTokenManager } from '../../src/submit/token-manager.js';
import type { TokenManagerOptions } from '../../src/submit/token-manager.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A clock the test moves by hand, a sleep that moves it, and a login that counts its calls. */
function harness(overrides: Partial<TokenManagerOptions> & { lifetimeMs?: number; failWith?: () => Error } = {}) {
  let now = Date.UTC(2026, 10, 21, 10, 0, 0);
  const logins: number[] = [];
  const sleeps: number[] = [];
  const lifetimeMs = overrides.lifetimeMs ?? 8 * HOUR;
  const manager = createTokenManager({
    clock: () => now,
    sleep: (ms) => {
      sleeps.push(ms);
      now += ms;
      return Promise.resolve();
    },
    login: async () => {
      logins.push(now);
      await Promise.resolve(); // answer on a later tick, so concurrent callers overlap
      if (overrides.failWith) throw overrides.failWith();
      return { token: `token-${logins.length}`, expiresAt: now + lifetimeMs };
    },
    random: () => 0,
    ...overrides,
  });
  return {
    manager,
    logins,
    sleeps,
    advance: (ms: number) => {
      now += ms;
    },
    now: () => now,
  };
}

describe('token manager', () => {
  it('shares one login among a burst of concurrent first requests', async () => {
    const h = harness();
    const tokens = await Promise.all(Array.from({ length: 50 }, () => h.manager.getToken()));
    expect(h.logins).toHaveLength(1);
    expect(new Set(tokens.map((t) => t.value))).toEqual(new Set(['token-1']));
  });

  it('reuses the token until the renewal margin, then renews once however many requests wait', async () => {
    const h = harness();
    await h.manager.getToken();
    h.advance(8 * HOUR - 15 * MINUTE - 1);
    expect((await h.manager.getToken()).value).toBe('token-1');
    h.advance(1);
    const burst = await Promise.all(Array.from({ length: 20 }, () => h.manager.getToken()));
    expect(h.logins).toHaveLength(2);
    expect(new Set(burst.map((t) => t.value))).toEqual(new Set(['token-2']));
    expect(h.manager.stats.renewals).toBe(1);
  });

  it('never lets the margin exceed half a short-lived token, so it does not log in on every request', async () => {
    const h = harness({ lifetimeMs: 10_000 });
    await h.manager.getToken();
    h.advance(4_999);
    expect((await h.manager.getToken()).value).toBe('token-1');
    h.advance(1);
    expect((await h.manager.getToken()).value).toBe('token-2');
    expect(h.logins).toHaveLength(2);
  });

  it('renews once for a burst of 403s with the same stale token', async () => {
    const h = harness();
    const stale = await h.manager.getToken();
    const renewed = await Promise.all(Array.from({ length: 16 }, () => h.manager.renewAfterForbidden(stale)));
    expect(h.logins).toHaveLength(2);
    expect(new Set(renewed.map((t) => t.value))).toEqual(new Set(['token-2']));
    expect(h.manager.stats.forbiddenRenewals).toBe(1);
  });

  it('gives a request that saw a 403 with an already replaced token the current one, without logging in', async () => {
    const h = harness();
    const first = await h.manager.getToken();
    await h.manager.renewAfterForbidden(first);
    const late = await h.manager.renewAfterForbidden(first);
    expect(late.value).toBe('token-2');
    expect(h.logins).toHaveLength(2);
  });

  it('holds back a due renewal while the token is still valid, spacing renewals by the minimum interval', async () => {
    const h = harness({ lifetimeMs: 40 * MINUTE, minRenewalIntervalMs: HOUR, renewMarginMs: 15 * MINUTE });
    await h.manager.getToken();
    h.advance(30 * MINUTE); // past the renewal point (25 min) but only 30 min after the login
    expect((await h.manager.getToken()).value).toBe('token-1');
    expect((await h.manager.getToken()).value).toBe('token-1');
    expect(h.manager.stats.heldBack).toBe(1); // said once, not on every request
    expect(h.logins).toHaveLength(1);
  });

  it('waits out the minimum interval when the token is no longer usable, then renews once', async () => {
    const h = harness({ minRenewalIntervalMs: HOUR });
    const first = await h.manager.getToken();
    h.advance(10 * MINUTE);
    const renewed = await Promise.all([h.manager.renewAfterForbidden(first), h.manager.renewAfterForbidden(first), h.manager.getToken()]);
    expect(h.sleeps).toEqual([50 * MINUTE]);
    expect(h.logins).toEqual([h.logins[0], h.logins[0]! + HOUR]);
    expect(renewed.map((t) => t.value)).toEqual(['token-2', 'token-2', 'token-2']);
  });

  it('ends the run on a 401 with a message naming the credential variables (the command line’s names), and never logs in again', async () => {
    const h = harness({ failWith: () => new LoginFailure('auth', 'HTTP 401'), names: CLI_VALUE_NAMES });
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => h.manager.getToken()));
    const later = await h.manager.getToken().catch((e: unknown) => e);
    expect(h.logins).toHaveLength(1);
    for (const r of results) expect(r.status).toBe('rejected');
    expect(later).toBeInstanceOf(FacturaError);
    const error = later as FacturaError;
    expect(error.code).toBe('AUTH');
    for (const name of ['FACTURA_RUC', 'FACTURA_MAIL', 'FACTURA_CLAVE']) {
      expect(error.text.es).toContain(name);
      expect(error.text.en).toContain(name);
    }
  });

  it("names every place the command line reads an issuer's mail and clave from when its login is refused", async () => {
    const h = harness({ failWith: () => new LoginFailure('auth', 'HTTP 401'), ruc: '20512333797', names: CLI_VALUE_NAMES });
    const error = (await h.manager.getToken().catch((e: unknown) => e)) as FacturaError;
    expect(error.text.es).toBe(
      'El servicio rechazó el correo y la clave del emisor 20512333797 (HTTP 401). Revíselos donde los configuró: FACTURA_RUC, FACTURA_MAIL y FACTURA_CLAVE; FACTURA_MAIL_20512333797 y FACTURA_CLAVE_20512333797; el archivo de FACTURA_CREDENTIALS_FILE; o «Acceso del emisor» en el espacio de trabajo web.',
    );
  });

  it('retries a failing login endpoint a bounded number of times, then ends the run with SERVICE', async () => {
    const h = harness({ failWith: () => new LoginFailure('retryable', 'HTTP 500'), loginMaxAttempts: 3, retryBaseMs: 100 });
    const error = await h.manager.getToken().catch((e: unknown) => e);
    expect(h.logins).toHaveLength(3);
    expect(h.sleeps).toHaveLength(2);
    expect(error).toBeInstanceOf(FacturaError);
    expect((error as FacturaError).code).toBe('SERVICE');
  });

  // A program passed the login and the address as options: the messages name those, not the command line's variables.
  it('names the options a program passed when the login is refused or unreachable, and the variables when the command line gives them', async () => {
    const refused = harness({ failWith: () => new LoginFailure('auth', 'HTTP 401'), ruc: '20512333797' });
    const byProgram = (await refused.manager.getToken().catch((e: unknown) => e)) as FacturaError;
    expect(byProgram.text.es).toBe(
      'El servicio rechazó el correo y la clave del emisor 20512333797 (HTTP 401). Revíselos donde los configuró: credentials (ruc, mail y clave), o issuerCredentials["20512333797"] (mail y clave).',
    );
    expect(byProgram.text.en).not.toContain('FACTURA_');
    const down = harness({ failWith: () => new LoginFailure('retryable', 'HTTP 500'), loginMaxAttempts: 2, retryBaseMs: 100 });
    const unreachable = (await down.manager.getToken().catch((e: unknown) => e)) as FacturaError;
    expect(unreachable.text.es).toBe(
      'No se pudo iniciar sesión en el servicio tras 2 intento(s). Compruebe authUrl y la conexión, y vuelva a intentarlo más tarde.',
    );
    const cli = harness({ failWith: () => new LoginFailure('retryable', 'HTTP 500'), loginMaxAttempts: 2, retryBaseMs: 100, names: CLI_VALUE_NAMES });
    const fromEnv = (await cli.manager.getToken().catch((e: unknown) => e)) as FacturaError;
    expect(fromEnv.text.es).toContain('Compruebe FACTURA_AUTH_URL y la conexión');
  });

  it('never writes the token in its log', async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _e, cb) {
        lines.push(chunk.toString());
        cb();
      },
    });
    const h = harness({ logger: createLogger({ destination, format: 'json', level: 'trace' }), minRenewalIntervalMs: HOUR, lifetimeMs: 40 * MINUTE });
    const t = await h.manager.getToken();
    h.advance(30 * MINUTE);
    await h.manager.getToken();
    await h.manager.renewAfterForbidden(t);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.join('')).not.toMatch(/token-\d/);
  });
});

describe('a wait for a login, stopped', () => {
  // A test account renews at most once an hour: after a revoke, the run waited up to an hour for
  // its next login, Ctrl-C could not end the wait, and the run kept its lock.
  it('ends a renewal held back by the minimum interval as soon as the run is stopped, as INTERRUPTED', async () => {
    const stop = new AbortController();
    let logins = 0;
    const manager = createTokenManager({
      clock: Date.now,
      login: () => {
        logins += 1;
        return Promise.resolve({ token: `token-${logins}`, expiresAt: Date.now() + 8 * HOUR });
      },
      minRenewalIntervalMs: HOUR,
      signal: stop.signal,
    });
    const first = await manager.getToken();
    const renewal = manager.renewAfterForbidden(first); // held back for an hour, with the real clock and sleep
    stop.abort();
    await expect(renewal).rejects.toMatchObject({ code: 'INTERRUPTED' });
    expect(logins).toBe(1);
  });
});
