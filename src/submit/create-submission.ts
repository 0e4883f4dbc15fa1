import { getMaxListeners, setMaxListeners } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import pLimit from 'p-limit';
import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';
import type { LocalizedText } from '../i18n/localized-text.js';
import type { Logger } from '../logger.js';
import type { RetryWait, SendableInvoice, Submission, SubmitResult } from './submission.js';
import type { ApiClient } from './api-client.js';
import { dispatch } from './dispatch.js';
import { documentHash } from './document-hash.js';
import { inflightCut } from './inflight-cut.js';
import type { Journal } from './journal.js';
import { journalVerdict } from './journal-verdict.js';
import type { JournalVerdict, JournalVerdictInput } from './journal-verdict.js';
import { journalKey } from './journal-state.js';
import type { PriorState } from './journal-state.js';
import { DEFAULT_INFLIGHT_GRACE_MS, sendInvoice } from './send-invoice.js';
import type { TokenManager } from './token-manager.js';

/** One issuer's way to the service: its token manager, or why its invoices cannot be sent (a refused login…). */
export type IssuerAccess = { readonly tokens: TokenManager } | { readonly refused: LocalizedText };

export interface SubmissionDeps {
  readonly client: Pick<ApiClient, 'putInvoice'>;
  readonly journal: Journal;
  /**
   * The access of the issuer whose RUC the document carries (`emisor.numeroDocumentoIdentidad`,
   * which is also the journal key's prefix and the PUT's path parameter).
   */
  readonly accessFor: (ruc: string) => IssuerAccess;
  /**
   * Several issuers: a login refused during the run (a 401 after a renewal) stops only that
   * issuer's invoices, each FAILED with the reason. One issuer: it ends the run, as before.
   */
  readonly isolateIssuers?: boolean;
  /**
   * The sheet names no issuer and the journal is its own (beside it): an invoice whose number the
   * journal shows accepted for its one other issuer is held (anotherIssuerProblem), the sheet rerun
   * under another login. Not with a shared journal (the workspace's) or a sheet of several issuers,
   * where another company's F001-1 is its own.
   */
  readonly holdOtherIssuers?: boolean;
  /** Requests in flight at once, across every issuer. */
  readonly concurrency: number;
  /** Invoices read ahead of submission; reading pauses beyond it (default 4 × concurrency). */
  readonly maxPending?: number;
  /**
   * Invoices read ahead of the earliest one whose outcome is not in yet (default ORDER_WINDOW, at
   * least `maxPending`): outcomes are handed on in the sheet's order, and those that came early wait.
   */
  readonly orderWindow?: number;
  readonly maxAttempts?: number;
  readonly retryBaseMs?: number;
  readonly signal?: AbortSignal;
  readonly logger?: Logger;
  readonly clock?: () => number;
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Told before an invoice waits for a retry (which one, until when, why): the outcomes after it wait too. */
  readonly onRetryWait?: (wait: RetryWait) => void;
}

/** Why an issuer's invoices are not sent: its login failed (the service's reason included). */
export function issuerLoginFailed(ruc: string, error: FacturaError): LocalizedText {
  return localized(
    `no enviado: el inicio de sesión del emisor ${ruc} falló. ${error.text.es}`,
    `not sent: the login of issuer ${ruc} failed. ${error.text.en}`,
  );
}

/**
 * How far sending goes on past an invoice whose outcome is not in yet (one waiting for its retries,
 * up to five minutes each when the service sends `Retry-After`): about six seconds of sending at
 * c=32 on loopback, a few MB of outcomes held; then reading waits for that invoice.
 */
export const ORDER_WINDOW = 4096;

/**
 * Submission as the pipeline uses it: for each valid invoice, the journal's word first (accepted
 * before → SKIPPED; accepted before with other content → refused, a number is never issued twice;
 * sent before without an answer → re-sent, and "ya existe" then confirms it), then sendInvoice with
 * retries, under bounded concurrency with backpressure.
 *
 * The concurrency bound counts requests in flight (a p-limit around each request's turn in
 * sendInvoice), not invoices being worked on: an invoice whose answer came back frees its slot at
 * once, while its outcome line waits for the journal's next fdatasync, which then also covers the
 * attempt line of the invoice that took the slot (one disk sync per request instead of two in a
 * row). The invoices read ahead (`maxPending`) are all worked on, each waiting for a slot.
 */
