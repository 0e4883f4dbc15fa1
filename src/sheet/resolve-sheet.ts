import type { StreamedWorksheet, WorkbookReaderInternals } from '../exceljs-internals.js';

/**
 * A streamed worksheet's real name and state (`visible`, `hidden`, `veryHidden`), from the
 * workbook's relationships and sheet list. exceljs matches a sheet file to its name only when the
 * relationship target is relative ("worksheets/sheet1.xml"); openpyxl writes
 * "/xl/worksheets/sheet1.xml", so exceljs lost names and the hidden state. `sheetNo` is the
 * number of the sheet's file (correct-excel-js-reader.ts).
 */
export function resolveSheet(internals: WorkbookReaderInternals, worksheet: StreamedWorksheet, sheetNo: string | undefined): { name: string; state: string } {
  const rel = internals.workbookRels?.find((r) => r.Target.replace(/^\//, '').replace(/^xl\//, '') === `worksheets/sheet${sheetNo ?? ''}.xml`);
  const sheet = rel === undefined ? undefined : internals.model?.sheets?.find((s) => s.rId === rel.Id);
  return { name: sheet?.name ?? worksheet.name, state: sheet?.state ?? 'visible' };
}
