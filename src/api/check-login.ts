import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';
import { isValidRuc } from '../invoice/rules/identity-document-rules.js';
import { silentLogger } from '../logger.js';
import { openServiceSession } from '../submit/service-session.js';
import type { ServiceOptions } from './run-options.js';
import { valueNames } from '../value-names.js';

/** What the service says of an account: never the token. */
export interface LoginCheck {
  readonly ruc: string;
  readonly razonSocial?: string;
  readonly estado?: string;
  /** Epoch ms when the token expires. */
  readonly expiresAt: number;
}

/**
 * One login: the account's legal name, state and token expiry. Refused credentials: FacturaError 'AUTH'.
 * A RUC that is not one is FacturaError('CONFIG') naming where it was given, before anything is sent
 * (it was «El servicio no entregó un token», as if the service had refused it).
 */
export async function checkLogin(options: ServiceOptions): Promise<LoginCheck> {
  const names = valueNames(options.valueNames);
  const { ruc } = options.credentials;
  if (!isValidRuc(ruc)) {
    throw new FacturaError(
      'CONFIG',
      localized(
        `El RUC de ${names.loginRuc} «${ruc}» no es válido (11 dígitos, prefijo 10/15/16/17/20 y dígito verificador).`,
        `The ${names.loginRuc} RUC "${ruc}" is not valid (11 digits, prefix 10/15/16/17/20 and check digit).`,
      ),
    );
  }
  const session = openServiceSession({
    credentials: options.credentials,
    authUrl: options.authUrl,
    baseUrl: options.baseUrl,
    names,
    ...(options.dispatcher !== undefined ? { dispatcher: options.dispatcher } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    logger: options.logger ?? silentLogger(),
    clock: options.clock ?? Date.now,
    concurrency: 1,
  });
  try {
    const token = await session.tokens.getToken();
    const p = session.profile();
    return {
      ruc: p?.ruc ?? options.credentials.ruc,
      ...(p?.razonSocial !== undefined ? { razonSocial: p.razonSocial } : {}),
      ...(p?.estado !== undefined ? { estado: p.estado } : {}),
      expiresAt: token.expiresAt,
    };
  } finally {
    await session.close();
  }
}
