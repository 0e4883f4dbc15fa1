import type { ColumnName } from './canonical-columns.js';

/** Column values of a line or of the invoice's header. */
type Values = Partial<Record<ColumnName, string>>;

/** One line with its defaults applied and its enumerations resolved to the service's values. */
export interface ResolvedLine {
  readonly row: number;
  readonly values: Readonly<Values>;
}

/**
 * An invoice draft after defaults and catalogues: `header` holds invoice-level values (sheet, else
 * config default, else the column's default; enumerations as the service's value, an unknown one
 * left out), `rowOf` the row each invoice-level value came from (the invoice's first row for
 * defaults), `reported` the row:column cells already reported (so a rule does not repeat them).
 */
export interface ResolvedInvoice {
  readonly rows: readonly number[];
  readonly firstRow: number;
  readonly header: Readonly<Values>;
  readonly rowOf: (column: ColumnName) => number;
  readonly lines: readonly ResolvedLine[];
  readonly reported: ReadonlySet<string>;
  /**
   * Invoice-level values neither the sheet nor the configuration gave, worked out from another
   * column (the customer's document type from its number's length): a problem with one of them is
   * shown at the column it was worked out from, the one the sheet has.
   */
  readonly inferred?: ReadonlySet<ColumnName>;
}
