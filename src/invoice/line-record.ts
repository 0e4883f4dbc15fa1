import type { ColumnName } from './canonical-columns.js';
import type { Problem } from './problem.js';

/**
 * One source row after header mapping and cell normalising: canonical column → normalised text
 * (dates `YYYY-MM-DD`, times `HH:mm:ss`, numbers as exact decimal strings, identities as digits).
 * A blank cell or an absent column is simply not in `values`; defaults are applied later.
 */
export interface LineRecord {
  readonly row: number;
  readonly values: Readonly<Partial<Record<ColumnName, string>>>;
  /** Cell-level problems found while normalising (a date that is not a date, a RUC in 2.05E+10…). */
  readonly problems: readonly Problem[];
}
