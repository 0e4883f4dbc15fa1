import type { InvoiceOutcome } from './invoice/invoice-outcome.js';
import type { Problem } from './invoice/problem.js';
import type { HeaderMap } from './sheet/header-map.js';
import type { LocalizedText } from './i18n/localized-text.js';
import type { RetryWait } from './submit/submission.js';

/** A problem with the place it points at, in the user's own sheet: the header text and (XLSX) the letter. */
export interface LocatedProblem extends Problem {
  /** The sheet's header text for `column` (its canonical name when the sheet has no such header). */
  readonly header?: string;
  /** The spreadsheet column letter (XLSX only; a CSV has none). */
  readonly letter?: string;
}

/** The files a run wrote. */
export interface WrittenFiles {
  /** Always written, unless the run was asked not to (`writeFiles: false`, the web workspace's check). */
  readonly results?: string;
  readonly fixAndResend?: string;
  readonly journal?: string;
}

/**
 * What a run tells a progress display as it goes, in this order: `sheet` once, then `row`,
 * `progress`, `invoice` and `problem` as the sheet streams by, then `results` once. The terminal's
 * progress bar and the web workspace are both consumers of these events; a callback that throws
 * does not stop the run.
 */
export type ImportEvent =
  /**
   * Something a person must know that is no problem of the sheet (a stale lock taken over…); may
   * come first, or before a check starts over from `sheet` (validateSheet, an invoice whose rows come back).
   */
  | { readonly type: 'notice'; readonly message: LocalizedText }
  | {
      readonly type: 'sheet';
      readonly file: string;
      readonly format: 'csv' | 'xlsx';
      /** The sheet read (XLSX). */
      readonly sheet?: string;
      /** The header row found and where each canonical column is. */
      readonly header: HeaderMap;
      /** File-level notes (title rows skipped, unknown columns…). */
      readonly notes: readonly Problem[];
    }
  /**
   * A row of the sheet below the header, as read (before any correction): each cell's text, `null`
   * when blank; `hidden` when the sheet hides it (by hand or by a filter: not read unless asked).
   */
  | { readonly type: 'row'; readonly row: number; readonly cells: readonly (string | null)[]; readonly hidden?: true }
  | { readonly type: 'progress'; readonly rowsRead: number; readonly invoices: number }
  /** An invoice waits to be sent again (submit): the outcomes after it wait for it, in the sheet's order. */
  | ({ readonly type: 'retry-wait' } & RetryWait)
  /** One invoice has its final status for this run. */
  | { readonly type: 'invoice'; readonly outcome: InvoiceOutcome }
  /** Every problem of the run (file-level, rows of no invoice, invoices, the service's answers), located. */
  | { readonly type: 'problem'; readonly problem: LocatedProblem }
  | { readonly type: 'results'; readonly written: WrittenFiles };

export type ImportEventListener = (event: ImportEvent) => void;
