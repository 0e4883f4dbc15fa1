import { startSandbox as startSimulator } from '../sandbox/start-sandbox.js';
import type { RunningSandbox, SandboxOptions } from '../sandbox/start-sandbox.js';

/** A running sandbox with the credentials of its first account, ready for `submitSheet`. */
export interface PublicSandbox extends RunningSandbox {
  readonly credentials: { readonly ruc: string; readonly mail: string; readonly clave: string };
}

/**
 * Starts the built-in simulator of the e-invoicing service on 127.0.0.1 (a free port unless
 * `port` is given): login and invoice paths on one `url`, its demo account (or `accounts`), fault
 * injection by option, and a ledger of what it accepted. `close()` stops it.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<PublicSandbox> {
  const sandbox = await startSimulator(options);
  const { ruc, mail, clave } = sandbox.account;
  return { ...sandbox, credentials: { ruc, mail, clave } };
}
