import { HEADER_SEARCH_ROWS } from './detect-header.js';
import type { SourceRow } from './source-row.js';

/** The top of a sheet: the batches that hold its first HEADER_SEARCH_ROWS rows, as they came. */
export interface TopBatches {
  readonly batches: readonly (readonly SourceRow[])[];
  /** The sheet ended within them: they are the whole file. */
  readonly ended: boolean;
  /** `stop` held for one of the first HEADER_SEARCH_ROWS rows, and reading stopped at its batch. */
  readonly stopped: boolean;
}

/**
 * Read batches from `batches` (an iterator the caller holds, and goes on reading or returns) until
 * they hold HEADER_SEARCH_ROWS rows, the sheet ends, or `stop` holds for one of those rows: the one
 * read of a sheet's top that both the header search (read-header-window.ts) and the choice of a
 * workbook's sheet (open-row-source.ts) make.
 */
export async function readTopBatches(batches: AsyncIterator<readonly SourceRow[]>, stop?: (row: SourceRow) => boolean): Promise<TopBatches> {
  const read: (readonly SourceRow[])[] = [];
  let rows = 0;
  while (rows < HEADER_SEARCH_ROWS) {
    const next = await batches.next();
    if (next.done === true) return { batches: read, ended: true, stopped: false };
    read.push(next.value);
    for (const row of next.value) {
      if (rows >= HEADER_SEARCH_ROWS) break;
      rows += 1;
      if (stop?.(row) === true) return { batches: read, ended: false, stopped: true };
    }
  }
  return { batches: read, ended: false, stopped: false };
}
