import type { InvoiceStatus } from './invoice-status.js';
import type { Problem } from './problem.js';

/** Amounts as exact decimal strings with 2 decimals (e.g. "118.00"). */
export interface InvoiceTotals {
  readonly base: string;
  readonly igv: string;
  readonly total: string;
}

/** What the service said about one invoice. */
export interface ServiceAnswer {
  readonly httpStatus?: number;
  readonly codigo?: string;
  readonly mensaje?: string;
  readonly detalle?: string;
  readonly identificador?: string;
  /** The whole success body, kept as the service sent it (never holds a secret). */
  readonly body?: unknown;
  /** The service's hash of the document when only the journal's record of its acceptance is known (SKIPPED: an earlier run had the body). */
  readonly hash?: string;
}

/**
 * The final word on one invoice, as the results workbook and the summary show it. Per-invoice
 * failures are data (its `status`, its `problems`, the service's `answer`), never an exception.
 */
export interface InvoiceOutcome {
  /** The issuer's RUC (the sheet's `emisorRuc`, else the run's default issuer); absent in a dry run that knows neither. */
  readonly emisorRuc?: string;
  readonly serie: string;
  readonly numero: string;
  readonly rows: readonly number[];
  readonly receptor?: { readonly tipo?: string; readonly numero?: string; readonly nombre?: string };
  readonly moneda?: string;
  /** Present when the invoice could be totalled (valid enough to compute). */
  readonly totals?: InvoiceTotals;
  readonly status: InvoiceStatus;
  readonly problems: readonly Problem[];
  readonly answer?: ServiceAnswer;
  /** Requests made for this invoice in this run. */
  readonly attempts: number;
  /** e.g. "confirmado por duplicado" for an unknown-outcome invoice the service says exists. */
  readonly note?: string;
  readonly durationMs?: number;
}
