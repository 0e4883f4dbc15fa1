/**
 * The pure side of the submission journal (the appender, journal.ts, does the file I/O): what a
 * journal line holds, how a line is read back, and what the lines so far say about an invoice key.
 */

import { loopbackAsOne } from './journal-service.js';
import { soleOtherIssuer } from './sole-other-issuer.js';

/** Final statuses written after an outcome (NOT_SENT is never written: nothing was sent). */
export type JournalOutcomeStatus = 'ACCEPTED' | 'DUPLICATE' | 'REJECTED' | 'FAILED' | 'UNKNOWN';

export interface AttemptRecord {
  readonly t: 'attempt';
  readonly key: string;
  /** The service the line is about (journal-service.ts); absent in a journal written before it was recorded. */
  readonly to?: string;
  readonly hash: string;
  readonly attempt: number;
  readonly at: string;
}

export interface OutcomeRecord {
  readonly t: 'outcome';
  readonly key: string;
  readonly to?: string;
  readonly hash: string;
  readonly status: JournalOutcomeStatus;
  readonly identificador?: string;
  /** The service's hash of the document (its success body's `hash`), kept with the acceptance: a rerun's SKIPPED invoice still shows it. */
  readonly answerHash?: string;
  readonly httpStatus?: number;
  /**
   * On a FAILED outcome: the service refused every send of it before taking it (403, 429, a
   * connection never made), so it is not issued. Absent: one of its sends may have been taken (a
   * 5xx, an answer lost), or a journal written before this was kept.
   */
  readonly notTaken?: true;
  readonly at: string;
}

export type JournalRecord = AttemptRecord | OutcomeRecord;

/**
 * What the journal says about an invoice key, given the content hash the sheet has now:
 *  - `none`: never sent, or refused by the service: send it;
 *  - `accepted`: issued with this same content: skip it (SKIPPED);
 *  - `accepted-different-content`: issued with other content: refuse (a number is never issued twice);
 *  - `sent-unknown`: sent with this content but no known outcome: re-send; "ya existe" confirms it;
 *  - `other-sent-unknown`: other content was sent with no known outcome (the sheet changed since): send
 *    it, and a "ya existe" means the service most likely holds that other version, never this one;
 *  - `versions-sent-unknown`: this content and another were both sent with no known outcome: send it,
 *    and a "ya existe" leaves unknown which version the service holds.
 */
export type PriorState = 'none' | 'accepted' | 'accepted-different-content' | 'sent-unknown' | 'other-sent-unknown' | 'versions-sent-unknown';

/**
 * The journal key of an invoice: issuer RUC + serie + numero, the serie in capitals as the document
 * sends it (build-document.ts): «f001» and «F001» are one number at the service, so one key here.
 * Keys of older journals are read in capitals too (parseJournalRecord). Before, a sheet that wrote
 * «f001» once and «F001» later passed the journal's guards: an accepted invoice changed since was
 * sent again, and one whose answer was lost was no longer confirmed by «ya existe».
 */
export function journalKey(issuerRuc: string, serie: string, numero: string | number): string {
  return `${issuerRuc}-${serie.toUpperCase()}-${String(numero)}`;
}

/** The issuer RUC a journal key starts with (journalKey's first part: a RUC has no dash). */
export function issuerOfKey(key: string): string {
  return key.slice(0, key.indexOf('-'));
}

const STATUSES = new Set<string>(['ACCEPTED', 'DUPLICATE', 'REJECTED', 'FAILED', 'UNKNOWN']);

/** One journal line as a record; undefined when it is not one (torn by a crash, or damaged). */
export function parseJournalRecord(text: string): JournalRecord | undefined {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (v === null || typeof v !== 'object') return undefined;
  const r = v as Record<string, unknown>;
  if (typeof r['key'] !== 'string' || typeof r['hash'] !== 'string' || typeof r['at'] !== 'string') return undefined;
  if (r['to'] !== undefined && typeof r['to'] !== 'string') return undefined;
  // A key written before keys were in capitals (journalKey) meets the same invoice's key now.
  r['key'] = r['key'].toUpperCase();
  if (r['t'] === 'attempt' && typeof r['attempt'] === 'number') return r as unknown as AttemptRecord;
  if (r['t'] === 'outcome' && typeof r['status'] === 'string' && STATUSES.has(r['status'])) return r as unknown as OutcomeRecord;
  return undefined;
}

/**
 * Per key, one number: the first 52 bits of the content hash (plenty to tell two versions of one
 * invoice apart), plus one, positive when accepted and negative when sent with an unknown outcome.
 * Keys absent from the map are `none`. A number instead of a record keeps 300k invoices small.
 */
type Compact = number;

/** The content bits of a compact state (what `compact` makes of a hash, without the sign). */
const bitsOf = (c: Compact): number => Math.abs(c);

function compact(hash: string, accepted: boolean): Compact {
  const bits = parseInt(hash.slice(0, 13), 16);
  const v = (Number.isNaN(bits) ? 0 : bits) + 1;
  return accepted ? v : -v;
}

/**
 * Whether a record speaks about `service` (journal-service.ts): one written for it (this computer's
 * address however the record spelled it), or one written before journals named their service (it
 * keeps counting wherever it was sent, as it always did).
 */
export function recordFor(record: JournalRecord, service: string | undefined): boolean {
  return record.to === undefined || service === undefined || record.to === service || loopbackAsOne(record.to) === service;
}

/**
 * The prior state of every key at one service, folded from the journal's records in the order they
 * were written. An invoice accepted by another service (a trial on the sandbox) is not issued at
 * this one: its records are passed over, and it is sent here as if never sent.
 */
