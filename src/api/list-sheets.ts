import { readFileHead } from '../sheet/read-file-head.js';
import { sniffFileFormat } from '../sheet/sniff-file-format.js';

/** One sheet of a workbook, as a choice of sheet lists it. */
export interface WorkbookSheet {
  readonly name: string;
  /** Hidden in the workbook: read only when asked for by name (`sheet`). */
  readonly hidden: boolean;
  /** The workbook was saved showing this sheet (its active tab), when it says so. */
  readonly active?: true;
}

/**
 * The sheets of a workbook (XLSX, XLS, ODS), in the workbook's order, to offer a choice of sheet
 * (the `sheet` option, the CLI's `--sheet`). A delimited text file has none: []. The workbook is
 * opened as a run opens it (open-workbook.ts), without looking for a header row in any sheet. A
 * file that cannot be opened rejects with FacturaError('INPUT'), as `previewSheet` and
 * `validateSheet` would.
 */
export async function listSheets(path: string): Promise<readonly WorkbookSheet[]> {
  const kind = sniffFileFormat(await readFileHead(path)).kind;
  if (kind !== 'xlsx' && kind !== 'xls' && kind !== 'ods') return [];
  // Loaded on demand: the workbook readers are heavy to load, and most callers never list sheets.
  const { openWorkbook } = await import('../sheet/open-workbook.js');
  const opened = await (await openWorkbook(path, kind)).open(undefined);
  // The sheet the reader was positioned on is let go unread: its file and what exceljs spooled.
  await opened.close();
  return opened.sheets.map((s) => ({ name: s.name, hidden: s.hidden, ...(s.name === opened.activeSheet ? { active: true as const } : {}) }));
}
