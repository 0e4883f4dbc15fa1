import { join } from 'node:path';
import type { CellEdits, MappingRecord, ValidateOptions } from '../index.js';
import type { StoredPreview } from './sheet-preview-view.js';
import type { CheckRecord } from './workspace-store.js';

/**
 * What the library is told to read a check's sheet as the user chose it: the workbook's sheet, the
 * column mapping (a mapping file, with whether its unit value includes IGV) and the edits, and where the check's
 * workbooks go (beside its upload, one pair per check: each run writes over the last), in the
 * workspace's words. One place,
 * so a check, «Revalidar», a submission and the workbooks written at a download (check-files) all
 * read the very same rows.
 */
export function checkRunOptions(
  check: CheckRecord,
  mapping: MappingRecord | undefined,
  edits: CellEdits,
): Pick<ValidateOptions, 'sheet' | 'mapping' | 'edits' | 'out' | 'fixAndResendOut' | 'wording' | 'fileName'> {
  // The workbook's sheet the user chose (absent: the one the CLI would read).
  const sheet = (check.preview as StoredPreview | undefined)?.chosenSheet;
  const dir = join(check.storedPath, '..');
  return {
    ...(sheet !== undefined ? { sheet } : {}),
    ...(mapping !== undefined ? { mapping: { ...mapping } } : {}),
    ...(edits.size > 0 ? { edits } : {}),
    out: join(dir, 'resultados.xlsx'),
    fixAndResendOut: join(dir, 'corregir.xlsx'),
    // The messages, in the events and in both workbooks, say what to do on the page and name the upload as its user does.
    wording: 'workspace',
    fileName: check.fileName,
  };
}
