import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import { toCellText } from '../index.js';
import { attachment } from './attachment.js';
import { downloadName } from './download-name.js';
import type { GridColumn } from './run-check.js';
import type { StoredPreview } from './sheet-preview-view.js';
import type { WorkspaceStore } from './workspace-store.js';

const Params = z.object({ id: z.string().uuid() });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Rows read from the store at a time: the download never holds the sheet in memory. */
const CHUNK = 1000;

/**
 * Writes the sheet's own columns (header row, then every row in order) with the edits laid over,
 * as an XLSX streamed to `out`: exceljs's streaming writer, a chunk of stored rows at a time.
 * Every cell is text, as the grid shows it (an identity number keeps its leading zeros). Each row
 * keeps its number in the sheet, so the corrected sheet's messages name the rows the user knows,
 * and a row the sheet hides stays hidden: written visible, the invoice on it was read, and issued,
 * from the corrected sheet.
 */
async function writeCorrectedSheet(
  store: WorkspaceStore,
  checkId: string,
  sheet: { readonly columns: readonly GridColumn[]; readonly headerRow: number | undefined },
  out: PassThrough,
): Promise<void> {
  const { columns } = sheet;
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const ws = wb.addWorksheet('Ventas');
  // The header where the sheet has it (the title rows above it are not kept: blank), before the first row.
  const first = store.pageRows(checkId, false, 0, 1)[0]?.row;
  const headerRow = Math.max(1, Math.min(sheet.headerRow ?? 1, first === undefined ? Infinity : first - 1));
  const header = ws.getRow(headerRow);
  header.values = columns.map((c) => toCellText(c.header));
  header.commit();
  const total = store.countRows(checkId, false);
  for (let from = 0; from < total; from += CHUNK) {
    const rows = store.pageRows(checkId, false, from, CHUNK);
    if (rows.length === 0) break;
    const numbers = rows.map((r) => r.row);
    const [lowest, highest] = [Math.min(...numbers), Math.max(...numbers)];
    const edits = store.editsBetween(checkId, lowest, highest);
    const far = store.farCellsBetween(checkId, lowest, highest);
    const byRow = new Map<number, Map<number, string>>();
    for (const e of edits) byRow.set(e.row, (byRow.get(e.row) ?? new Map<number, string>()).set(e.col, e.value));
    for (const r of rows) {
      const mine = byRow.get(r.row);
      // What an XLSX cell can hold: a U+FFFE pasted into a cell made the whole sheet's XML unreadable,
      // to Excel and to this program (exceljs's writer drops only the control characters). A blank is
      // left undefined, where exceljs makes no cell: a null made one for every blank up to the last.
      const cellOf = (text: string): string | undefined => (text === '' ? undefined : toCellText(text) || undefined);
      const values = Array.from({ length: Math.max(1, columns.length, r.cells.length) }, (_, i) => cellOf(mine?.get(i) ?? r.cells[i] ?? ''));
      // The row's cells past the grid's columns, where the sheet had them (the array grows sparse: no blank between).
      for (const [column, text] of Object.entries(far.get(r.row) ?? {})) values[Number(column)] = cellOf(text);
      // A row numbered at or above the header (a sheet stored without its header row's number) goes after it.
      const row = r.row > headerRow ? ws.getRow(r.row) : ws.addRow([]);
      row.values = values;
      if (r.hidden === true) row.hidden = true;
      row.commit();
    }
    // Let the socket drain between chunks.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  ws.commit();
  await wb.commit();
}

/** GET /api/checks/:id/hoja-corregida: the uploaded sheet's columns with the edits applied, as XLSX. */
export const correctedSheetRoutes: FastifyPluginCallback<{ readonly store: WorkspaceStore }> = (app, { store }, done) => {
  app.get('/api/checks/:id/hoja-corregida', async (request, reply) => {
    const params = Params.safeParse(request.params);
    const check = params.success ? store.getCheck(params.data.id) : undefined;
    if (check === undefined) return reply.code(404).send({ error: 'No se encontró esa revisión en el espacio de trabajo.' });
    if (check.state !== 'done') return reply.code(409).send({ error: 'La hoja corregida se descarga cuando la revisión ha terminado.' });
    const columns = Array.isArray(check.gridColumns) ? (check.gridColumns as GridColumn[]) : [];
    const out = new PassThrough();
    const headerRow = (check.preview as StoredPreview | undefined)?.headerRow;
    writeCorrectedSheet(store, check.id, { columns, headerRow }, out).catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
    return reply
      .type(XLSX)
      .header('content-disposition', attachment(downloadName(check.fileName, 'corregida.xlsx')))
      .header('cache-control', 'no-store')
      .send(out);
  });
  done();
};
