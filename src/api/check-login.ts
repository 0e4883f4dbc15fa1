import { silentLogger } from '../logger.js';
import { openServiceSession } from '../submit/service-session.js';
import type { ServiceOptions } from './run-options.js';

/** What the service says of an account: never the token. */
export interface LoginCheck {
  readonly ruc: string;
  readonly razonSocial?: string;
  readonly estado?: string;
  /** Epoch ms when the token expires. */
  readonly expiresAt: number;
}

/** One login: the account's legal name, state and token expiry. Refused credentials: FacturaError 'AUTH'. */
export async function checkLogin(options: ServiceOptions): Promise<LoginCheck> {
  const session = openServiceSession({
    credentials: options.credentials,
    authUrl: options.authUrl,
    baseUrl: options.baseUrl,
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
