import { setTimeout as delay } from 'node:timers/promises';
import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';
import type { Logger } from '../logger.js';
import { silentLogger } from '../logger.js';
import type { ValueNames } from '../value-names.js';
import { OPTION_NAMES } from '../value-names.js';
import { LoginFailure } from './login-failure.js';
import { retryDelay } from './retry-delay.js';

/** A session token. `value` is the secret: it goes in the Authorization header and nowhere else. */
export interface Token {
  readonly value: string;
  /** Epoch milliseconds at which the service stops accepting it (`fechaExpiracion`). */
  readonly expiresAt: number;
  /** Clock reading when the login that produced it started. */
  readonly obtainedAt: number;
  /** 1 for the first login of the run, 2 for the first renewal, and so on. */
  readonly generation: number;
}

export interface TokenManagerStats {
  /** Login requests made (including retried ones). */
  readonly logins: number;
  /** Tokens obtained after the first one. */
  readonly renewals: number;
  /** Renewals started because the service answered 403. */
  readonly forbiddenRenewals: number;
  /** Times a due renewal was postponed to respect the minimum renewal interval. */
  readonly heldBack: number;
}

export interface TokenManager {
  /** A token fit for the next request: logs in on first use and renews ahead of expiry. */
  getToken(): Promise<Token>;
  /**
   * The service answered 403 to a request made with `stale`: one renewal, shared by every request
   * that saw that same token. A request holding an already replaced token just gets the current one.
   */
  renewAfterForbidden(stale: Token): Promise<Token>;
  readonly stats: Readonly<TokenManagerStats>;
}

export interface TokenManagerOptions {
  /** One login request. Throws a LoginFailure (or a FacturaError, which ends the run as is). */
  readonly login: () => Promise<{ readonly token: string; readonly expiresAt: number }>;
  /** The issuer whose login this is, for a refusal's message. */
  readonly ruc?: string;
  /** Where the login and the login's address were given, as the caller names them (default: the library's options). */
  readonly names?: Pick<ValueNames, 'loginPlaces' | 'authUrl'>;
  /** Epoch milliseconds. */
  readonly clock: () => number;
  /** Renew this long before expiry (default 15 minutes, docs/service-contract.md §5.6); never more than half the token's life. */
  readonly renewMarginMs?: number;
  /** Renewals are spaced at least this far apart (default 0; one hour for test accounts, docs/service-contract.md §5.7). */
  readonly minRenewalIntervalMs?: number;
  readonly logger?: Logger;
  /** Waits; injected so tests drive time without sleeping. */
  readonly sleep?: (ms: number) => Promise<void>;
  /**
   * The run's stop signal (Ctrl-C): a wait for a login (a renewal held back an hour on a test
   * account, a retry's backoff) ends with it, as FacturaError('INTERRUPTED'). Before, the run
   * could not stop while it waited, and kept its lock.
   */
  readonly signal?: AbortSignal;
  /** Login requests tried before giving up when the login endpoint fails (5xx, network). Default 4. */
  readonly loginMaxAttempts?: number;
  readonly retryBaseMs?: number;
  readonly retryMaxMs?: number;
  readonly random?: () => number;
}

export const DEFAULT_RENEW_MARGIN_MS = 15 * 60_000;
/** Contract §5.7: test accounts renew at most once per hour. */
export const TEST_ACCOUNT_MIN_RENEWAL_INTERVAL_MS = 60 * 60_000;

type RenewalReason = 'first' | 'expiry' | 'forbidden';

/**
 * The service refused an issuer's mail and clave. Where they were set is the caller's to name
 * (`names.loginPlaces`): the command line reads them from FACTURA_MAIL/FACTURA_CLAVE,
 * FACTURA_MAIL_<RUC>/FACTURA_CLAVE_<RUC> or the credentials file and names them all (it named the
 * first pair only, and a user whose passwords are in the file edited the wrong thing); a program
 * passed them as options. What a run sent before is in its results.
 */
export function credentialsRefusedError(cause?: unknown, ruc?: string, names: Pick<ValueNames, 'loginPlaces'> = OPTION_NAMES): FacturaError {
  const whose = ruc === undefined ? '' : ` del emisor ${ruc}`;
  const whoseEn = ruc === undefined ? '' : ` of issuer ${ruc}`;
  const places = (text: string): string => (ruc === undefined ? text : text.replaceAll('<RUC>', ruc));
  return new FacturaError(
    'AUTH',
    localized(
      `El servicio rechazó el correo y la clave${whose} (HTTP 401). Revíselos donde los configuró: ${places(names.loginPlaces.es)}.`,
      `The service refused the mail and password${whoseEn} (HTTP 401). Check them where they were set: ${places(names.loginPlaces.en)}.`,
    ),
    cause === undefined ? undefined : { cause },
  );
}

function interruptedError(): FacturaError {
  return new FacturaError(
    'INTERRUPTED',
    localized('Se detuvo el envío mientras esperaba iniciar sesión en el servicio.', 'Sending was stopped while waiting to log in to the service.'),
  );
}

function loginUnavailableError(attempts: number, cause: unknown, names: Pick<ValueNames, 'authUrl'>): FacturaError {
  return new FacturaError(
    'SERVICE',
    localized(
      `No se pudo iniciar sesión en el servicio tras ${attempts} intento(s). Compruebe ${names.authUrl} y la conexión, y vuelva a intentarlo más tarde.`,
      `Could not log in to the service after ${attempts} attempt(s). Check ${names.authUrl} and the connection, and try again later.`,
    ),
    { cause },
  );
}

