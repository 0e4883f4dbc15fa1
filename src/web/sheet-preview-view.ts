import { CANONICAL_COLUMN_LIST, previewSheet } from '../index.js';
import { inUserTerms } from './in-user-terms.js';
import type { SheetPreview } from './workspace-api.js';
import type { WorkspaceStore } from './workspace-store.js';

/** What the server keeps of a preview to run the check later. */
export interface StoredPreview extends SheetPreview {
  /** The header row's signature, the key a confirmed mapping is remembered by. */
  readonly signature: string;
  /** The remembered mapping the preview applied; the check runs with it unless the user picks another. */
  readonly mapping?: Readonly<Record<string, string>>;
}

const CANONICAL = CANONICAL_COLUMN_LIST.map((c) => ({ name: c.name, label: c.label.es, required: c.required }));

/**
 * Previews an uploaded sheet for the columns step: the header the CLI would detect (with the mapping
 * confirmed earlier for the same headers, when there is one), each column with a sample value, and
 * whether the step can be passed over (every required column matched).
 */
export async function buildSheetPreview(store: WorkspaceStore, check: { id: string; fileName: string; storedPath: string }): Promise<StoredPreview> {
  let preview = await previewSheet(check.storedPath);
  const remembered = store.recallMapping(preview.signature);
  if (remembered !== undefined) preview = await previewSheet(check.storedPath, { mapping: remembered });
  return {
    checkId: check.id,
    fileName: check.fileName,
    format: preview.format,
    ...(preview.sheet !== undefined ? { sheet: preview.sheet } : {}),
    ...(preview.headerRow !== undefined ? { headerRow: preview.headerRow } : {}),
    columns: preview.columns,
    canonical: CANONICAL,
    missing: preview.missing,
    autoMapped: preview.header !== undefined && preview.missing.length === 0,
    remembered: remembered !== undefined,
    ...(preview.problem !== undefined ? { problem: inUserTerms(preview.problem, check).es } : {}),
    signature: preview.signature,
    ...(remembered !== undefined ? { mapping: remembered } : {}),
  };
}
