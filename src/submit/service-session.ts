import type { Dispatcher } from 'undici';
import type { Logger } from '../logger.js';
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
}

export interface ServiceSessionOptions extends ServiceAccess {
  readonly logger: Logger;
  readonly clock: () => number;
  /** Keep-alive connections (at least the submission's concurrency). */
  readonly concurrency: number;
  readonly renewMarginMs?: number;
  readonly minRenewalIntervalMs?: number;
  readonly timeoutMs?: number;
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
  const timeoutMs = options.timeoutMs ?? 60_000;
  const client = createApiClient({
    authUrl: options.authUrl,
    baseUrl: options.baseUrl,
    connections: options.concurrency,
    headersTimeoutMs: timeoutMs,
    bodyTimeoutMs: timeoutMs,
    clock: options.clock,
    ...(options.dispatcher !== undefined ? { dispatcher: options.dispatcher } : {}),
  });
  let profile: LoginResult | undefined;
  const tokens = createTokenManager({
    login: async () => {
      profile = await client.login(options.credentials);
      return { token: profile.token, expiresAt: profile.expiresAt };
    },
    clock: options.clock,
    logger: options.logger,
    ...(options.renewMarginMs !== undefined ? { renewMarginMs: options.renewMarginMs } : {}),
    ...(options.minRenewalIntervalMs !== undefined ? { minRenewalIntervalMs: options.minRenewalIntervalMs } : {}),
  });
  return { client, tokens, credentials: options.credentials, profile: () => profile, close: () => client.close() };
}
