import type { SandboxAccount } from './sandbox-account.js';
import type { SandboxFaults } from './sandbox-faults.js';
import type { LedgerBook } from './sandbox-ledger.js';
import type { SeededRandom } from './seeded-random.js';
import type { TokenAuthority } from './token-authority.js';

/** Everything one running sandbox holds; shared by its request handlers. */
export interface SandboxState {
  /** Known accounts by RUC (a password may change while running: `changeClave`). */
  readonly accounts: Map<string, SandboxAccount>;
  /** Every account behaves as a test account (one-hour renewal rule). */
  readonly allTestAccounts: boolean;
  /** A trial's issuers: any RUC logs in with the first account's e-mail and password (SandboxOptions.anyRuc). */
  readonly anyRuc: boolean;
  faults: SandboxFaults;
  readonly tokens: TokenAuthority;
  readonly book: LedgerBook;
  readonly clock: () => number;
  readonly startedAtMs: number;
  readonly secret: Uint8Array;
  /** One seeded stream per purpose, so one never shifts another. */
  readonly random: { readonly faults: SeededRandom; readonly latency: SeededRandom; readonly logins: SeededRandom };
}

export const LOGIN_PATH = '/tokenapi/secure/v2/login/token';
export const INVOICE_PATH_PREFIX = '/factura-api/invoiceservice/integracion/factura/';
