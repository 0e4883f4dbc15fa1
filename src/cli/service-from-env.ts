import type { IssuerCredentials, PublicSandbox, ServiceOptions, ValidateOptions } from '../index.js';
import { FacturaError, journalService, SANDBOX_SERVICE, startSandbox } from '../index.js';
import { localized } from '../i18n/localized-text.js';
import type { Logger } from '../logger.js';
import { issuerCredentials, issuerMailsFromEnv } from './issuer-credentials.js';

const ADDRESSES = ['FACTURA_AUTH_URL', 'FACTURA_BASE_URL'] as const;
const DEFAULT_LOGIN = ['FACTURA_RUC', 'FACTURA_MAIL', 'FACTURA_CLAVE'] as const;

/** Where the service is and every login the environment gives. */
export interface Service extends Pick<ServiceOptions, 'authUrl' | 'baseUrl' | 'journalService' | 'trialLogin'> {
  /** FACTURA_RUC / FACTURA_MAIL / FACTURA_CLAVE: the default issuer's login. */
  readonly credentials?: ServiceOptions['credentials'];
  /** FACTURA_MAIL_<RUC> / FACTURA_CLAVE_<RUC>, then the FACTURA_CREDENTIALS_FILE file, by RUC. */
  readonly issuerCredentials: Readonly<Record<string, IssuerCredentials>>;
}

function missingVariables(missing: readonly string[]): FacturaError {
  return new FacturaError(
    'CONFIG',
    localized(
      `Faltan variables de entorno: ${missing.join(', ')}. Las credenciales se leen solo del entorno (o del archivo FACTURA_CREDENTIALS_FILE); para probar sin cuenta use --sandbox.`,
      `Missing environment variables: ${missing.join(', ')}. Credentials are read from the environment only (or the FACTURA_CREDENTIALS_FILE file); to try without an account use --sandbox.`,
    ),
  );
}

/**
 * Addresses and credentials from the environment only (never a flag the shell history keeps):
 * the default login FACTURA_RUC/MAIL/CLAVE (all three or none, when per-issuer logins are given),
 * per-issuer FACTURA_MAIL_<RUC>/FACTURA_CLAVE_<RUC>, and the credentials file FACTURA_CREDENTIALS_FILE
 * (refused when others can read it).
 */
export async function serviceFromEnv(env: Readonly<Record<string, string | undefined>>, cwd: string = process.cwd()): Promise<Service> {
  const blank = (name: string): boolean => (env[name] ?? '').trim() === '';
  const { logins: perIssuer } = await issuerCredentials(env, cwd);
  const givenDefault = DEFAULT_LOGIN.filter((name) => !blank(name));
  const needDefault = givenDefault.length > 0 || Object.keys(perIssuer).length === 0;
  const missing = [...(needDefault ? DEFAULT_LOGIN : []), ...ADDRESSES].filter(blank);
  if (missing.length > 0) throw missingVariables(missing);
  const get = (name: string): string => (env[name] ?? '').trim();
  return {
    ...(needDefault ? { credentials: { ruc: get('FACTURA_RUC'), mail: get('FACTURA_MAIL'), clave: env['FACTURA_CLAVE'] ?? '' } } : {}),
    issuerCredentials: perIssuer,
    authUrl: get('FACTURA_AUTH_URL'),
    baseUrl: get('FACTURA_BASE_URL'),
  };
}

/**
 * What a dry run needs of the environment to read the journal as a submission from here would:
 * whose invoices (FACTURA_RUC) and at which service (FACTURA_BASE_URL). Neither is required: a dry
 * run needs no account.
 */
export function journalReadFromEnv(env: Readonly<Record<string, string | undefined>>): Pick<ValidateOptions, 'journalService' | 'journalIssuer'> {
  const baseUrl = (env['FACTURA_BASE_URL'] ?? '').trim();
  const ruc = (env['FACTURA_RUC'] ?? '').trim();
  return { ...(baseUrl !== '' ? { journalService: journalService(baseUrl) } : {}), ...(ruc !== '' ? { journalIssuer: ruc } : {}) };
}

/**
 * The mail of each login the environment gives, by RUC (FACTURA_RUC and FACTURA_MAIL, then
 * FACTURA_MAIL_<RUC>, which wins, as in a submission): a dry run builds its documents with it where
 * no issuer mail is configured, as a submission does. Only the mails: no password is read, and none is required.
 */
export function loginMailsFromEnv(env: Readonly<Record<string, string | undefined>>): Pick<ValidateOptions, 'loginMails'> {
  const ruc = (env['FACTURA_RUC'] ?? '').trim();
  const mail = (env['FACTURA_MAIL'] ?? '').trim();
  const mails = { ...(ruc !== '' && mail !== '' ? { [ruc]: mail } : {}), ...issuerMailsFromEnv(env) };
  return Object.keys(mails).length > 0 ? { loginMails: mails } : {};
}

/** One issuer's login among those the environment gives (per-issuer first), or undefined. */
export function credentialsFor(service: Service, ruc: string): ServiceOptions['credentials'] | undefined {
  const own = service.issuerCredentials[ruc];
  if (own !== undefined) return { ruc, mail: own.mail, clave: own.clave };
  return service.credentials?.ruc === ruc ? service.credentials : undefined;
}

/**
 * The service a sandbox started for `--sandbox` is (the CLI's and the workspace's): its address, its
 * demo account as the default login and, for every other issuer, its trial login (SandboxOptions.anyRuc),
 * named in the journal as the sandbox, whose address changes at every start.
 */
export function sandboxService(running: PublicSandbox): Required<Pick<Service, 'credentials' | 'authUrl' | 'baseUrl' | 'journalService' | 'trialLogin'>> {
  return {
    credentials: running.credentials,
    authUrl: running.url,
    baseUrl: running.url,
    journalService: SANDBOX_SERVICE,
    trialLogin: { mail: running.credentials.mail, clave: running.credentials.clave },
  };
}

/**
 * Runs `use` against the service the flags name: the built-in sandbox started in-process with its
 * demo account (`--sandbox`, closed afterwards), or the one the environment names. Under `--sandbox`,
 * every issuer a sheet names logs in with the demo account's e-mail and password (its trial login,
 * SandboxOptions.anyRuc): a firm tries a sheet of several issuers without an account for each.
 */
export async function withService<T>(
  sandbox: boolean,
  env: Readonly<Record<string, string | undefined>>,
  logger: Logger,
  use: (service: Service) => Promise<T>,
  cwd: string = process.cwd(),
): Promise<T> {
  if (!sandbox) return use(await serviceFromEnv(env, cwd));
  const running = await startSandbox({ anyRuc: true });
  logger.info({ url: running.url, ruc: running.credentials.ruc }, 'sandbox started in-process (demo account)');
  try {
    return await use({ ...sandboxService(running), issuerCredentials: {} });
  } finally {
    await running.close();
  }
}
