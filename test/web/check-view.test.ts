import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateSheet } from '../../src/index.js';
import { checkView, problemGroupsView } from '../../src/web/check-routes.js';
import type { CheckRecord } from '../../src/web/workspace-store.js';
import { tempDir } from '../helpers/temp-dir.js';

let dir: { path: string; cleanup: () => Promise<void> };
beforeAll(async () => {
  dir = await tempDir('check-view-');
});
afterAll(async () => dir.cleanup());

const record = (summary: unknown): CheckRecord => ({
  id: '11111111-1111-4111-8111-111111111111',
  fileName: 'registro.csv',
  storedPath: join(dir.path, 'registro.csv'),
  createdAt: '2026-11-27T10:00:00.000Z',
  state: 'done',
  summary,
  rowsRead: 6,
  errorRows: 1,
  editsVersion: 0,
  checkedVersion: 0,
  sendCut: false,
});

describe("a check's counts on the page", () => {
  it('count every problem «Problemas encontrados» lists: the sheet’s notes and a row of no invoice too', async () => {
    const path = join(dir.path, 'registro.csv');
    // Title rows, an invoice with a bad RUC, a line of no invoice, a totals row: notes about the
    // sheet and a row error besides the invoices' own problems.
    await writeFile(
      path,
      [
        'REGISTRO DE VENTAS;;;;;;;',
        'Serie;Número;Fecha;RUC cliente;Razón social;Descripción;Cantidad;Valor unitario',
        'F001;1;26/11/2026;20512333797;Comercial Andina S.A.C.;Arroz;10;18.50',
        'F001;2;26/11/2026;20512333790;Agroexportadora Ica S.A.;Flete;1;850',
        ';;;;;Aceite;2;9.90',
        'TOTAL;;;;;;;',
      ].join('\r\n'),
    );
    const reported = { error: 0, warning: 0 };
    let ofInvoices = 0;
    const summary = await validateSheet(path, {
      writeFiles: false,
      onEvent: (e) => {
        if (e.type === 'problem') reported[e.problem.severity] += 1;
        if (e.type === 'invoice') ofInvoices += e.outcome.problems.length;
      },
    });
    const view = checkView(record(summary));
    expect(view).toMatchObject({ errors: reported.error, warnings: reported.warning });
    // More than the invoices' own, which is what the page said before; RunSummary.problems (--json)
    // counted only those too, and now counts them all as well.
    expect(view.errors + view.warnings).toBeGreaterThan(ofInvoices);
    expect(summary.problems).toEqual({ errors: view.errors, warnings: view.warnings });
  });

  it('count the invoices’ problems for a summary stored before the groups were kept', () => {
    expect(checkView(record({ invoices: 2, problems: { errors: 1, warnings: 3 } }))).toMatchObject({ errors: 1, warnings: 3 });
  });
});

describe('«Problemas encontrados»', () => {
  it('offers «Ir a la fila» only for rows of the grid, not for a note about the header row', async () => {
    const path = join(dir.path, 'titulo.csv');
    // Two title rows and a blank one above the header (row 4): the note that they were skipped is at the header row.
    await writeFile(
      path,
      [
        'REGISTRO DE VENTAS;;;;;;;',
        'RUC 20512333797;;;;;;;',
        '',
        'Serie;Número;Fecha;RUC cliente;Razón social;Descripción;Cantidad;Valor unitario',
        'F001;1;26/11/2026;20512333797;Comercial Andina S.A.C.;Arroz;10;18.50',
        'F001;2;26/11/2026;20512333790;Agroexportadora Ica S.A.;Flete;1;850',
      ].join('\r\n'),
    );
    const summary = await validateSheet(path, { writeFiles: false });
    const groups = problemGroupsView({ ...record(summary), preview: { headerRow: 4 } });
    const byCode = Object.fromEntries(groups.map((g) => [g.code, g]));
    expect(byCode['TITLE_ROWS_SKIPPED']).toBeDefined();
    expect(byCode['TITLE_ROWS_SKIPPED']?.firstRow).toBeUndefined();
    expect(byCode['RUC_CHECK_DIGIT']).toMatchObject({ firstRow: 6, column: 'RUC cliente' });
  });
});