export class JournalState {
  readonly #byKey = new Map<string, Compact>();
  /**
   * The other contents of a key sent with no known outcome, besides the one #byKey holds: a key whose
   * sheet changed between two sends that both went unanswered (rare, so a list only for those).
   */
  readonly #otherUnknown = new Map<string, number[]>();
  /**
   * The service's identificador of each key accepted with one: a run that skips an invoice an
   * earlier run issued still says which document it is (an invoice shown without it reads as
   * not issued, and could be issued again under a new number).
   */
  readonly #issuedAs = new Map<string, string>();
  /** The service's hash of each key accepted with one (absent from journals written before it was kept). */
  readonly #answerHashes = new Map<string, string>();
  /** The issuers (RUCs) of the keys accepted: one, in the journal beside one company's sheet. */
  readonly #acceptedIssuers = new Set<string>();

  /** The service this state is about; undefined: every record counts (a journal read whatever its service). */
  constructor(readonly service?: string) {}

  /** Invoice keys the records so far know. */
  get keys(): number {
    return this.#byKey.size;
  }

  apply(r: JournalRecord): void {
    if (!recordFor(r, this.service)) return;
    const state = this.#byKey;
    const prior = state.get(r.key);
    if (prior !== undefined && prior > 0) return; // once issued, the number stays issued with that content
    if (r.t === 'attempt') {
      this.#sentUnknown(r.key, compact(r.hash, false));
      return;
    }
    switch (r.status) {
      case 'ACCEPTED':
        state.set(r.key, compact(r.hash, true));
        this.#otherUnknown.delete(r.key);
        if (r.identificador !== undefined) this.#issuedAs.set(r.key, r.identificador);
        if (typeof r.answerHash === 'string') this.#answerHashes.set(r.key, r.answerHash);
        this.#acceptedIssuers.add(issuerOfKey(r.key));
        return;
      case 'FAILED':
      case 'UNKNOWN':
        // A send the service refused before taking it (403, 429) is not one it may hold: a later
        // «ya existe» for the number is another document's, never a confirmation of this one.
        if (r.status === 'FAILED' && r.notTaken === true) this.#answered(r.key, compact(r.hash, true));
        else this.#sentUnknown(r.key, compact(r.hash, false));
        return;
      case 'DUPLICATE':
      case 'REJECTED':
        // The service answered and did not issue this content; an earlier unknown send of OTHER
        // content stays possible (only the service can tell: it would answer "ya existe").
        this.#answered(r.key, compact(r.hash, true));
        return;
    }
  }

  /** `sent` (negative) went out with no known outcome; the content the key held before, if another, stays possible. */
  #sentUnknown(key: string, sent: Compact): void {
    const prior = this.#byKey.get(key);
    if (prior !== undefined && prior !== sent) {
      const others = (this.#otherUnknown.get(key) ?? []).filter((b) => b !== bitsOf(sent));
      if (!others.includes(bitsOf(prior))) others.push(bitsOf(prior));
      this.#otherUnknown.set(key, others);
    }
    this.#byKey.set(key, sent);
  }

  /** The content `bits` got a definite answer that did not issue it: what else went unanswered stays. */
  #answered(key: string, bits: number): void {
    const others = (this.#otherUnknown.get(key) ?? []).filter((b) => b !== bits);
    const prior = this.#byKey.get(key);
    if (prior !== undefined && bitsOf(prior) !== bits) {
      if (others.length > 0) this.#otherUnknown.set(key, others);
      else this.#otherUnknown.delete(key);
      return;
    }
    const next = others.pop();
    if (next === undefined) {
      this.#byKey.delete(key);
      this.#otherUnknown.delete(key);
      return;
    }
    this.#byKey.set(key, -next);
    if (others.length > 0) this.#otherUnknown.set(key, others);
    else this.#otherUnknown.delete(key);
  }

  /** Whether the journal shows the key accepted, with whatever content. */
  accepted(key: string): boolean {
    const state = this.#byKey.get(key);
    return state !== undefined && state > 0;
  }

  /** The identificador the service gave the key when it accepted it, when the journal holds one. */
  issuedAs(key: string): string | undefined {
    return this.#issuedAs.get(key);
  }

  /**
   * The journal's one issuer, when it is another than `issuerRuc` and had the same serie and number
   * accepted: the sheet rerun under another login. Undefined for a journal of several issuers.
   */
  acceptedByAnotherIssuer(issuerRuc: string, serie: string, numero: string | number): string | undefined {
    const other = soleOtherIssuer(this.#acceptedIssuers, issuerRuc);
    if (other === undefined) return undefined;
    return this.accepted(journalKey(other, serie, numero)) ? other : undefined;
  }

  /** The service's hash of the document the key was accepted with, when the journal holds one. */
  answerHashOf(key: string): string | undefined {
    return this.#answerHashes.get(key);
  }

  priorState(key: string, hash: string): PriorState {
    const s = this.#byKey.get(key);
    if (s === undefined) return 'none';
    const bits = compact(hash, true);
    const sameContent = bitsOf(s) === bits;
    if (s > 0) return sameContent ? 'accepted' : 'accepted-different-content';
    const others = this.#otherUnknown.get(key) ?? [];
    const thisOne = sameContent || others.includes(bits);
    const another = !sameContent || others.some((b) => b !== bits);
    if (thisOne) return another ? 'versions-sent-unknown' : 'sent-unknown';
    return 'other-sent-unknown';
  }
}
