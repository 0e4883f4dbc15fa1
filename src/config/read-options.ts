import type { ColumnName } from '../invoice/canonical-columns.js';
import type { DateOrder } from '../sheet/normalize-date.js';
import type { Wording } from '../remedies.js';

/** How to read the input sheet: resolved once from flags, the config file and defaults. */
export interface ReadOptions {
  readonly sheet?: string;
  readonly encoding?: 'utf-8' | 'windows-1252';
  readonly delimiter?: ',' | ';' | '\t';
  readonly decimalComma: boolean | 'auto';
  /** `--fechas`: how text dates are written; absent, decided from the sheet (sheet-date-order.ts). */
  readonly dateOrder?: DateOrder;
  readonly mapping?: Partial<Record<ColumnName, string>>;
  readonly mergeSplit: boolean;
  /** `--incluir-ocultas`: read the rows the sheet hides or filters out (default: left out, with a note). */
  readonly includeHidden?: boolean;
  /** `--tipo-registro PRECIOS_CON_IGV`: a «Precio unitario con IGV» column is the unit value. */
  readonly pricesWithIgv?: boolean;
  /** Whom the messages speak to, which chooses how each says what to do (remedies.ts); default the library's caller. */
  readonly wording?: Wording;
}
