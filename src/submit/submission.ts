import type { FacturaDocument } from '../invoice/factura-document.js';
import type { LocalizedText } from '../i18n/localized-text.js';
import type { ServiceAnswer } from '../invoice/invoice-outcome.js';
import type { InvoiceStatus } from '../invoice/invoice-status.js';
import type { Problem } from '../invoice/problem.js';
import type { ValidatedInvoice } from '../invoice/validate-invoice.js';
import type { SendResult } from './send-invoice.js';

/** A valid invoice with its document built: what submission takes. */
export type SendableInvoice = ValidatedInvoice & { readonly document: FacturaDocument };

/** Submission's word on one invoice: sent (SendResult), or settled by the journal before sending. */
export type SubmitResult =
  | SendResult
  | {
      readonly status: InvoiceStatus;
      readonly attempts: 0;
      readonly problems?: readonly Problem[];
      readonly note?: SendResult['note'];
      /** SKIPPED: the identificador an earlier run was given, as its journal holds it. */
      readonly answer?: ServiceAnswer;
    };

/**
 * An invoice waiting to be sent again: its last request got an answer that asks to retry, or none.
 * Outcomes are handed on in the sheet's order, so those after it wait too, and a progress display
 * stands still: this says which invoice it waits for, and until when.
 */
export interface RetryWait {
  readonly serie: string;
  readonly numero: string;
  readonly emisorRuc: string;
  /** The attempt it waits to make (2 after one failed request) and the most it makes. */
  readonly attempt: number;
  readonly maxAttempts: number;
  /** Epoch ms of the next attempt. */
  readonly until: number;
  /** Why, in words (reason-in-words.ts): «el servicio no estaba disponible (HTTP 503)». */
  readonly reason: LocalizedText;
}

/** What the pipeline needs of a submission (made by src/submit/create-submission.ts). */
export interface Submission {
  /** Journal check, then send with retries. */
  readonly submit: (invoice: SendableInvoice) => Promise<SubmitResult>;
  /**
   * The journal's word on an invoice, without a request: accepted in an earlier run (SKIPPED), or
   * held (accepted with other content, or for another issuer); undefined when it would be sent.
   * A stopped run still says it of the invoices it no longer sends: an issued one is not «no enviado».
   */
  readonly settled: (invoice: SendableInvoice) => SubmitResult | undefined;
  /**
   * SKIPPED, when the journal shows the issuer's serie and number accepted (whatever its content):
   * for an invoice the run leaves out (another issuer's, «solo RUC …»), which is not checked or built.
   */
  readonly acceptedBefore: (issuerRuc: string, serie: string, numero: string | number) => SubmitResult | undefined;
  /** Whether the journal shows the issuer's serie and number accepted (whatever its content): a yes or no, no result built. */
  readonly issued: (issuerRuc: string, serie: string, numero: string | number) => boolean;
  /** Runs `work` with bounded concurrency and backpressure, handing results back in the items' order (src/submit/dispatch.ts). */
  readonly dispatch: <T, R>(items: AsyncIterable<T>, work: (item: T) => Promise<R>) => AsyncIterable<{ item: T; result: R }>;
}
