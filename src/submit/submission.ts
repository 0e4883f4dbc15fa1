import type { FacturaDocument } from '../invoice/factura-document.js';
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

/** What the pipeline needs of a submission (made by src/submit/create-submission.ts). */
export interface Submission {
  /** Journal check, then send with retries. */
  readonly submit: (invoice: SendableInvoice) => Promise<SubmitResult>;
  /** Runs `work` with bounded concurrency and backpressure, handing results back in the items' order (src/submit/dispatch.ts). */
  readonly dispatch: <T, R>(items: AsyncIterable<T>, work: (item: T) => Promise<R>) => AsyncIterable<{ item: T; result: R }>;
}
