/**
 * What can go wrong on purpose in the sandbox, and the pure rules that decide it. The server
 * draws the random numbers (from a seeded stream) and applies the decisions.
 */

/** A whole-service outage, in milliseconds since the sandbox started: every request gets a 500. */
export interface SandboxOutage {
  readonly fromMs: number;
  readonly toMs: number;
}

export interface SandboxFaults {
  /** Fixed delay before any login or invoice request is answered. */
  readonly latencyMs: number;
  /** Extra delay, uniform in [0, latencyJitterMs), added to latencyMs. */
  readonly latencyJitterMs: number;
  /** Share (0-1) of invoice PUTs answered 500 with the contract's error body, not processed. */
  readonly failureRate: number;
  /** Share (0-1) of invoice PUTs whose connection is destroyed before the body is read (no answer). */
  readonly dropRate: number;
  /**
   * Share (0-1) of invoice PUTs that are processed (an acceptable invoice IS recorded in the ledger)
   * but whose answer is lost: the connection is destroyed instead. A resend then meets "ya existe".
   */
  readonly dropAfterAcceptRate: number;
  /**
   * Share (0-1) of invoice PUTs of a document the sandbox would accept that it refuses instead: 400
   * with the contract's error body and a reason, nothing recorded, as the service refuses a
   * document for a reason of its own (the importer's checks cannot foresee it).
   */
  readonly refuseRate: number;
  /** Share (0-1) of logins answered 500. */
  readonly loginFailureRate: number;
  /** Windows of total outage, relative to the sandbox's start. */
  readonly outages: readonly SandboxOutage[];
  /** Lifetime of the tokens issued from now on; the contract's 8 hours by default. */
  readonly tokenLifetimeMs: number;
}

export const EIGHT_HOURS_MS = 8 * 60 * 60 * 1000;

export const NO_FAULTS: SandboxFaults = {
  latencyMs: 0,
  latencyJitterMs: 0,
  failureRate: 0,
  dropRate: 0,
  dropAfterAcceptRate: 0,
  refuseRate: 0,
  loginFailureRate: 0,
  outages: [],
  tokenLifetimeMs: EIGHT_HOURS_MS,
};

/** What happens to one invoice PUT. */
export type PutFault = 'none' | 'fail500' | 'drop' | 'dropAfterAccept' | 'refuse';

/**
 * Decides the fault of one PUT from ONE uniform draw `u` in [0, 1), so every PUT consumes exactly
 * one number of the fault stream whatever the rates: the same seed replays the same sequence.
 */
export function pickPutFault(u: number, faults: SandboxFaults): PutFault {
  let edge = faults.dropRate;
  if (u < edge) return 'drop';
  edge += faults.failureRate;
  if (u < edge) return 'fail500';
  edge += faults.dropAfterAcceptRate;
  if (u < edge) return 'dropAfterAccept';
  edge += faults.refuseRate;
  if (u < edge) return 'refuse';
  return 'none';
}

/** The delay of one request from one uniform draw `u` in [0, 1). */
export function latencyFor(u: number, faults: SandboxFaults): number {
  return faults.latencyMs + Math.floor(u * faults.latencyJitterMs);
}

/** Whether `elapsedMs` since the start falls inside an outage window (from inclusive, to exclusive). */
export function inOutage(elapsedMs: number, outages: readonly SandboxOutage[]): boolean {
  return outages.some((o) => elapsedMs >= o.fromMs && elapsedMs < o.toMs);
}
