import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WorkspaceStore } from '../../src/web/workspace-store.js';
import { openWorkspaceStore } from '../../src/web/workspace-store.js';
import { tempDir } from '../helpers/temp-dir.js';

const ID = '11111111-1111-4111-8111-111111111111';

describe('the workspace store', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  let store: WorkspaceStore;

  beforeEach(async () => {
    dir = await tempDir('factura-store-');
    store = openWorkspaceStore(join(dir.path, 'db.sqlite'));
    store.createCheck({ id: ID, fileName: 'ventas.csv', storedPath: join(dir.path, 'hoja-subida'), createdAt: '2026-11-23T10:00:00.000Z' });
    store.startCheck(ID, []);
  });
  afterEach(async () => {
    store.close();
    await dir.cleanup();
  });

  it('writes every row once with its invoice status, including rows claimed after they left the waiting window', () => {
    const writer = store.writer(ID);
    const rows = 25_000; // more than the 20,000 rows that wait for their invoice
    for (let r = 2; r < rows + 2; r++) {
      writer.addRow(r, [`F001`, String(r), r % 3 === 0 ? null : 'x']);
      // Each invoice is two rows; it is claimed when its second row has been read.
      if (r % 2 === 1) writer.markInvoice([r - 1, r], `F001-${r}`, r % 1000 === 1 ? 'INVALID' : 'VALID', r % 1000 === 1);
    }
    // Row 2 claimed again very late (it has long left the window): an UPDATE, not a second row.
    writer.markInvoice([2], 'F001-late', 'INVALID', true);
    writer.markRowError(rows); // an orphan-like error on a row still waiting
    writer.addProblem({ row: rows, header: 'RUC', code: 'RUC_CHECK_DIGIT', severity: 'error', message: { es: 'RUC no válido', en: 'bad RUC' } });
    writer.flush();
    store.finishCheck(ID, { summary: {}, rowsRead: writer.rowsWritten });

    expect(store.countRows(ID, false)).toBe(rows);
    const first = store.pageRows(ID, false, 0, 3);
    expect(first.map((r) => [r.row, r.status, r.invoice])).toEqual([
      [2, 'INVALID', 'F001-late'],
      [3, 'VALID', 'F001-3'],
      [4, 'VALID', 'F001-5'],
    ]);
    expect(first[1]?.cells).toEqual(['F001', '3', '']);
    const last = store.pageRows(ID, false, rows - 100, 100);
    expect(last).toHaveLength(100);
    expect(last.at(-1)?.row).toBe(rows + 1);

    const erroneous = store.pageRows(ID, true, 0, 1000).map((r) => r.row);
    expect(erroneous[0]).toBe(2);
    expect(erroneous).toContain(rows);
    expect(erroneous).toContain(1000); // the INVALID invoice of rows 1000-1001
    expect(store.countRows(ID, true)).toBe(erroneous.length);
    expect(store.positionOfRow(ID, true, rows)).toBe(erroneous.indexOf(rows));
    expect(store.positionOfRow(ID, false, 1234)).toBe(1232);
    expect(store.problemsOfRows(ID, [rows]).map((p) => p.message.es)).toEqual(['RUC no válido']);
    expect(store.problemGroups(ID)).toMatchObject([{ code: 'RUC_CHECK_DIGIT', count: 1, firstRow: rows }]);
  });

  it('remembers a confirmed mapping by header signature and records a check left running as interrupted', () => {
    store.rememberMapping('firma', { serie: 'DOC_SERIE' }, '2026-11-23T10:00:00.000Z');
    store.rememberMapping('firma', { serie: 'SERIE_DOC' }, '2026-11-23T11:00:00.000Z');
    expect(store.recallMapping('firma')).toEqual({ serie: 'SERIE_DOC' });
    expect(store.recallMapping('otra')).toBeUndefined();
    store.abandonRunning({ es: 'interrumpida', en: 'interrupted' });
    expect(store.getCheck(ID)).toMatchObject({ state: 'failed', failure: { es: 'interrumpida' } });
  });
});