function loginRefusedError(cause: unknown): FacturaError {
  const said = cause instanceof LoginFailure ? cause.answer?.mensaje : undefined;
  return new FacturaError(
    'SERVICE',
    localized(
      `El servicio no entregó un token al iniciar sesión${said ? `: ${said}` : '.'}`,
      `The service did not hand out a token at login${said ? `: ${said}` : '.'}`,
    ),
    { cause },
  );
}

/**
 * One per run, shared by every request (docs/service-contract.md §5): a burst of first requests triggers one
 * login; the token is reused until `expiresAt − margin`, then renewed once however many requests
 * wait; a 403 triggers one renewal per stale token; renewals are spaced `minRenewalIntervalMs`
 * apart; a refused login (401) ends the run and no request is sent after it. Never logs the token.
 */
export function createTokenManager(options: TokenManagerOptions): TokenManager {
  const { login, clock } = options;
  const marginMs = options.renewMarginMs ?? DEFAULT_RENEW_MARGIN_MS;
  const minIntervalMs = options.minRenewalIntervalMs ?? 0;
  const logger = options.logger ?? silentLogger();
  const { signal } = options;
  const sleep = options.sleep ?? ((ms: number) => delay(ms, undefined, signal !== undefined ? { signal } : {}));
  const maxAttempts = Math.max(1, options.loginMaxAttempts ?? 4);
  const random = options.random ?? Math.random;
  const names = options.names ?? OPTION_NAMES;

  const stats = { logins: 0, renewals: 0, forbiddenRenewals: 0, heldBack: 0 };
  let current: Token | undefined;
  let currentForbidden = false;
  let inflight: Promise<Token> | undefined;
  let fatal: FacturaError | undefined;
  let lastLoginAt: number | undefined;
  let heldBackGeneration = 0;

  const renewAt = (token: Token): number => {
    const life = Math.max(0, token.expiresAt - token.obtainedAt);
    return token.expiresAt - Math.min(marginMs, life / 2);
  };
  const earliestLogin = (): number => (lastLoginAt === undefined ? -Infinity : lastLoginAt + minIntervalMs);

  async function loginWithRetries(): Promise<{ token: string; expiresAt: number; startedAt: number }> {
    for (let attempt = 1; ; attempt++) {
      const startedAt = clock();
      stats.logins++;
      try {
        const got = await login();
        return { ...got, startedAt };
      } catch (error) {
        if (error instanceof FacturaError) throw error;
        if (error instanceof LoginFailure && error.kind === 'auth') throw credentialsRefusedError(error, options.ruc, names);
        if (error instanceof LoginFailure && error.kind === 'refused') throw loginRefusedError(error);
        if (attempt >= maxAttempts) throw loginUnavailableError(attempt, error, names);
        const wait = retryDelay(attempt, {
          baseMs: options.retryBaseMs ?? 1_000,
          maxMs: options.retryMaxMs ?? 30_000,
          ...(error instanceof LoginFailure && error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}),
          random,
        });
        logger.warn({ attempt, waitMs: wait, err: error }, 'login failed; retrying');
        await sleep(wait);
      }
    }
  }

  function startRenewal(reason: RenewalReason): Promise<Token> {
    const run = async (): Promise<Token> => {
      const waitMs = earliestLogin() - clock();
      if (waitMs > 0) {
        stats.heldBack++;
        logger.warn({ reason, waitMs, notBefore: new Date(earliestLogin()).toISOString() }, 'token renewal held back to respect the minimum renewal interval');
        await sleep(waitMs);
      }
      const got = await loginWithRetries();
      lastLoginAt = got.startedAt;
      const token: Token = { value: got.token, expiresAt: got.expiresAt, obtainedAt: got.startedAt, generation: (current?.generation ?? 0) + 1 };
      if (token.generation > 1) stats.renewals++;
      current = token;
      currentForbidden = false;
      const expiresAt = new Date(token.expiresAt).toISOString();
      if (token.expiresAt <= clock()) logger.warn({ expiresAt }, 'the new token is already past its expiry time; is the clock wrong?');
      logger.info({ reason, generation: token.generation, expiresAt }, reason === 'first' ? 'logged in' : 'token renewed');
      return token;
    };
    const promise = run().catch((error: unknown) => {
      // A failed login ends the run: every later caller gets the same error, and nothing is sent.
      fatal = error instanceof FacturaError ? error : signal?.aborted === true ? interruptedError() : loginUnavailableError(maxAttempts, error, names);
      throw fatal;
    });
    inflight = promise;
    const clear = (): void => {
      if (inflight === promise) inflight = undefined;
    };
    promise.then(clear, clear);
    return promise;
  }

  function getToken(): Promise<Token> {
    if (fatal) return Promise.reject(fatal);
    if (inflight) return inflight;
    if (!current) return startRenewal('first');
    if (currentForbidden) return startRenewal('forbidden');
    const now = clock();
    if (now < renewAt(current)) return Promise.resolve(current);
    if (now < earliestLogin() && now < current.expiresAt) {
      // Due for renewal but too soon after the last login: keep using the still valid token.
      if (heldBackGeneration !== current.generation) {
        heldBackGeneration = current.generation;
        stats.heldBack++;
        logger.warn(
          { notBefore: new Date(earliestLogin()).toISOString(), expiresAt: new Date(current.expiresAt).toISOString() },
          'token renewal held back to respect the minimum renewal interval; the current token is still valid',
        );
      }
      return Promise.resolve(current);
    }
    return startRenewal('expiry');
  }

  function renewAfterForbidden(stale: Token): Promise<Token> {
    if (fatal) return Promise.reject(fatal);
    if (current && current.generation !== stale.generation) return getToken();
    if (inflight) return inflight;
    stats.forbiddenRenewals++;
    currentForbidden = true;
    return startRenewal('forbidden');
  }

  return { getToken, renewAfterForbidden, stats };
}
