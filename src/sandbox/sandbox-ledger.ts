/** One document the sandbox accepted. */
export interface LedgerEntry {
  readonly ruc: string;
  readonly serie: string;
  readonly numero: number;
  /** sha256 (hex) of the request body exactly as received. */
  readonly sha256: string;
  /** `<ruc>-01-<serie>-<numero>`, as in the success answer. */
  readonly identificador: string;
  /** ISO instant from the sandbox's clock. */
  readonly acceptedAt: string;
}

/** What the sandbox saw, by answer. */
export interface SandboxCounters {
  /** Every POST to the login path, whatever its answer. */
  loginRequests: number;
  /** Logins answered 200 (a token handed out, new or reused). */
  logins: number;
  /** Logins answered 401 (wrong credentials). */
  loginsRefused: number;
  /** Every PUT to the invoice path, whatever happened to it. */
  puts: number;
  /** PUTs that recorded a document in the ledger (including those whose answer was then dropped). */
  accepted: number;
  /** PUTs answered 4xx other than 403 and "ya existe" (bad body, enumeration, zero price…). */
  rejected: number;
  /** PUTs answered "ya existe" (400). */
  duplicates: number;
  /** Requests answered 403 (missing, expired, altered, revoked token or another RUC). */
  forbidden403: number;
  /** Requests answered 500 (injected failures and outages, login or invoice). */
  errors500: number;
  /** Connections destroyed on purpose without an answer. */
  dropped: number;
  /** Most invoice PUTs being handled at once (from arrival to answer), over the sandbox's life. */
  maxPutsInFlight: number;
}

export interface SandboxLedger {
  readonly entries: readonly LedgerEntry[];
  readonly counters: Readonly<SandboxCounters>;
}

export const zeroCounters = (): SandboxCounters => ({
  loginRequests: 0,
  logins: 0,
  loginsRefused: 0,
  puts: 0,
  accepted: 0,
  rejected: 0,
  duplicates: 0,
  forbidden403: 0,
  errors500: 0,
  dropped: 0,
  maxPutsInFlight: 0,
});

/** The sandbox's record: an append-only list plus an index by document key (O(1) duplicate check). */
export class LedgerBook {
  readonly counters: SandboxCounters = zeroCounters();
  private readonly entries: LedgerEntry[] = [];
  private readonly byKey = new Map<string, LedgerEntry>();

  static key(ruc: string, serie: string, numero: number): string {
    return `${ruc}-01-${serie}-${numero}`;
  }

  find(ruc: string, serie: string, numero: number): LedgerEntry | undefined {
    return this.byKey.get(LedgerBook.key(ruc, serie, numero));
  }

  record(entry: LedgerEntry): void {
    this.entries.push(entry);
    this.byKey.set(LedgerBook.key(entry.ruc, entry.serie, entry.numero), entry);
    this.counters.accepted += 1;
  }

  /** A snapshot: the entries array is copied (cheap, shallow) so later requests don't change it. */
  snapshot(): SandboxLedger {
    return { entries: this.entries.slice(), counters: { ...this.counters } };
  }
}
