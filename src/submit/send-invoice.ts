import type { LocalizedText } from '../i18n/localized-text.js';
import { localized } from '../i18n/localized-text.js';
import { bodyField } from '../invoice/body-field.js';
import type { ServiceAnswer } from '../invoice/invoice-outcome.js';
import type { Logger } from '../logger.js';
import { silentLogger } from '../logger.js';
import type { ApiClient } from './api-client.js';
import type { Classification } from './classify-response.js';
import { inflightCut } from './inflight-cut.js';
import type { InflightCut } from './inflight-cut.js';
import { reasonInWords } from './reason-in-words.js';
import type { Journal } from './journal.js';
import type { JournalOutcomeStatus, PriorState } from './journal-state.js';
import { DEFAULT_MAX_ATTEMPTS, DEFAULT_RETRY_BASE_MS, DEFAULT_RETRY_MAX_MS, retryDelay } from './retry-delay.js';
import type { Token, TokenManager } from './token-manager.js';

export type SendStatus = 'ACCEPTED' | 'DUPLICATE' | 'REJECTED' | 'FAILED' | 'UNKNOWN' | 'NOT_SENT';

export interface SendResult {
  readonly status: SendStatus;
  readonly answer?: ServiceAnswer;
  /** Requests made for this invoice in this run. */
  readonly attempts: number;
  readonly note?: LocalizedText;
  readonly durationMs: number;
}

export interface SendInvoiceInput {
  /** journalKey(issuer RUC, serie, numero). */
  readonly key: string;
  /** documentHash(document). */
  readonly hash: string;
  /** The issuer's RUC: the path parameter of the PUT. */
  readonly ruc: string;
  readonly document: unknown;
  /**
   * From journal.priorState: `sent-unknown` makes a "ya existe" answer a confirmation, unless other
   * content of the same invoice was sent without an answer too (the service may hold either).
   */
  readonly priorState?: Exclude<PriorState, 'accepted' | 'accepted-different-content'>;
}

export interface SendInvoiceDeps {
  readonly client: Pick<ApiClient, 'putInvoice'>;
  readonly tokens: TokenManager;
  readonly journal: Pick<Journal, 'recordAttempt' | 'recordOutcome'>;
  /** Waits `ms`; rejects when `signal` aborts. */
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly clock?: () => number;
  /** The run's stop signal (Ctrl-C). */
  readonly signal?: AbortSignal;
  /** How long a request in flight may still take after the stop signal (default 10 s). */
  readonly inflightGraceMs?: number;
  /**
   * The run's shared cut of requests in flight (src/submit/inflight-cut.ts), made once from
   * `signal` and the grace; without it, each call makes its own from `signal`.
   */
  readonly cut?: AbortSignal;
  /**
   * Runs one request's turn: taking the token, journaling the attempt and the PUT. The run's
   * concurrency bound is put here (p-limit), so it counts requests in flight: an invoice waiting
   * for its outcome line's fdatasync, or for its next retry, does not hold a slot. Default: no bound.
   */
  readonly slot?: <T>(turn: () => Promise<T>) => Promise<T>;
  readonly maxAttempts?: number;
  readonly retryBaseMs?: number;
  readonly retryMaxMs?: number;
  readonly random?: () => number;
  readonly logger?: Logger;
  /** Told before each wait for a retry: the attempt it waits to make, how long, and why. */
  readonly onRetryWait?: (wait: { readonly attempt: number; readonly maxAttempts: number; readonly waitMs: number; readonly reason: LocalizedText }) => void;
}

/** What a hash of the service looks like (base64 or hex, at most 200 characters): anything else in the body's `hash` is not journaled. */
const ANSWER_HASH = /^[A-Za-z0-9+/=_.:-]{1,200}$/;

/** The service's hash of an accepted document, for its journal line: a rerun that skips the invoice still shows it. */
function answerHashOf(answer: ServiceAnswer | undefined): { answerHash?: string } {
  const hash = bodyField(answer?.body, 'hash');
  return typeof hash === 'string' && ANSWER_HASH.test(hash) ? { answerHash: hash } : {};
}

