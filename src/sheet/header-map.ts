import type { ColumnName } from '../invoice/canonical-columns.js';

/** Where one column of the sheet is, in the user's own words: the header text and its letter. */
export interface HeaderColumn {
  /** 0-based index into `SourceRow.cells`. */
  readonly index: number;
  /** The header text as the sheet writes it (trimmed). */
  readonly header: string;
  /** The spreadsheet column letter: A, B, …, Z, AA, AB… */
  readonly letter: string;
}

/**
 * The header row found in the sheet: which source column feeds each canonical column, and the
 * columns nobody recognised. The results report uses it to point at cells as the user sees them
 * (`receptorNumeroDocumento` → «RUC cliente», column D).
 */
export interface HeaderMap {
  /** 1-based row number of the header row, as a spreadsheet shows it. */
  readonly row: number;
  readonly columns: Readonly<Partial<Record<ColumnName, HeaderColumn>>>;
  /** Named columns that match no canonical column (ignored). */
  readonly unknown: readonly HeaderColumn[];
  /** The top row of the header, when it takes two or three rows (stacked-header.ts): the header is rows `groupRow` to `row`. */
  groupRow?: number;
  /** No quantity column: each line is one unit of its unit value, a line's amount (line-amount-as-unit.ts). */
  unitQuantity?: true;
  /** The register's document-kind column, one of `unknown` (document-kind-column.ts): a row of another kind than factura is refused. */
  documentKind?: HeaderColumn;
}

/** The spreadsheet letter of a 0-based column index: 0 → A, 25 → Z, 26 → AA, 701 → ZZ, 702 → AAA. */
export function columnLetter(index: number): string {
  if (!Number.isInteger(index) || index < 0) throw new RangeError(`column index must be a non-negative integer, got ${index}`);
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}
