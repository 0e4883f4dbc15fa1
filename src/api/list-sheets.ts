import { open } from 'node:fs/promises';
import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';
import { openSheetJsRows } from '../sheet/open-sheetjs-rows.js';
import { openXlsxRows } from '../sheet/open-xlsx-rows.js';
import { sniffFileFormat } from '../sheet/sniff-file-format.js';

/** One sheet of a workbook, as a choice of sheet lists it. */
export interface WorkbookSheet {
  readonly name: string;
  /** Hidden in the workbook: read only when asked for by name (`sheet`). */
  readonly hidden: boolean;
}

/** Enough of the file for its format: the sniffer looks at its first bytes only. */
const HEAD_BYTES = 4096;

/**
 * The sheets of a workbook (XLSX, XLS, ODS), in the workbook's order, to offer a choice of sheet
 * (the `sheet` option, the CLI's `--sheet`). A delimited text file has none: []. Only the workbook's
 * sheet list is read (the sheets' rows are not). A file that cannot be opened as a workbook rejects
 * with FacturaError('INPUT'), as `previewSheet` and `validateSheet` would.
 */
export async function listSheets(path: string): Promise<readonly WorkbookSheet[]> {
  const handle = await open(path, 'r').catch((err: unknown) => {
    throw new FacturaError('INPUT', localized(`No se pudo abrir ${path}: ${String(err)}`, `${path} could not be opened: ${String(err)}`));
  });
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const kind = sniffFileFormat(head).kind;
  if (kind !== 'xlsx' && kind !== 'xls' && kind !== 'ods') return [];
  const opened = kind === 'xlsx' ? await openXlsxRows(path, undefined) : await openSheetJsRows(path, kind, undefined);
  // Abandon the sheet the reader was positioned on, as a preview does.
  await opened.rows[Symbol.asyncIterator]().return?.();
  return opened.sheets.map((s) => ({ name: s.name, hidden: s.hidden }));
}
