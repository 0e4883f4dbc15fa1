import type { Problem } from '../invoice/problem.js';
import type { RowBatches } from './source-row.js';

/** A workbook opened on one sheet, whatever library reads it (exceljs streaming, SheetJS whole). */
export interface OpenedSheet {
  /** The sheet read. */
  readonly sheet: string;
  /** Every sheet of the workbook, in order (for exceljs, when the workbook part was read before the sheets). */
  readonly sheets: readonly { readonly name: string; readonly hidden: boolean }[];
  /** The sheet has an AutoFilter (its hidden rows may be filtered out). */
  readonly autoFilter: boolean;
  readonly notes: readonly Problem[];
  readonly batches: RowBatches;
}
