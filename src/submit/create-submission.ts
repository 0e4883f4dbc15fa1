import { setTimeout as delay } from 'node:timers/promises';
import { localized } from '../i18n/localized-text.js';
import type { Logger } from '../logger.js';
import type { SendableInvoice, Submission, SubmitResult } from './submission.js';
import type { ApiClient } from './api-client.js';
import { dispatch } from './dispatch.js';
import { documentHash } from './document-hash.js';
import type { Journal } from './journal.js';
import { journalKey } from './journal-state.js';
import { sendInvoice } from './send-invoice.js';
import type { TokenManager } from './token-manager.js';

export interface SubmissionDeps {
  readonly client: Pick<ApiClient, 'putInvoice'>;
  readonly tokens: TokenManager;
  readonly journal: Journal;
  /** The issuer's RUC: the journal key's prefix and the PUT's path parameter. */
  readonly issuerRuc: string;
  readonly concurrency: number;
  /** Invoices read ahead of submission; reading pauses beyond it (default 4 × concurrency). */
  readonly maxPending?: number;
  readonly maxAttempts?: number;
  readonly retryBaseMs?: number;
  readonly signal?: AbortSignal;
  readonly logger?: Logger;
  readonly clock?: () => number;
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const SKIPPED_NOTE = localized('ya aceptado en una ejecución anterior (diario)', 'already accepted in an earlier run (journal)');

/**
 * Submission as the pipeline uses it: for each valid invoice, the journal's word first (accepted
 * before → SKIPPED; accepted before with other content → refused, a number is never issued twice;
 * sent before without an answer → re-sent, and "ya existe" then confirms it), then sendInvoice with
 * retries, under bounded concurrency with backpressure.
 */
export function createSubmission(deps: SubmissionDeps): Submission {
  const sleep = deps.sleep ?? ((ms: number, signal?: AbortSignal) => delay(ms, undefined, signal ? { signal } : {}));
  return {
    async submit(invoice: SendableInvoice): Promise<SubmitResult> {
      const { serie, numero } = invoice.draft;
      const key = journalKey(deps.issuerRuc, serie, numero);
      const hash = documentHash(invoice.document);
      const prior = deps.journal.priorState(key, hash);
      if (prior === 'accepted') return { status: 'SKIPPED', attempts: 0, note: SKIPPED_NOTE };
      if (prior === 'accepted-different-content') {
        const row = invoice.draft.rows[0];
        return {
          status: 'INVALID',
          attempts: 0,
          problems: [
            {
              severity: 'error',
              code: 'ALREADY_ISSUED_WITH_OTHER_CONTENT',
              ...(row !== undefined ? { row } : {}),
              column: 'numero',
              value: `${serie}-${numero}`,
              message: localized(
                `La factura ${serie}-${numero} ya fue aceptada por el servicio con otro contenido (según el diario ${deps.journal.path}); un número no se puede emitir dos veces. Use un número nuevo, o emita una nota de crédito para corregir la anterior.`,
                `Invoice ${serie}-${numero} was already accepted by the service with different content (per the journal ${deps.journal.path}); a number cannot be issued twice. Use a new number, or issue a credit note to correct the earlier one.`,
              ),
            },
          ],
        };
      }
      return sendInvoice(
        { key, hash, ruc: deps.issuerRuc, document: invoice.document, priorState: prior },
        {
          client: deps.client,
          tokens: deps.tokens,
          journal: deps.journal,
          sleep,
          ...(deps.clock !== undefined ? { clock: deps.clock } : {}),
          ...(deps.signal !== undefined ? { signal: deps.signal } : {}),
          ...(deps.maxAttempts !== undefined ? { maxAttempts: deps.maxAttempts } : {}),
          ...(deps.retryBaseMs !== undefined ? { retryBaseMs: deps.retryBaseMs } : {}),
          ...(deps.logger !== undefined ? { logger: deps.logger } : {}),
        },
      );
    },
    dispatch: (items, work) => dispatch(items, work, { concurrency: deps.concurrency, maxPending: deps.maxPending ?? deps.concurrency * 4 }),
  };
}
