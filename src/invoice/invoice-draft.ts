import type { ColumnName } from './canonical-columns.js';
import type { LineValues, PriceCurrency, SheetAmountHeaders, SheetAmounts } from './line-record.js';
import type { Problem } from './problem.js';

export interface DraftLine {
  readonly row: number;
  readonly values: LineValues;
  /** The sheet's own amounts on the row (Total, Subtotal, IGV columns), to reconcile against. */
  readonly sheetAmounts?: SheetAmounts;
  readonly sheetAmountHeaders?: SheetAmountHeaders;
  /** The currency its unit value was written in, when its cell named one (`S/ 43.26`). */
  readonly priceCurrency?: PriceCurrency;
}

/** The rows of one invoice (one `serie`/`numero`), invoice-level fields filled down. */
export interface InvoiceDraft {
  readonly kind: 'invoice';
  readonly serie: string;
  readonly numero: string;
  /** The issuer's RUC as the sheet's `emisorRuc` column gives it; absent: the run's default issuer. */
  readonly emisorRuc?: string;
  /** Every source row of the invoice, ascending. */
  readonly rows: readonly number[];
  /** Invoice-level values, from the invoice's first row (filled down). */
  readonly header: Readonly<Partial<Record<ColumnName, string>>>;
  readonly lines: readonly DraftLine[];
  /** Cell problems of its rows and grouping problems (a continuation row that disagrees…). */
  readonly problems: readonly Problem[];
}

/** Rows that could not belong to any invoice (e.g. no serie/numero before them): each one reported. */
export interface OrphanRows {
  readonly kind: 'orphan';
  readonly rows: readonly number[];
  readonly problems: readonly Problem[];
}

/** What grouping yields: every source row ends in exactly one of these. */
export type GroupItem = InvoiceDraft | OrphanRows;
