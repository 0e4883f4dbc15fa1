import type { ColumnName } from './canonical-columns.js';
import type { Problem } from './problem.js';

/**
 * The amounts the sheet itself carries for a row, in columns that are not ours (Total, Subtotal,
 * IGV), as exact decimal strings: each invoice is reconciled against them (reconcile-sheet-amounts.ts).
 * `columns` names the sheet's header text of each, for the message.
 */
export interface SheetAmounts {
  /** A total with IGV («Total», «Importe total», «Total con IGV»). */
  readonly total?: string;
  /** A base without IGV («Subtotal», «Valor venta», «Base imponible»). */
  readonly base?: string;
  readonly igv?: string;
  /** An amount that may be either («Importe», «Monto»): it agrees when it equals one of them. */
  readonly amount?: string;
  /**
   * A discount («Descuento», «Dscto», «% Descuento»): the service takes none, so a line that has one
   * is an error (discount-problems.ts). The cell as the sheet shows it («18,50», «10%»).
   */
  readonly discount?: string;
}

/** The sheet's header text of each amount column found (for messages pointing at the column). */
export type SheetAmountHeaders = Readonly<Partial<Record<keyof SheetAmounts, string>>>;

/**
 * The currency a unit value was written in (`S/ 43.26`, `US$ 25.00`, as a CSV saved from a
 * currency-formatted column holds them): the number is read without it, and validation checks it
 * against the invoice's moneda (price-currency-problems.ts).
 */
export interface PriceCurrency {
  /** A moneda catalogue value: `PEN`, `USD`. */
  readonly currency: string;
  /** The cell as written, for the message. */
  readonly shown: string;
  /** Not a cell of the line: the sheet's title names the currency (its row), and the sheet has no moneda column. */
  readonly titleRow?: number;
}

/** A row's normalised values by canonical column; undefined: a blank cell, or a column the sheet does not have. */
export type LineValues = Readonly<Partial<Record<ColumnName, string | undefined>>>;

/**
 * One source row after header mapping and cell normalising: canonical column → normalised text
 * (dates `YYYY-MM-DD`, times `HH:mm:ss`, numbers as exact decimal strings, identities as digits).
 * A blank cell or an absent column is undefined in `values` (a column the sheet has is there,
 * undefined when its cell is blank: read-line-records.ts); defaults are applied later.
 */
export interface LineRecord {
  readonly row: number;
  readonly values: LineValues;
  /** Cell-level problems found while normalising (a date that is not a date, a RUC in 2.05E+10…). */
  readonly problems: readonly Problem[];
  /**
   * True when the row is not a line at all and only carries `problems` as notes (a totals row, the
   * hidden rows left out): grouping reports them and never adds the row to an invoice.
   */
  readonly skipped?: boolean;
  /**
   * True for a row the sheet hides, left out (no `--incluir-ocultas`): not a line and no note of its
   * own (the reader names all of them once). Its `values` only tell grouping which invoice lost the
   * row, so that invoice gets an error instead of going out incomplete.
   */
  readonly hidden?: boolean;
  /** The sheet's own amounts on this row, when it has such columns. */
  readonly sheetAmounts?: SheetAmounts;
  /** Where those amount columns are (their header text); the same object on every record. */
  readonly sheetAmountHeaders?: SheetAmountHeaders;
  /** The currency the unit value's cell names with its symbol (`S/ 43.26`), when it names one. */
  readonly priceCurrency?: PriceCurrency;
  /** The row's invoice key before the user's corrections, when they changed it (SourceRow.before). */
  readonly keyBefore?: KeyBeforeEdits;
}

/** A row's invoice key as the untouched sheet has it (values as the run reads them; blank: undefined). */
export interface KeyBeforeEdits {
  readonly serie?: string;
  readonly numero?: string;
  readonly emisorRuc?: string;
}
