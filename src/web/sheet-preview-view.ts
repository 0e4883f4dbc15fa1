import { createHash } from 'node:crypto';
import { previewSheet } from '../api/preview-sheet.js';
import type { SheetPreview as LibraryPreview } from '../api/preview-sheet.js';
import { CANONICAL_COLUMNS, REQUIRED_COLUMNS } from '../invoice/canonical-columns.js';
import type { ColumnName } from '../invoice/canonical-columns.js';
import { headerKey } from '../sheet/column-mapping.js';
import { columnLetter } from '../sheet/header-map.js';
import type { SheetColumn, SheetPreview } from './workspace-api.js';
import type { WorkspaceStore } from './workspace-store.js';

/** What the server keeps of a preview to run the check later: the header signature for remembering a mapping. */
export interface StoredPreview extends SheetPreview {
  readonly signature: string;
  /** The remembered mapping the preview applied; the check runs with it unless the user picks another. */
  readonly mapping?: Readonly<Record<string, string>>;
}

/** The signature of a header row: its texts, compared as the header matcher compares them. */
export function headerSignature(headers: readonly string[]): string {
  return createHash('sha256')
    .update(JSON.stringify(headers.map((h) => headerKey(h))))
    .digest('hex');
}

const CANONICAL = CANONICAL_COLUMNS.map((c) => ({ name: c.name, label: c.label.es, required: c.required }));

function isBlank(cells: readonly string[]): boolean {
  return cells.every((c) => c.trim() === '');
}

/** The preview's header row: the detected one, else the first non-blank row (for the user to map by hand). */
function headerRowOf(p: LibraryPreview): { row: number; cells: readonly string[] } | undefined {
  if (p.header !== undefined) return p.rows.find((r) => r.row === p.header?.row);
  return p.rows.find((r) => !isBlank(r.cells));
}

function columnsOf(p: LibraryPreview, headerRow: { row: number; cells: readonly string[] }): SheetColumn[] {
  const below = p.rows.filter((r) => r.row > headerRow.row);
  const fed = new Map<number, ColumnName>();
  for (const [name, c] of Object.entries(p.header?.columns ?? {}) as [ColumnName, { index: number } | undefined][]) {
    if (c !== undefined) fed.set(c.index, name);
  }
  return headerRow.cells
    .map((header, index) => ({ header: header.trim(), index }))
    .filter((c) => c.header !== '')
    .map(({ header, index }) => {
      const column = fed.get(index);
      return {
        index,
        header,
        letter: columnLetter(index),
        sample: below.map((r) => r.cells[index] ?? '').find((v) => v.trim() !== '') ?? '',
        ...(column !== undefined ? { column } : {}),
      };
    });
}

/**
 * Previews an uploaded sheet for the columns step: the header the CLI would detect (with a mapping
 * remembered for the same headers, when there is one), each column with a sample value, and
 * whether the step can be passed over (every required column matched).
 */
export async function buildSheetPreview(
  store: WorkspaceStore,
  check: { id: string; fileName: string; storedPath: string },
): Promise<StoredPreview> {
  let preview = await previewSheet(check.storedPath);
  const first = headerRowOf(preview);
  const signature = headerSignature(first?.cells.filter((c) => c.trim() !== '') ?? []);
  const remembered = store.recallMapping(signature);
  if (remembered !== undefined) preview = await previewSheet(check.storedPath, { mapping: remembered });
  const headerRow = headerRowOf(preview);
  const columns = headerRow === undefined ? [] : columnsOf(preview, headerRow);
  const fed = new Set(columns.map((c) => c.column).filter((c) => c !== undefined));
  const missing = REQUIRED_COLUMNS.filter((c) => !fed.has(c));
  return {
    checkId: check.id,
    fileName: check.fileName,
    format: preview.format,
    ...(preview.sheet !== undefined ? { sheet: preview.sheet } : {}),
    ...(headerRow !== undefined ? { headerRow: headerRow.row } : {}),
    columns,
    canonical: CANONICAL,
    missing,
    autoMapped: preview.header !== undefined && missing.length === 0,
    remembered: remembered !== undefined,
    ...(preview.problem !== undefined ? { problem: preview.problem.es.replaceAll(check.storedPath, `«${check.fileName}»`) } : {}),
    signature,
    ...(remembered !== undefined ? { mapping: remembered } : {}),
  };
}