const NOTES = {
  confirmed: localized(
    'confirmado por duplicado: ya se había enviado sin respuesta y el servicio indica que ya existe',
    'confirmed by duplicate: it had been sent without an answer and the service says it already exists',
  ),
  forbiddenTwice: localized(
    'el servicio rechazó el acceso (403) también con un token recién renovado',
    'the service refused access (403) even with a freshly renewed token',
  ),
  interrupted: localized(
    'envío interrumpido sin respuesta: no se sabe si el servicio lo registró; al reenviar, el servicio lo confirmará',
    'sending was interrupted without an answer: it is not known whether the service recorded it; a resend will tell',
  ),
  exhausted: (attempts: number, reason: LocalizedText): LocalizedText =>
    localized(
      `sin respuesta válida tras ${attempts} intento(s) (último: ${reason.es}). Reenvíela sin cambios: si el servicio llegó a registrarla, lo confirmará; no le dé otro número`,
      `no valid answer after ${attempts} attempt(s) (last: ${reason.en}). Send it again unchanged: if the service did record it, it will say so; do not give it another number`,
    ),
  exhaustedMaybeIssued: (attempts: number, reason: LocalizedText): LocalizedText =>
    localized(
      `sin respuesta válida tras ${attempts} intento(s) (último: ${reason.es}), y un envío pudo llegar al servicio sin que llegara su respuesta: puede estar emitida. Envíela de nuevo sin cambios para confirmarlo; no la corrija ni le dé otro número antes`,
      `no valid answer after ${attempts} attempt(s) (last: ${reason.en}), and one send may have reached the service without its answer coming back: it may be issued. Send it again unchanged to confirm; do not correct it or give it another number before`,
    ),
  duplicate: localized(
    'el servicio ya tiene un comprobante con este número. Si esta factura ya se envió antes (desde otra hoja, otro equipo o sin este diario de envíos), puede ser ella misma: consúltelo en el servicio antes de darle otro número, para no cobrar dos veces la misma venta',
    'the service already holds a document with this number. If this invoice was sent before (from another sheet, another computer or without this submission journal), it may be this very one: look it up at the service before giving it another number, so the same sale is not billed twice',
  ),
  earlierVersion: localized(
    'el servicio ya tiene este número, y según el diario de envíos una versión anterior de esta factura, con otro contenido, se envió sin que llegara la respuesta: lo más probable es que el servicio tenga esa versión, no esta. Consulte el comprobante en el servicio; si hay que corregirlo, emita una nota de crédito, no otra factura por la misma venta',
    'the service already holds this number, and per the submission journal an earlier version of this invoice, with other content, was sent without its answer coming back: the service most likely holds that version, not this one. Look the document up at the service; to correct it, issue a credit note, not another invoice for the same sale',
  ),
  versions: localized(
    'el servicio ya tiene este número, pero se enviaron sin respuesta versiones distintas de esta factura (la hoja cambió entre envíos): no se sabe cuál tiene el servicio. Consulte el comprobante en el servicio antes de corregirlo o de emitirlo otra vez',
    'the service already holds this number, but different versions of this invoice were sent without an answer (the sheet changed between sends): which one the service holds is not known. Look the document up at the service before correcting it or issuing it again',
  ),
};

/** How long a request in flight may still take after the stop signal, by default. */
export const DEFAULT_INFLIGHT_GRACE_MS = 10_000;

const aborted = (signal: AbortSignal | undefined): boolean => signal?.aborted === true;

let quiet: Logger | undefined;
/** One silent logger for every call without a logger (making a pino logger per invoice costs more than sending it). */
const quietLogger = (): Logger => (quiet ??= silentLogger());

const unbounded = <T>(turn: () => Promise<T>): Promise<T> => turn();

/**
 * Sends one invoice: takes a token, journals the attempt, PUTs, classifies; retries 5xx/429/network
 * failures with backoff; on a 403, one shared renewal and ONE repeat. Journals the final outcome.
 * Per-invoice failures are the result; only run-ending failures (refused login, journal not
 * writable) throw, as FacturaError.
 */
