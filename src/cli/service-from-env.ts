import type { ServiceOptions } from '../index.js';
import { FacturaError, startSandbox } from '../index.js';
import { localized } from '../i18n/localized-text.js';
import type { Logger } from '../logger.js';

const REQUIRED = ['FACTURA_RUC', 'FACTURA_MAIL', 'FACTURA_CLAVE', 'FACTURA_AUTH_URL', 'FACTURA_BASE_URL'] as const;

type Service = Pick<ServiceOptions, 'credentials' | 'authUrl' | 'baseUrl'>;

/** Credentials and addresses from the environment only (never a flag or a file the shell history keeps). */
export function serviceFromEnv(env: Readonly<Record<string, string | undefined>>): Service {
  const missing = REQUIRED.filter((name) => (env[name] ?? '').trim() === '');
  if (missing.length > 0) {
    throw new FacturaError(
      'CONFIG',
      localized(
        `Faltan variables de entorno: ${missing.join(', ')}. Las credenciales se leen solo del entorno; para probar sin cuenta use --sandbox.`,
        `Missing environment variables: ${missing.join(', ')}. Credentials are read from the environment only; to try without an account use --sandbox.`,
      ),
    );
  }
  const get = (name: (typeof REQUIRED)[number]): string => (env[name] ?? '').trim();
  return {
    credentials: { ruc: get('FACTURA_RUC'), mail: get('FACTURA_MAIL'), clave: env['FACTURA_CLAVE'] ?? '' },
    authUrl: get('FACTURA_AUTH_URL'),
    baseUrl: get('FACTURA_BASE_URL'),
  };
}

/**
 * Runs `use` against the service the flags name: the built-in sandbox started in-process with its
 * demo account (`--sandbox`, closed afterwards), or the one the environment names.
 */
export async function withService<T>(
  sandbox: boolean,
  env: Readonly<Record<string, string | undefined>>,
  logger: Logger,
  use: (service: Service) => Promise<T>,
): Promise<T> {
  if (!sandbox) return use(serviceFromEnv(env));
  const running = await startSandbox();
  logger.info({ url: running.url, ruc: running.credentials.ruc }, 'sandbox started in-process (demo account)');
  try {
    return await use({ credentials: running.credentials, authUrl: running.url, baseUrl: running.url });
  } finally {
    await running.close();
  }
}
