import type { Problem } from '../invoice/problem.js';
import type { RowBatches } from './source-row.js';

/** A workbook opened on one sheet, whatever library reads it (exceljs streaming, SheetJS whole). */
export interface OpenedSheet {
  /** The sheet read. */
  readonly sheet: string;
  /** Every sheet of the workbook, in order (for exceljs, when the workbook part was read before the sheets). */
  readonly sheets: readonly { readonly name: string; readonly hidden: boolean }[];
  /** The sheet the workbook was saved showing (active-sheet.ts), when the workbook says and it is visible. */
  readonly activeSheet?: string;
  /** The sheet has an AutoFilter (its hidden rows may be filtered out). */
  readonly autoFilter: boolean;
  readonly notes: readonly Problem[];
  readonly batches: RowBatches;
  /**
   * Lets go of the workbook, whether or not its rows were read (its batches never started, left
   * early, or read to the end): the file, and what the reader spooled to disk. A batch generator
   * that was never started does not run its clean-up when returned, so a caller that only looked
   * (the list of sheets) closes the sheet with this. Safe to call more than once.
   */
  close(): Promise<void>;
}
