import type { Problem } from '../invoice/problem.js';

/**
 * A raw cell as a reader found it, before any column-specific normalising.
 * CSV cells are always `text`; XLSX cells keep what the file says they are.
 */
export type Cell =
  | { readonly kind: 'text'; readonly text: string }
  /** A numeric cell. `value` is the stored binary double; normalising removes float noise. */
  | { readonly kind: 'number'; readonly value: number; readonly numFmt?: string }
  /** A date/time cell (date systems already resolved): local wall time as `YYYY-MM-DDTHH:mm:ss`. */
  | { readonly kind: 'date'; readonly iso: string }
  | { readonly kind: 'boolean'; readonly value: boolean }
  /** An error value (`#N/A`, `#REF!`…) or a formula without a cached result (`error: 'NO_CACHED_RESULT'`). */
  | { readonly kind: 'error'; readonly error: string; readonly formula?: string };

/** One row of the input, numbered as a spreadsheet shows it (1-based, title rows counted). */
export interface SourceRow {
  readonly row: number;
  /** Cells by 0-based column index; `null` for a blank cell. */
  readonly cells: readonly (Cell | null)[];
  /** Problems the reader found in this row (e.g. a ragged CSV row). */
  readonly problems?: readonly Problem[];
  /** True when the spreadsheet hides the row (by hand, or filtered out by an AutoFilter). */
  readonly hidden?: boolean;
  /** The cells whose formula adds up a range of the rows above (=SUM(D2:D9)): the mark of a totals row. */
  readonly sumColumns?: readonly number[];
  /** On a row the user's corrections changed (apply-cell-edits.ts): its cells as the untouched sheet has them. */
  readonly before?: readonly (Cell | null)[];
}

/** What every reader returns: the pipeline never knows which format it read. */
export interface RowSource {
  readonly file: string;
  readonly format: 'csv' | 'xlsx';
  /** Sheet name for XLSX inputs. */
  readonly sheet?: string;
  /** The workbook's own format when it is not XLSX but read like one (`format` stays 'xlsx': cells have letters). */
  readonly workbook?: 'xls' | 'ods';
  /** True when the sheet has an AutoFilter: its hidden rows may be filtered out rather than hidden by hand. */
  readonly autoFilter?: boolean;
  /** File-level notes found while opening (hidden sheets skipped, encoding detected…). */
  readonly notes: readonly Problem[];
  /** The rows, streamed in batches; iterating it again is not supported. */
  readonly batches: RowBatches;
}

/**
 * Rows in reading order, a batch at a time (never an empty batch). Every stage between the reader
 * and the invoices maps batches: one async step per batch, not per row per stage (an `await` per
 * row in each of seven generator stages cost more than csv-parse's own parse).
 */
export type RowBatches = AsyncIterable<readonly SourceRow[]>;

/** The most rows a reader puts in a batch: what the stages hold beyond what they must. */
export const BATCH_ROWS = 256;
