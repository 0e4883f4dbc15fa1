import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';
import type { Logger } from '../logger.js';
import { DEMO_ACCOUNT, startSandbox } from '../sandbox/start-sandbox.js';
import type { RunningSandbox } from '../sandbox/start-sandbox.js';
import type { ApiClient, LoginCredentials, LoginResult } from '../submit/api-client.js';
import { createApiClient } from '../submit/api-client.js';
import type { TokenManager } from '../submit/token-manager.js';
import { createTokenManager } from '../submit/token-manager.js';

export interface ConnectionOptions {
  /** Start the built-in simulator in-process and use its demo account. */
  readonly sandbox: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly logger: Logger;
  readonly concurrency: number;
  readonly renewMarginMs?: number;
  readonly minRenewalIntervalMs?: number;
  readonly timeoutMs?: number;
}

/** One client, one token manager and the login's profile, for a run. */
export interface ServiceConnection {
  readonly client: ApiClient;
  readonly tokens: TokenManager;
  readonly credentials: LoginCredentials;
  /** What the last login said (razonSocial, estado, expiry); set once `tokens` logged in. */
  readonly profile: () => LoginResult | undefined;
  readonly sandbox?: RunningSandbox;
  readonly close: () => Promise<void>;
}

const REQUIRED = ['FACTURA_RUC', 'FACTURA_MAIL', 'FACTURA_CLAVE', 'FACTURA_AUTH_URL', 'FACTURA_BASE_URL'] as const;

/** Credentials and addresses from the environment only (contract §5.8), or the sandbox's. */
export async function connectService(options: ConnectionOptions): Promise<ServiceConnection> {
  let sandbox: RunningSandbox | undefined;
  let credentials: LoginCredentials;
  let authUrl: string;
  let baseUrl: string;
  if (options.sandbox) {
    sandbox = await startSandbox();
    credentials = { ruc: DEMO_ACCOUNT.ruc, mail: DEMO_ACCOUNT.mail, clave: DEMO_ACCOUNT.clave };
    authUrl = baseUrl = sandbox.url;
    options.logger.info({ url: sandbox.url, ruc: DEMO_ACCOUNT.ruc }, 'sandbox started in-process (demo account)');
  } else {
    const missing = REQUIRED.filter((name) => (options.env[name] ?? '').trim() === '');
    if (missing.length > 0) {
      throw new FacturaError(
        'CONFIG',
        localized(
          `Faltan variables de entorno: ${missing.join(', ')}. Las credenciales se leen solo del entorno; para probar sin cuenta use --sandbox.`,
          `Missing environment variables: ${missing.join(', ')}. Credentials are read from the environment only; to try without an account use --sandbox.`,
        ),
      );
    }
    const env = (name: (typeof REQUIRED)[number]): string => (options.env[name] ?? '').trim();
    credentials = { ruc: env('FACTURA_RUC'), mail: env('FACTURA_MAIL'), clave: options.env['FACTURA_CLAVE'] ?? '' };
    authUrl = env('FACTURA_AUTH_URL');
    baseUrl = env('FACTURA_BASE_URL');
  }
  const timeoutMs = options.timeoutMs ?? 60_000;
  const client = createApiClient({ authUrl, baseUrl, connections: options.concurrency, headersTimeoutMs: timeoutMs, bodyTimeoutMs: timeoutMs });
  let profile: LoginResult | undefined;
  const tokens = createTokenManager({
    login: async () => {
      profile = await client.login(credentials);
      return { token: profile.token, expiresAt: profile.expiresAt };
    },
    clock: Date.now,
    logger: options.logger,
    ...(options.renewMarginMs !== undefined ? { renewMarginMs: options.renewMarginMs } : {}),
    ...(options.minRenewalIntervalMs !== undefined ? { minRenewalIntervalMs: options.minRenewalIntervalMs } : {}),
  });
  return {
    client,
    tokens,
    credentials,
    profile: () => profile,
    ...(sandbox !== undefined ? { sandbox } : {}),
    close: async () => {
      await client.close();
      await sandbox?.close();
    },
  };
}
