import type { Dispatcher } from 'undici';
import type { Logger } from '../logger.js';
import type { ValueNames } from '../value-names.js';
import type { ApiClient, LoginCredentials, LoginResult } from './api-client.js';
import { createApiClient } from './api-client.js';
import type { TokenManager } from './token-manager.js';
import { createTokenManager } from './token-manager.js';

/** Where the service is and who logs in: what a submission or a login check needs. */
export interface ServiceAccess {
  readonly credentials: LoginCredentials;
  /** {auth_url}: origin (and optional path prefix) of the login endpoint. */
  readonly authUrl: string;
  /** {base_url}: origin (and optional path prefix) of the invoice endpoint. */
  readonly baseUrl: string;
  /** Send every request through this undici Dispatcher (proxy, test seam); the caller closes it. */
  readonly dispatcher?: Dispatcher;
  /** What the addresses and logins are called where they were given, for the messages (default: the library's options). */
  readonly names?: Pick<ValueNames, 'authUrl' | 'baseUrl' | 'loginPlaces'>;
}

export interface ServiceSessionOptions extends ServiceAccess {
  readonly logger: Logger;
  readonly clock: () => number;
  /** Keep-alive connections (at least the submission's concurrency). */
  readonly concurrency: number;
  readonly renewMarginMs?: number;
  readonly minRenewalIntervalMs?: number;
  readonly timeoutMs?: number;
  /** The run's stop signal: a wait for a login ends with it (token-manager.ts). */
  readonly signal?: AbortSignal;
}

/** One client, one token manager and the login's profile, for a run. */
export interface ServiceSession {
  readonly client: ApiClient;
  readonly tokens: TokenManager;
  readonly credentials: LoginCredentials;
  /** What the last login said (razonSocial, estado, expiry); set once `tokens` logged in. */
  readonly profile: () => LoginResult | undefined;
  readonly close: () => Promise<void>;
}

/** Opens a session with the service: nothing is sent until the first `tokens.getToken()`. */
export function openServiceSession(options: ServiceSessionOptions): ServiceSession {
  const sessions = openIssuerSessions({ ...options, accounts: new Map([[options.credentials.ruc, options.credentials]]) });
  const own = sessions.forRuc(options.credentials.ruc);
  if (own === undefined) throw new Error('unreachable: the session of the given credentials');
  return { client: sessions.client, tokens: own.tokens, credentials: own.credentials, profile: own.profile, close: sessions.close };
}

/** One issuer's part of a run's sessions: its own token manager over the shared client. */
export interface IssuerSession {
  readonly tokens: TokenManager;
  readonly credentials: LoginCredentials;
  /** What this issuer's last login said; set once `tokens` logged in. */
  readonly profile: () => LoginResult | undefined;
}

export interface IssuerSessions {
  /** One client (one pool of keep-alive connections) for every issuer: `concurrency` bounds them all. */
  readonly client: ApiClient;
  /** The issuer's session, made on first ask (nothing is sent until its first `getToken()`); undefined without credentials. */
  forRuc(ruc: string): IssuerSession | undefined;
  /** Token managers made so far, by RUC: their counters for the log. */
  stats(): Record<string, TokenManager['stats']>;
  readonly close: () => Promise<void>;
}

/**
 * The sessions of a run with several issuers (accounting firms): one client, and one token
 * manager per issuer, so each logs in once per token lifetime and follows the renewal rules on
 * its own; a refused login ends only that issuer's manager.
 */
export function openIssuerSessions(
  options: Omit<ServiceSessionOptions, 'credentials'> & { readonly accounts: ReadonlyMap<string, LoginCredentials> },
): IssuerSessions {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const client = createApiClient({
    authUrl: options.authUrl,
    baseUrl: options.baseUrl,
    connections: options.concurrency,
    headersTimeoutMs: timeoutMs,
    bodyTimeoutMs: timeoutMs,
    clock: options.clock,
    ...(options.dispatcher !== undefined ? { dispatcher: options.dispatcher } : {}),
    ...(options.names !== undefined ? { names: options.names } : {}),
  });
  const made = new Map<string, IssuerSession>();
  function forRuc(ruc: string): IssuerSession | undefined {
    const existing = made.get(ruc);
    if (existing !== undefined) return existing;
    const credentials = options.accounts.get(ruc);
    if (credentials === undefined) return undefined;
    let profile: LoginResult | undefined;
    const tokens = createTokenManager({
      login: async () => {
        profile = await client.login(credentials);
        return { token: profile.token, expiresAt: profile.expiresAt };
      },
      ruc,
      ...(options.names !== undefined ? { names: options.names } : {}),
      clock: options.clock,
      logger: options.logger.child({ ruc }),
      ...(options.renewMarginMs !== undefined ? { renewMarginMs: options.renewMarginMs } : {}),
      ...(options.minRenewalIntervalMs !== undefined ? { minRenewalIntervalMs: options.minRenewalIntervalMs } : {}),
      ...(options.signal !== undefined ? { signal: options.signal } : {}),
    });
    const session: IssuerSession = { tokens, credentials, profile: () => profile };
    made.set(ruc, session);
    return session;
  }
  return {
    client,
    forRuc,
    stats: () => Object.fromEntries([...made.entries()].map(([ruc, s]) => [ruc, { ...s.tokens.stats }])),
    close: () => client.close(),
  };
}