export async function sendInvoice(input: SendInvoiceInput, deps: SendInvoiceDeps): Promise<SendResult> {
  const { client, tokens, journal, sleep, signal } = deps;
  const clock = deps.clock ?? Date.now;
  const logger = deps.logger ?? quietLogger();
  const maxAttempts = Math.max(1, deps.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
  const graceMs = deps.inflightGraceMs ?? DEFAULT_INFLIGHT_GRACE_MS;
  const started = clock();
  const { key, hash } = input;

  let attempts = 0;
  /** The service may already hold this invoice (an earlier send got no definite answer). */
  let mayExist = input.priorState === 'sent-unknown' || input.priorState === 'versions-sent-unknown';
  /** A send of it went out and its answer never came (a connection cut after sending, a timeout), in this run or an earlier one. */
  let answerLost = mayExist;
  /** The service may already hold another version of it (the sheet changed after a send without an answer). */
  const otherMayExist = input.priorState === 'other-sent-unknown' || input.priorState === 'versions-sent-unknown';
  let repeatedAfterForbidden = false;
  let last: Classification | undefined;

  const finish = async (status: SendStatus, answer: ServiceAnswer | undefined, note?: LocalizedText): Promise<SendResult> => {
    if (status !== 'NOT_SENT') {
      const journalStatus: JournalOutcomeStatus = status;
      await journal.recordOutcome({
        key,
        hash,
        status: journalStatus,
        ...(answer?.identificador !== undefined ? { identificador: answer.identificador } : {}),
        ...(status === 'ACCEPTED' ? answerHashOf(answer) : {}),
        ...(answer?.httpStatus !== undefined ? { httpStatus: answer.httpStatus } : {}),
        // Every send refused before the service took it: a later «ya existe» cannot be this one.
        ...(status === 'FAILED' && !mayExist ? { notTaken: true as const } : {}),
      });
    }
    logger.debug({ key, status, attempts, httpStatus: answer?.httpStatus }, 'invoice finished');
    return { status, attempts, durationMs: clock() - started, ...(answer ? { answer } : {}), ...(note ? { note } : {}) };
  };
  const stopped = (): Promise<SendResult> => (mayExist ? finish('UNKNOWN', last?.answer, NOTES.interrupted) : finish('NOT_SENT', undefined));

  /** After the stop signal a PUT may still run for `graceMs`, then it is cut (outcome unknown). */
  let ownCut: InflightCut | undefined;
  const cutSignal = (): AbortSignal | undefined => {
    if (deps.cut !== undefined || signal === undefined) return deps.cut;
    ownCut ??= inflightCut(signal, graceMs);
    return ownCut.signal;
  };
  const put = (token: string): Promise<Classification> => {
    const cut = cutSignal();
    return client.putInvoice(input.ruc, input.document, token, cut !== undefined ? { signal: cut } : {});
  };
  const slot = deps.slot ?? unbounded;
  /** One request's turn: undefined when the run was stopped before it was sent. */
  const turn = async (): Promise<{ token: Token; c: Classification } | undefined> => {
    let token: Token;
    try {
      token = await tokens.getToken();
    } catch (error) {
      // A wait for a login that the stop signal ended: this invoice was not sent in this turn.
      if (aborted(signal)) return undefined;
      throw error;
    }
    if (aborted(signal)) return undefined;
    attempts++;
    await journal.recordAttempt({ key, hash, attempt: attempts });
    return { token, c: await put(token.value) };
  };

  if (aborted(signal)) return finish('NOT_SENT', undefined);
  try {
    for (;;) {
      const sent = await slot(turn);
      // Stopped while waiting for a slot: never sent in this run is NOT_SENT, as for invoices not started.
      if (sent === undefined) return attempts === 0 ? finish('NOT_SENT', undefined) : stopped();
      const { token, c } = sent;
      last = c;
      switch (c.kind) {
        case 'accepted':
          return finish('ACCEPTED', c.answer);
        case 'duplicate':
          // "Ya existe" confirms this content only when no other content can be what the service holds.
          if (mayExist) return otherMayExist ? finish('UNKNOWN', c.answer, NOTES.versions) : finish('ACCEPTED', c.answer, NOTES.confirmed);
          return finish('DUPLICATE', c.answer, otherMayExist ? NOTES.earlierVersion : NOTES.duplicate);
        case 'rejected':
          return finish('REJECTED', c.answer);
        case 'forbidden':
        case 'auth':
          if (repeatedAfterForbidden) return finish('FAILED', c.answer, NOTES.forbiddenTwice);
          repeatedAfterForbidden = true;
          logger.debug({ key, httpStatus: c.answer.httpStatus }, 'access refused; renewing the token and repeating once');
          try {
            await tokens.renewAfterForbidden(token);
          } catch (error) {
            if (aborted(signal)) return stopped();
            throw error;
          }
          if (aborted(signal)) return stopped();
          continue;
        case 'retryable': {
          // An answer past the access check: a refusal after it is the token's expiry again (a
          // retry minutes later, on a short-lived token), not a refusal of the renewed token: it
          // gets its renewal too. Two refusals in a row still fail it.
          repeatedAfterForbidden = false;
          mayExist ||= c.mayHaveBeenIssued;
          answerLost ||= c.mayHaveBeenIssued && c.answer === undefined;
          if (aborted(signal)) return stopped();
          // Out of attempts: an invoice one of whose sends got no answer at all may be issued: not known to have failed.
          if (attempts >= maxAttempts)
            return answerLost
              ? finish('UNKNOWN', c.answer, NOTES.exhaustedMaybeIssued(attempts, reasonInWords(c.reason)))
              : finish('FAILED', c.answer, NOTES.exhausted(attempts, reasonInWords(c.reason)));
          const wait = retryDelay(attempts, {
            baseMs: deps.retryBaseMs ?? DEFAULT_RETRY_BASE_MS,
            maxMs: deps.retryMaxMs ?? DEFAULT_RETRY_MAX_MS,
            ...(c.retryAfterMs !== undefined ? { retryAfterMs: c.retryAfterMs } : {}),
            random: deps.random ?? Math.random,
          });
          logger.debug({ key, attempt: attempts, reason: c.reason, waitMs: wait }, 'retrying invoice');
          deps.onRetryWait?.({ attempt: attempts + 1, maxAttempts, waitMs: wait, reason: reasonInWords(c.reason) });
          try {
            await sleep(wait, signal);
          } catch {
            if (aborted(signal)) return stopped();
            throw new Error('sleep failed without an abort');
          }
          if (aborted(signal)) return stopped();
        }
      }
    }
  } finally {
    ownCut?.dispose();
  }
}
