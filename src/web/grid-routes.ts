import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import { messageWithoutPlace } from '../index.js';
import { storedGridWidth } from './grid-width.js';
import { pageStatusLabel } from './page-status-label.js';
import { STATUS_LABEL_ES } from './run-check.js';
import type { GridCellProblem, GridPage, GridRow } from './workspace-api.js';
import { GRID_PAGE_SIZE, ISSUER_MARK } from './workspace-api.js';
import type { WorkspaceStore } from './workspace-store.js';

const Params = z.object({ id: z.string().uuid() });
const Query = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).optional(),
  /** A sheet row number: answers the page that holds it. */
  row: z.coerce.number().int().min(1).optional(),
  errors: z.enum(['0', '1']).optional(),
});

/** Items by their sheet row (items without one are left out). */
function groupByRow<T>(items: readonly T[], rowOf: (item: T) => number | undefined): Map<number, T[]> {
  const byRow = new Map<number, T[]>();
  for (const item of items) {
    const row = rowOf(item);
    if (row === undefined) continue;
    const list = byRow.get(row);
    if (list === undefined) byRow.set(row, [item]);
    else list.push(item);
  }
  return byRow;
}

/** GET /api/checks/:id/rows: one page (GRID_PAGE_SIZE rows) of the sheet's own rows, with each cell's problems. */
export const gridRoutes: FastifyPluginCallback<{ readonly store: WorkspaceStore }> = (app, { store }, done) => {
  app.get('/api/checks/:id/rows', async (request, reply): Promise<GridPage | undefined> => {
    const params = Params.safeParse(request.params);
    const query = Query.safeParse(request.query);
    const check = params.success ? store.getCheck(params.data.id) : undefined;
    if (check === undefined || !query.success) return reply.code(404).send({ error: 'No se encontró esa página de la hoja.' });
    const id = check.id;
    // The columns the grid shows (checkView's gridColumns): a row's cells past them are not sent.
    const width = storedGridWidth(check.summary) ?? Infinity;
    const errorsOnly = query.data.errors === '1';
    const total = store.countRows(id, errorsOnly);
    const pages = Math.max(1, Math.ceil(total / GRID_PAGE_SIZE));
    let page = query.data.page ?? 0;
    if (query.data.row !== undefined) {
      const at = store.positionOfRow(id, errorsOnly, query.data.row);
      if (at !== undefined) page = Math.floor(at / GRID_PAGE_SIZE);
    }
    page = Math.min(page, pages - 1);
    const stored = store.pageRows(id, errorsOnly, page * GRID_PAGE_SIZE, GRID_PAGE_SIZE);
    const numbers = stored.map((r) => r.row);
    // The page's problems and edits, each grouped by row once (not filtered again for every row).
    const problems = groupByRow(store.problemsOfRows(id, numbers), (p) => p.row);
    const edits = groupByRow(stored.length === 0 ? [] : store.editsBetween(id, Math.min(...numbers), Math.max(...numbers)), (e) => e.row);
    const rows: GridRow[] = stored.map((r) => {
      const mine = problems.get(r.row) ?? [];
      const cellProblems: GridCellProblem[] = mine
        .filter((p) => p.colIndex !== undefined)
        // A cell's message is shown at the cell: «Fila 4, Valor unitario: » would say the place twice, with our name for its column.
        .map((p) => ({ col: p.colIndex ?? 0, message: messageWithoutPlace(p.message.es), severity: p.severity }));
      const mineEdited = edits.get(r.row) ?? [];
      const cells = r.cells.length > width ? r.cells.slice(0, width) : [...r.cells];
      for (const e of mineEdited) {
        if (e.col >= width) continue;
        while (cells.length <= e.col) cells.push('');
        cells[e.col] = e.value;
      }
      // A service's answer starts with its invoice and status («F001-7 RECHAZADO: …»), which the row's status cell shows above it.
      const invoice = r.invoice?.split(ISSUER_MARK)[0];
      const place = invoice !== undefined && r.status !== undefined ? `${invoice} ${STATUS_LABEL_ES(r.status)}: ` : undefined;
      const withoutPlace = (message: string): string => (place !== undefined && message.startsWith(place) ? message.slice(place.length) : message);
      return {
        row: r.row,
        cells,
        edited: mineEdited.filter((e) => e.col < width).map((e) => ({ col: e.col, original: e.original })),
        ...(r.status !== undefined ? { status: r.status, statusLabel: pageStatusLabel(r.status) } : {}),
        ...(r.invoice !== undefined ? { invoice: r.invoice } : {}),
        problems: cellProblems,
        rowProblems: mine.filter((p) => p.colIndex === undefined).map((p) => withoutPlace(p.message.es)),
      };
    });
    return { page, pages, total, rows };
  });
  done();
};
