import { FacturaError } from '../factura-error.js';
import { detectHeader, HEADER_SEARCH_ROWS, type DetectedHeader, type DetectHeaderOptions } from './detect-header.js';
import { readTopBatches } from './read-top-batches.js';
import type { RowSource, SourceRow } from './source-row.js';

/** The top of a sheet as the header search read it, and what it found there. */
export type HeaderWindow = {
  /** The rows read, at most HEADER_SEARCH_ROWS. */
  readonly rows: readonly SourceRow[];
  /** The rows read past them (the rest of the last batch read): the next rows of the sheet. */
  readonly after: readonly SourceRow[];
  /** The sheet ended within them: they are the whole file. */
  readonly ended: boolean;
} & (
  | { readonly detected: DetectedHeader }
  /** No header row found there (or required columns missing): FacturaError('INPUT'), not yet thrown. */
  | { readonly problem: FacturaError }
);

/**
 * Read the first rows of `source` (at most HEADER_SEARCH_ROWS) from `batches`, an iterator the
 * caller holds and goes on reading or returns, and look for the header row among them
 * (detect-header.ts), with `mapping` (`--map`) and `pricesWithIgv` (`--tipo-registro
 * PRECIOS_CON_IGV`). A header that cannot be found comes back as `problem`, for the caller to throw
 * or to show; any other failure rejects.
 */
export async function readHeaderWindow(
  source: RowSource,
  batches: AsyncIterator<readonly SourceRow[]>,
  options: Pick<DetectHeaderOptions, 'mapping' | 'pricesWithIgv' | 'wording'>,
): Promise<HeaderWindow> {
  const top = await readTopBatches(batches);
  const read = top.batches.flat();
  const window = read.slice(0, HEADER_SEARCH_ROWS);
  const after = read.slice(HEADER_SEARCH_ROWS);
  const { ended } = top;
  try {
    const { mapping, pricesWithIgv, wording } = options;
    const detected = detectHeader(window, {
      file: source.file,
      wholeFile: ended,
      ...(mapping ? { mapping } : {}),
      ...(pricesWithIgv === true ? { pricesWithIgv } : {}),
      ...(wording !== undefined ? { wording } : {}),
    });
    return { rows: window, after, ended, detected };
  } catch (error) {
    if (!(error instanceof FacturaError) || error.code !== 'INPUT') throw error;
    return { rows: window, after, ended, problem: error };
  }
}