export function createSubmission(deps: SubmissionDeps): Submission {
  const sleep = deps.sleep ?? ((ms: number, signal?: AbortSignal) => delay(ms, undefined, signal ? { signal } : {}));
  /** Issuers whose login was refused during the run: their further invoices fail without a request. */
  const refusedDuringRun = new Map<string, LocalizedText>();
  const concurrency = Math.max(1, deps.concurrency);
  const clock = deps.clock ?? Date.now;
  const onRetryWait = deps.onRetryWait;
  const maxPending = Math.max(1, deps.maxPending ?? concurrency * 4);
  const slot = pLimit(concurrency);
  // Every invoice read ahead may be waiting for a retry, and each wait listens to the stop signal.
  if (deps.signal !== undefined) setMaxListeners(Math.max(getMaxListeners(deps.signal), maxPending + concurrency + 10), deps.signal);
  // One cut of the requests in flight for the whole run, after the stop signal's grace.
  const cut = deps.signal !== undefined ? inflightCut(deps.signal, DEFAULT_INFLIGHT_GRACE_MS, concurrency) : undefined;
  /** An earlier run's acceptance of `key`, as the journal holds it (undefined: none), for journalVerdict. */
  const acceptance = (key: string, sameDocument?: boolean): JournalVerdictInput['accepted'] => {
    if (!deps.journal.accepted(key)) return undefined;
    const identificador = deps.journal.issuedAs(key);
    const answerHash = deps.journal.answerHashOf(key);
    return {
      ...(identificador !== undefined ? { identificador } : {}),
      ...(answerHash !== undefined ? { answerHash } : {}),
      ...(sameDocument !== undefined ? { sameDocument } : {}),
    };
  };
  /** A verdict that holds the invoice, as the submission's result; undefined when it goes on to be sent. */
  const resultOf = (verdict: JournalVerdict): SubmitResult | undefined => {
    switch (verdict.kind) {
      case 'skipped':
        return { status: 'SKIPPED', attempts: 0, note: verdict.note, ...(verdict.answer !== undefined ? { answer: verdict.answer } : {}) };
      case 'other-content':
        return { status: 'INVALID', attempts: 0, problems: [verdict.problem] };
      case 'another-issuer':
        return verdict.held ? { status: 'INVALID', attempts: 0, problems: [verdict.problem] } : undefined;
      case 'none':
        return undefined;
    }
  };
  /** The journal's word on an invoice (Submission.settled), with its key, hash and prior state for a send. */
  const journalWord = (
    invoice: SendableInvoice,
  ):
    | { readonly result: SubmitResult }
    | { readonly key: string; readonly hash: string; readonly prior: Exclude<PriorState, 'accepted' | 'accepted-different-content'> } => {
    const { serie, numero } = invoice.draft;
    const ruc = invoice.document.emisor.numeroDocumentoIdentidad;
    const key = journalKey(ruc, serie, numero);
    const hash = documentHash(invoice.document);
    const prior = deps.journal.priorState(key, hash);
    const accepted = prior === 'accepted' || prior === 'accepted-different-content' ? acceptance(key, prior === 'accepted') : undefined;
    // The sheet names no issuer, and its journal shows the number accepted for another: rerun under another login.
    const namesIssuer = invoice.draft.emisorRuc !== undefined;
    const otherIssuer =
      accepted === undefined && deps.holdOtherIssuers === true && !namesIssuer ? deps.journal.acceptedByAnotherIssuer(ruc, serie, numero) : undefined;
    const result = resultOf(
      journalVerdict({
        serie,
        numero,
        ...(invoice.draft.rows[0] !== undefined ? { row: invoice.draft.rows[0] } : {}),
        ...(accepted !== undefined ? { accepted } : {}),
        namesIssuer,
        issuerRuc: ruc,
        ...(otherIssuer !== undefined ? { otherIssuer } : {}),
        holdOtherIssuers: deps.holdOtherIssuers === true,
      }),
    );
    if (result !== undefined) return { result };
    if (prior === 'accepted' || prior === 'accepted-different-content') throw new Error('unreachable: an accepted invoice has a verdict');
    return { key, hash, prior };
  };
  return {
    settled(invoice: SendableInvoice): SubmitResult | undefined {
      const word = journalWord(invoice);
      return 'result' in word ? word.result : undefined;
    },
    acceptedBefore(issuerRuc: string, serie: string, numero: string | number): SubmitResult | undefined {
      // Left out, so not built: issued with whatever content.
      const accepted = acceptance(journalKey(issuerRuc, serie, numero));
      return accepted === undefined ? undefined : resultOf(journalVerdict({ serie, numero, accepted, namesIssuer: true, holdOtherIssuers: false }));
    },
    issued: (issuerRuc: string, serie: string, numero: string | number): boolean => deps.journal.accepted(journalKey(issuerRuc, serie, numero)),
    async submit(invoice: SendableInvoice): Promise<SubmitResult> {
      const { serie, numero } = invoice.draft;
      const ruc = invoice.document.emisor.numeroDocumentoIdentidad;
      // The journal first: an invoice issued before is said so even when its issuer's login now fails.
      const word = journalWord(invoice);
      if ('result' in word) return word.result;
      const { key, hash, prior } = word;
      const access = deps.accessFor(ruc);
      const refused = 'refused' in access ? access.refused : refusedDuringRun.get(ruc);
      if (refused !== undefined) return { status: 'FAILED', attempts: 0, note: refused };
      if (!('tokens' in access)) throw new Error('unreachable: an access without tokens is refused');
      const send = sendInvoice(
        { key, hash, ruc, document: invoice.document, priorState: prior },
        {
          client: deps.client,
          tokens: access.tokens,
          journal: deps.journal,
          sleep,
          slot: (turn) => slot(turn),
          ...(deps.clock !== undefined ? { clock: deps.clock } : {}),
          ...(deps.signal !== undefined ? { signal: deps.signal } : {}),
          ...(cut !== undefined ? { cut: cut.signal } : {}),
          ...(deps.maxAttempts !== undefined ? { maxAttempts: deps.maxAttempts } : {}),
          ...(deps.retryBaseMs !== undefined ? { retryBaseMs: deps.retryBaseMs } : {}),
          ...(deps.logger !== undefined ? { logger: deps.logger } : {}),
          ...(onRetryWait !== undefined
            ? { onRetryWait: ({ waitMs, ...wait }) => onRetryWait({ serie, numero: String(numero), emisorRuc: ruc, until: clock() + waitMs, ...wait }) }
            : {}),
        },
      );
      if (deps.isolateIssuers !== true) return send;
      try {
        return await send;
      } catch (error) {
        // Only a failed login of this issuer is isolated; a journal that cannot be written still ends the run.
        if (!(error instanceof FacturaError) || (error.code !== 'AUTH' && error.code !== 'SERVICE')) throw error;
        const reason = issuerLoginFailed(ruc, error);
        if (!refusedDuringRun.has(ruc))
          deps.logger?.warn({ ruc, code: error.code }, 'login of one issuer failed during the run; its remaining invoices are not sent');
        refusedDuringRun.set(ruc, reason);
        return { status: 'FAILED', attempts: 1, durationMs: 0, note: reason };
      }
    },
    // Every invoice read ahead is worked on; the requests among them are bounded by `slot`. The
    // outcomes come back in the sheet's order, and at most `orderWindow` invoices past the earliest
    // unfinished one are read: what waits for a slow invoice is bounded, not the rest of the sheet.
    dispatch: (items, work) => dispatch(items, work, { concurrency: maxPending, maxPending, window: deps.orderWindow ?? ORDER_WINDOW }),
  };
}
