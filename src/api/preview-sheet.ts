import { FacturaError } from '../factura-error.js';
import type { LocalizedText } from '../i18n/localized-text.js';
import type { Problem } from '../invoice/problem.js';
import { cellDisplayText } from '../sheet/cell-display-text.js';
import type { ColumnMapping } from '../sheet/column-mapping.js';
import { detectHeader, HEADER_SEARCH_ROWS } from '../sheet/detect-header.js';
import type { HeaderMap } from '../sheet/header-map.js';
import type { OpenRowSourceOptions } from '../sheet/open-row-source.js';
import { openRowSource } from '../sheet/open-row-source.js';
import type { SourceRow } from '../sheet/source-row.js';

/** The top of a sheet as the columns step shows it, before anything is checked. */
export interface SheetPreview {
  readonly format: 'csv' | 'xlsx';
  readonly sheet?: string;
  /** The detected header row; absent when no row qualifies or required columns are missing. */
  readonly header?: HeaderMap;
  /** The first rows (at most HEADER_SEARCH_ROWS) as display text, with their sheet row numbers. */
  readonly rows: readonly { readonly row: number; readonly cells: readonly string[] }[];
  readonly notes: readonly Problem[];
  /** Why the header was not found (the same message `validate` stops with). */
  readonly problem?: LocalizedText;
}

/**
 * Reads only the first rows of a sheet and runs the header detection on them, as `validate` would
 * with the same mapping. Input that cannot be opened at all rejects with FacturaError('INPUT').
 */
export async function previewSheet(path: string, options: OpenRowSourceOptions & { mapping?: ColumnMapping } = {}): Promise<SheetPreview> {
  const source = await openRowSource(path, options);
  const window: SourceRow[] = [];
  let ended = false;
  const iterator = source.rows[Symbol.asyncIterator]();
  try {
    while (window.length < HEADER_SEARCH_ROWS) {
      const next = await iterator.next();
      if (next.done === true) {
        ended = true;
        break;
      }
      window.push(next.value);
    }
  } finally {
    await iterator.return?.();
  }
  const rows = window.map((r) => ({ row: r.row, cells: r.cells.map(cellDisplayText) }));
  const base = { format: source.format, ...(source.sheet !== undefined ? { sheet: source.sheet } : {}), rows };
  try {
    const detected = detectHeader(window, { file: source.file, wholeFile: ended, ...(options.mapping ? { mapping: options.mapping } : {}) });
    return { ...base, header: detected.header, notes: [...source.notes, ...detected.notes] };
  } catch (err) {
    if (err instanceof FacturaError && err.code === 'INPUT') return { ...base, notes: source.notes, problem: err.text };
    throw err;
  }
}
