import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkView } from '../../src/web/check-routes.js';
import type { CheckWriter } from '../../src/web/check-writer.js';
import type { WorkspaceStore } from '../../src/web/workspace-store.js';
import { pageOfErrorsSql } from '../../src/web/run-tables.js';
import { openWorkspaceStore } from '../../src/web/workspace-store.js';
import { tempDir } from '../helpers/temp-dir.js';

const ID = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

describe('the workspace store', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  let store: WorkspaceStore;

  beforeEach(async () => {
    dir = await tempDir('factura-store-');
    store = openWorkspaceStore(join(dir.path, 'db.sqlite'));
    store.createCheck({ id: ID, fileName: 'ventas.csv', storedPath: join(dir.path, 'hoja-subida'), createdAt: '2026-11-23T10:00:00.000Z' });
    store.startCheck(ID, [], 'hoja');
  });
  afterEach(async () => {
    store.close();
    await dir.cleanup();
  });

  /** A second check beside ID, both checked: six rows each, invoice F001-1 (rows 2-3) invalid, a problem on row 2; `more` adds to each. */
  const twoCheckedSheets = (more?: (w: CheckWriter) => void): void => {
    store.createCheck({ id: OTHER, fileName: 'otra.csv', storedPath: join(dir.path, 'otra'), createdAt: '2026-11-23T10:00:00.000Z' });
    store.startCheck(OTHER, [], 'hoja');
    for (const id of [ID, OTHER]) {
      const w = store.writer(id);
      for (let r = 2; r < 8; r++) w.addRow(r, { near: ['F001', String(r)] });
      w.markInvoice([2, 3], 'F001-1', 'INVALID', true);
      w.addProblem({ row: 2, colIndex: 1, header: 'numero', code: 'X', severity: 'error', message: { es: `mal ${id}`, en: 'bad' } });
      more?.(w);
      w.flush();
      store.finishCheck(id, { summary: {}, rowsRead: w.rowsWritten, rowsKey: 'hoja' });
    }
  };

  it('writes every row once with its invoice status, including a row claimed again long after it was read', () => {
    const writer = store.writer(ID);
    const rows = 25_000; // more than one batch of writes
    for (let r = 2; r < rows + 2; r++) {
      writer.addRow(r, { near: [`F001`, String(r), r % 3 === 0 ? null : 'x'] });
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
  });

  it('lists the history without each check’s columns and with only the mapping of its preview', () => {
    // A security review: the history carried every check's columns (7 MB for a 200,000-column header) and parsed
    // every stored preview (199 MB for a long cell), 0.5-2 s a visit. Opening one check still reads it whole.
    const preview = { headerRow: 1, columns: [{ header: 'x'.repeat(10_000) }], mapping: { serie: 'DOC_SERIE' } };
    store.setPreview(ID, preview);
    store.setGridColumns(ID, [{ header: 'Serie', letter: 'A' }]);
    store.finishCheck(ID, { summary: {}, rowsRead: 0 });
    const [listed] = store.listChecks(10);
    expect(listed?.gridColumns).toBeUndefined();
    expect(listed?.preview).toEqual({ mapping: { serie: 'DOC_SERIE' } });
    expect(store.getCheck(ID)).toMatchObject({ preview, gridColumns: [{ header: 'Serie', letter: 'A' }] });
    store.setPreview(ID, { headerRow: 1 });
    expect(store.listChecks(10)[0]?.preview).toEqual({});
  });

  it('reads a page of the rows with errors by its position, not by a pass over every row of the check', () => {
    const writer = store.writer(ID);
    for (let r = 2; r < 20_002; r++) {
      writer.addRow(r, { near: ['F001', String(r)] });
      writer.markInvoice([r], `F001-${r}`, r % 50 === 0 ? 'INVALID' : 'VALID', r % 50 === 0);
    }
    writer.flush();
    store.finishCheck(ID, { summary: {}, rowsRead: writer.rowsWritten });
    const errors = store.countRows(ID, true);
    expect(errors).toBe(400);
    expect(store.pageRows(ID, true, errors - 100, 100).map((r) => r.row)).toEqual(Array.from({ length: 100 }, (_, i) => 15_050 + i * 50));

    // The plan SQLite makes for the page's query, on the store's own file and tables (no statistics: as a workspace has them).
    const db = new Database(join(dir.path, 'db.sqlite'), { readonly: true });
    try {
      const { run_tables: n } = db.prepare('SELECT run_tables FROM checks WHERE id = ?').get(ID) as { run_tables: number };
      for (const table of [`error_rows_${n}`, 'error_rows']) {
        const plan = (db.prepare(`EXPLAIN QUERY PLAN ${pageOfErrorsSql(table)}`).all(ID, errors - 100, errors) as { detail: string }[]).map((p) => p.detail);
        // From the index of erroneous rows by position, then each row by its key: never the check's rows first.
        expect(plan[0]).toMatch(/^SEARCH e USING (INTEGER PRIMARY KEY \(rowid>\? AND rowid<\?\)|PRIMARY KEY \(check_id=\? AND pos>\? AND pos<\?\))$/);
        expect(plan[1]).toBe('SEARCH r USING PRIMARY KEY (check_id=? AND seq=?)');
      }
    } finally {
      db.close();
    }
  });

  it('marks an invoice once per run of its rows, and a row claimed again in the middle of a run takes only that row', () => {
    const writer = store.writer(ID);
    for (let r = 2; r <= 20; r++) writer.addRow(r, { near: [`F001`, String(r)] });
    writer.markInvoice([2, 3, 4, 5, 6], 'F001-1', 'INVALID', true);
    writer.markInvoice([7, 8, 10], 'F001-2', 'VALID', false); // not consecutive: two runs
    writer.markInvoice([9], 'F001-3', 'VALID', false);
    writer.markInvoice([4], 'F001-4', 'VALID', false); // row 4 again, inside F001-1's run
    writer.markRowError(20); // in no invoice
    writer.flush();
    store.finishCheck(ID, { summary: {}, rowsRead: writer.rowsWritten });

    const shown = store.pageRows(ID, false, 0, 19).map((r) => [r.row, r.status ?? null, r.invoice ?? null]);
    expect(shown.slice(0, 10)).toEqual([
      [2, 'INVALID', 'F001-1'],
      [3, 'INVALID', 'F001-1'],
      [4, 'VALID', 'F001-4'],
      [5, 'INVALID', 'F001-1'],
      [6, 'INVALID', 'F001-1'],
      [7, 'VALID', 'F001-2'],
      [8, 'VALID', 'F001-2'],
      [9, 'VALID', 'F001-3'],
      [10, 'VALID', 'F001-2'],
      [11, null, null],
    ]);
    // Row 4 keeps the error it had with F001-1 (an error is never cleared); the orphan row 20 is listed too.
    expect(store.pageRows(ID, true, 0, 100).map((r) => r.row)).toEqual([2, 3, 4, 5, 6, 20]);
    expect(store.countRows(ID, true)).toBe(6);
    expect(store.pageRows(ID, true, 5, 1).map((r) => [r.row, r.status ?? null])).toEqual([[20, null]]);
  });

  it('keeps the stored rows for a run that reads them the same way, and writes only the new marks and problems', () => {
    const first = store.writer(ID);
    for (let r = 2; r < 12; r++) first.addRow(r, { near: ['F001', String(r)] });
    first.markInvoice([2, 3], 'F001-1', 'INVALID', true);
    first.addProblem({ row: 2, colIndex: 1, header: 'numero', code: 'X', severity: 'error', message: { es: 'mal', en: 'bad' } });
    first.flush();
    store.finishCheck(ID, { summary: {}, rowsRead: first.rowsWritten, rowsKey: 'hoja' });
    expect(store.countRows(ID, true)).toBe(2);

    // Read another way (another mapping): the rows go and are written again.
    expect(store.startCheck(ID, [], 'otra')).toEqual({ rowsKept: false });
    expect(store.pageRows(ID, false, 0, 100)).toEqual([]);
    const second = store.writer(ID);
    for (let r = 2; r < 12; r++) second.addRow(r, { near: ['F001', String(r)] });
    second.flush();
    // Stopped half way: no key, so the next run cannot trust these rows.
    store.finishCheck(ID, { summary: {}, rowsRead: second.rowsWritten });
    expect(store.startCheck(ID, [], 'otra')).toEqual({ rowsKept: false });
    const third = store.writer(ID);
    for (let r = 2; r < 12; r++) third.addRow(r, { near: ['F001', String(r)] });
    third.markInvoice([2, 3], 'F001-1', 'INVALID', true);
    third.flush();
    store.finishCheck(ID, { summary: {}, rowsRead: third.rowsWritten, rowsKey: 'otra' });

    // The same way again: the rows stay; the earlier marks and problems do not.
    expect(store.startCheck(ID, [], 'otra')).toEqual({ rowsKept: true });
    const recheck = store.writer(ID);
    recheck.markInvoice([2, 3], 'F001-1', 'VALID', false);
    recheck.markRowError(11);
    recheck.flush();
    store.finishCheck(ID, { summary: {}, rowsRead: 10 });
    expect(store.countRows(ID, false)).toBe(10);
    expect(store.pageRows(ID, false, 0, 2)).toEqual([
      { row: 2, cells: ['F001', '2'], status: 'VALID', invoice: 'F001-1' },
      { row: 3, cells: ['F001', '3'], status: 'VALID', invoice: 'F001-1' },
    ]);
    expect(store.pageRows(ID, true, 0, 100).map((r) => r.row)).toEqual([11]);
    expect(store.problemsOfRows(ID, [2])).toEqual([]);
  });

  it('remembers a confirmed mapping by header signature and records a check left running as interrupted', () => {
    store.rememberMapping('firma', { serie: 'DOC_SERIE' }, '2026-11-23T10:00:00.000Z');
    store.rememberMapping('firma', { serie: 'SERIE_DOC' }, '2026-11-23T11:00:00.000Z');
    expect(store.recallMapping('firma')).toEqual({ serie: 'SERIE_DOC' });
    expect(store.recallMapping('otra')).toBeUndefined();
    const failure = { checking: { es: 'revisión interrumpida', en: 'check interrupted' }, sending: { es: 'envío interrumpido', en: 'sending interrupted' } };
    store.abandonRunning(failure, '2026-11-23T12:00:00.000Z');
    expect(store.getCheck(ID)).toMatchObject({ state: 'failed', failure: { es: 'revisión interrumpida' } });
  });

  it('records a check left sending as such, and its submission as interrupted when the server stopped', () => {
    store.createCheck({ id: OTHER, fileName: 'otra.csv', storedPath: join(dir.path, 'otra'), createdAt: '2026-11-23T10:00:00.000Z' });
    store.startCheck(OTHER, [], 'hoja');
    store.startSubmission({ checkId: ID, at: '2026-11-23T11:00:00.000Z', environment: 'Simulador local' });
    const failure = { checking: { es: 'revisión interrumpida', en: 'check interrupted' }, sending: { es: 'envío interrumpido', en: 'sending interrupted' } };
    store.abandonRunning(failure, '2026-11-23T12:00:00.000Z');
    expect(store.getCheck(ID)).toMatchObject({ state: 'failed', failure: { es: 'envío interrumpido' }, sendCut: true });
    expect(store.getCheck(OTHER)).toMatchObject({ state: 'failed', failure: { es: 'revisión interrumpida' }, sendCut: false });
    // Run again, it is a check like any other.
    store.markRunning(ID);
    expect(store.getCheck(ID)?.sendCut).toBe(false);
    expect(store.latestSubmissions().get(ID)).toMatchObject({ finishedAt: '2026-11-23T12:00:00.000Z', interrupted: true });
    expect(store.latestSubmissions().get(ID)?.failure).toBeUndefined();
  });

  it("moves the IGV choice of a workspace's earlier mappings into the mapping itself, as the mapping file says it", () => {
    store.rememberMapping('firma', { valorVentaUnitario: 'Precio con IGV', '@tipoRegistro': 'PRECIOS_CON_IGV' }, '2026-11-23T10:00:00.000Z');
    store.rememberMapping('otra', { serie: 'DOC_SERIE' }, '2026-11-23T10:00:00.000Z');
    store.setPreview(ID, { signature: 'firma', mapping: { valorVentaUnitario: 'Precio con IGV' }, tipoRegistro: 'PRECIOS_CON_IGV', columns: [] });
    store.close();
    // As a store before that migration (the sixth from the last) left them: the choice beside the mapping, or under a key of the web's own.
    const db = new Database(join(dir.path, 'db.sqlite'));
    const version = Number(db.pragma('user_version', { simple: true }));
    // The later migrations' columns, made again (the last changes no table).
    db.exec(
      'ALTER TABLE rows DROP COLUMN hidden; ALTER TABLE checks DROP COLUMN checked_last_edit; ALTER TABLE checks DROP COLUMN send_cut; ALTER TABLE rows DROP COLUMN far_json',
    );
    db.pragma(`user_version = ${version - 6}`);
    db.close();
    store = openWorkspaceStore(join(dir.path, 'db.sqlite'));
    expect(store.recallMapping('firma')).toEqual({ valorVentaUnitario: 'Precio con IGV', tipoRegistro: 'PRECIOS_CON_IGV' });
    expect(store.recallMapping('otra')).toEqual({ serie: 'DOC_SERIE' });
    expect(store.getCheck(ID)?.preview).toEqual({
      signature: 'firma',
      mapping: { valorVentaUnitario: 'Precio con IGV', tipoRegistro: 'PRECIOS_CON_IGV' },
      columns: [],
    });
  });

  it('has a check stored when the issued invoices it found were VALID checked again before «Enviar» (its service forgotten)', () => {
    // As a check of an earlier version stored it: 4 valid invoices, 3 of them issued before (counted apart), read at a service.
    store.finishCheck(ID, { summary: { invoices: 4, byStatus: { VALID: 4 }, issuedBefore: 3, service: 'http://127.0.0.1:9/' }, rowsRead: 4 });
    store.createCheck({ id: OTHER, fileName: 'otra.csv', storedPath: join(dir.path, 'otra'), createdAt: '2026-11-23T10:00:00.000Z' });
    store.startCheck(OTHER, [], 'hoja');
    store.finishCheck(OTHER, { summary: { invoices: 2, byStatus: { VALID: 2 }, service: 'http://127.0.0.1:9/' }, rowsRead: 2 });
    store.close();
    const db = new Database(join(dir.path, 'db.sqlite'));
    db.pragma(`user_version = ${Number(db.pragma('user_version', { simple: true })) - 1}`);
    db.close();
    store = openWorkspaceStore(join(dir.path, 'db.sqlite'));
    // Its «Enviar» waits for «Revalidar», which counts them as SKIPPED; a check with none issued before is as it was.
    expect(store.getCheck(ID)?.summary).toEqual({ invoices: 4, byStatus: { VALID: 4 }, issuedBefore: 3 });
    expect(store.getCheck(OTHER)?.summary).toMatchObject({ service: 'http://127.0.0.1:9/' });
    // The page says why in those words: an earlier version made it (not another service); the other check is not one.
    const checked = (id: string) => {
      const c = store.getCheck(id);
      if (c === undefined) throw new Error(`no check ${id}`);
      return checkView(c);
    };
    expect(checked(ID).byEarlierVersion).toBe(true);
    expect(checked(OTHER).byEarlierVersion).toBeUndefined();
  });

  it('leaves nothing to recheck when undo takes the edits back to those the check ran with', () => {
    const at = '2026-11-23T12:00:00.000Z';
    const check = (): void => {
      const { rowsKept } = store.startCheck(ID, [], 'k', store.getCheck(ID)?.editsVersion);
      if (!rowsKept) {
        const writer = store.writer(ID);
        for (let r = 2; r < 6; r++) writer.addRow(r, { near: ['F001', String(r), 'NIU'] });
        writer.flush();
      }
      store.finishCheck(ID, { summary: {}, rowsRead: 4, rowsKey: 'k' });
    };
    const pending = (): boolean => {
      const c = store.getCheck(ID);
      return c !== undefined && c.editsVersion !== c.checkedVersion;
    };
    // A check, an edit, then a check with it.
    check();
    store.addEdit(ID, { row: 2, col: 2, value: 'UND', at });
    expect(pending()).toBe(true);
    check();
    expect(pending()).toBe(false);
    // An edit and a replace after the check, each undone: back to the checked edits.
    store.addEdit(ID, { row: 3, col: 2, value: 'UND', at });
    expect(store.replaceInColumn(ID, { col: 2, find: 'NIU', replace: 'KGM', at })).toBe(2);
    expect(pending()).toBe(true);
    expect(store.undoLastEdit(ID)).toBe(2);
    expect(pending()).toBe(true);
    expect(store.undoLastEdit(ID)).toBe(1);
    expect(pending()).toBe(false);
    // Undoing the edit the check ran with changes the sheet from what was checked.
    expect(store.undoLastEdit(ID)).toBe(1);
    expect(pending()).toBe(true);
  });

  it('keeps edits as an overlay: one cell, a replace over a whole column (edits included), undo by action', () => {
    const writer = store.writer(ID);
    for (let r = 2; r < 3002; r++) writer.addRow(r, { near: ['F001', String(r), r % 2 === 0 ? 'UND' : 'NIU', r === 7 ? null : 'x'] });
    writer.flush();
    store.finishCheck(ID, { summary: {}, rowsRead: writer.rowsWritten });
    const at = '2026-11-23T12:00:00.000Z';
    expect(store.getCheck(ID)).toMatchObject({ editsVersion: 0, checkedVersion: 0 });

    expect(store.addEdit(ID, { row: 3, col: 2, value: 'UND', at })).toEqual({ row: 3, col: 2, value: 'UND', original: 'NIU' });
    expect(store.addEdit(ID, { row: 3, col: 2, value: 'UND', at })).toBe('same');
    expect(store.addEdit(ID, { row: 7, col: 3, value: 'y', at })).toEqual({ row: 7, col: 3, value: 'y', original: '' });
    expect(store.addEdit(ID, { row: 99_999, col: 0, value: 'y', at })).toBeUndefined();
    // 1500 even rows plus row 3, which is «UND» only through its edit: every page, not the one shown.
    expect(store.replaceInColumn(ID, { col: 2, find: 'UND', replace: 'NIU', at })).toBe(1501);
    expect(store.replaceInColumn(ID, { col: 2, find: 'UND', replace: 'NIU', at })).toBe(0);
    expect(store.countEditedCells(ID)).toBe(1502);
    // Row 3 went NIU → UND → NIU: the sheet's own value is the first edit's old value.
    expect(store.editsBetween(ID, 2, 3)).toEqual([
      { row: 2, col: 2, value: 'NIU', original: 'UND' },
      { row: 3, col: 2, value: 'NIU', original: 'NIU' },
    ]);
    expect(store.getCheck(ID)?.editsVersion).toBe(3);

    expect(store.undoLastEdit(ID)).toBe(1501);
    expect(store.editsBetween(ID, 2, 3)).toEqual([{ row: 3, col: 2, value: 'UND', original: 'NIU' }]);
    const all: [number, number, string][] = [];
    store.eachEdit(ID, (row, col, value) => all.push([row, col, value]));
    expect(all).toEqual([
      [3, 2, 'UND'],
      [7, 3, 'y'],
    ]);
    expect(store.countEditedCellsOf([ID, 'otra'])).toEqual(
      new Map([
        [ID, 2],
        ['otra', 0],
      ]),
    );
    // A new check starts from the edits as they are; rows are written again, the edits stay.
    store.startCheck(ID, [], 'hoja');
    expect(store.getCheck(ID)).toMatchObject({ editsVersion: 4, checkedVersion: 4 });
    expect(store.countEditedCells(ID)).toBe(2);
    expect(store.undoLastEdit(ID)).toBe(1);
    expect(store.undoLastEdit(ID)).toBe(1);
    expect(store.undoLastEdit(ID)).toBe(0);
  });

  it("keeps each check's problems in tables of its own: a recheck empties them and leaves another check's", () => {
    twoCheckedSheets();
    expect(store.startCheck(ID, [], 'hoja')).toEqual({ rowsKept: true });
    const w = store.writer(ID);
    w.markInvoice([2, 3], 'F001-1', 'VALID', false);
    w.addProblem({ row: 5, colIndex: 0, header: 'serie', code: 'Y', severity: 'warning', message: { es: 'aviso', en: 'warning' } });
    w.flush();
    store.finishCheck(ID, { summary: {}, rowsRead: 6 });
    expect(store.problemsOfRows(ID, [2, 5]).map((p) => p.message.es)).toEqual(['aviso']);
    expect(store.problemsOfGroup(ID, { code: 'Y', severity: 'warning', header: 'serie' }, 10)).toHaveLength(1);
    expect(store.countRows(ID, true)).toBe(0);
    expect(store.problemsOfRows(OTHER, [2]).map((p) => p.message.es)).toEqual([`mal ${OTHER}`]);
    expect(store.pageRows(OTHER, true, 0, 10).map((r) => r.row)).toEqual([2, 3]);
    store.close();
    const db = new Database(join(dir.path, 'db.sqlite'));
    const tables = (
      db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND (name LIKE 'problems%' OR name LIKE 'error_rows%') ORDER BY name`).all() as {
        name: string;
      }[]
    ).map((t) => t.name);
    expect(tables).toEqual(['error_rows', 'error_rows_1', 'error_rows_2', 'problems', 'problems_1', 'problems_2']);
    expect(db.prepare(`SELECT COUNT(*) AS n FROM problems`).get()).toEqual({ n: 0 });
    db.close();
    store = openWorkspaceStore(join(dir.path, 'db.sqlite'));
  });

  it('reads a check last run before its own tables existed from the shared ones, and moves it to its own at its next run', () => {
    const w = store.writer(ID);
    for (let r = 2; r < 8; r++) w.addRow(r, { near: ['F001', String(r)] });
    w.markInvoice([2, 3], 'F001-1', 'INVALID', true);
    w.flush();
    store.finishCheck(ID, { summary: {}, rowsRead: w.rowsWritten, rowsKey: 'hoja' });
    store.close();
    // As a store before migration 6 left it: the problems and the erroneous rows in the shared tables, no run_tables.
    const db = new Database(join(dir.path, 'db.sqlite'));
    db.prepare(`UPDATE checks SET run_tables = NULL, error_rows = 2 WHERE id = ?`).run(ID);
    db.prepare(
      `INSERT INTO problems (check_id, row_num, col_index, col_header, code, severity, message_es, message_en) VALUES (?, 3, 1, 'numero', 'X', 'error', 'viejo', 'old')`,
    ).run(ID);
    db.prepare(`INSERT INTO error_rows (check_id, pos, seq) VALUES (?, 0, 0), (?, 1, 1)`).run(ID, ID);
    db.close();
    store = openWorkspaceStore(join(dir.path, 'db.sqlite'));
    expect(store.problemsOfRows(ID, [3]).map((p) => p.message.es)).toEqual(['viejo']);
    expect(store.problemsOfGroup(ID, { code: 'X', severity: 'error', header: 'numero' }, 10).map((p) => p.row)).toEqual([3]);
    expect(store.pageRows(ID, true, 0, 10).map((r) => r.row)).toEqual([2, 3]);
    expect(store.positionOfRow(ID, true, 3)).toBe(1);

    expect(store.startCheck(ID, [], 'hoja')).toEqual({ rowsKept: true });
    const again = store.writer(ID);
    again.markInvoice([2, 3], 'F001-1', 'INVALID', true);
    again.addProblem({ row: 2, colIndex: 1, header: 'numero', code: 'X', severity: 'error', message: { es: 'nuevo', en: 'new' } });
    again.flush();
    store.finishCheck(ID, { summary: {}, rowsRead: 6 });
    expect(store.problemsOfRows(ID, [2, 3]).map((p) => p.message.es)).toEqual(['nuevo']);
    expect(store.pageRows(ID, true, 0, 10).map((r) => r.row)).toEqual([2, 3]);
    store.close();
    const after = new Database(join(dir.path, 'db.sqlite'));
    expect(after.prepare(`SELECT COUNT(*) AS n FROM problems WHERE check_id = ?`).get(ID)).toEqual({ n: 0 });
    expect(after.prepare(`SELECT COUNT(*) AS n FROM error_rows WHERE check_id = ?`).get(ID)).toEqual({ n: 0 });
    after.close();
    store = openWorkspaceStore(join(dir.path, 'db.sqlite'));
  });

  it("writes no row error where the invoice's mark says it, and keeps one the mark does not cover", () => {
    const w = store.writer(ID);
    for (let r = 2; r < 10; r++) w.addRow(r, { near: ['F001', String(r)] });
    w.markRowError(3); // a problem of F001-1, told before its invoice
    w.markInvoice([2, 3], 'F001-1', 'INVALID', true);
    w.markRowError(4); // the service's answer on an invoice without errors
    w.markInvoice([4, 5], 'F001-2', 'REJECTED', false);
    w.markRowError(9); // a row of no invoice
    w.markInvoice([6, 7], 'F001-3', 'INVALID', true);
    w.flush();
    store.finishCheck(ID, { summary: {}, rowsRead: w.rowsWritten });
    expect(store.pageRows(ID, true, 0, 10).map((r) => r.row)).toEqual([2, 3, 4, 6, 7, 9]);
    store.close();
    const db = new Database(join(dir.path, 'db.sqlite'));
    expect((db.prepare(`SELECT row_num FROM row_errors WHERE check_id = ? ORDER BY row_num`).all(ID) as { row_num: number }[]).map((r) => r.row_num)).toEqual([
      4, 9,
    ]);
    db.close();
    store = openWorkspaceStore(join(dir.path, 'db.sqlite'));
  });

  it('forgets a check whole: every row naming it in every table, and its own tables; another check keeps all of its own', () => {
    twoCheckedSheets((w) => w.markRowError(7));
    for (const id of [ID, OTHER]) {
      store.addEdit(id, { row: 2, col: 1, value: '9', at: '2026-11-23T10:05:00.000Z' });
      store.setCheckColumns(id, { serie: 0, numero: 1 });
      store.finishSubmission(store.startSubmission({ checkId: id, at: '2026-11-23T10:06:00.000Z', environment: 'simulador' }), {
        at: '2026-11-23T10:07:00.000Z',
        interrupted: false,
      });
    }
    expect(store.forgetCheck(ID)).toBe('forgotten');
    expect(store.forgetCheck(ID)).toBe('missing');
    expect(store.getCheck(ID)).toBeUndefined();
    expect(store.listChecks(10).map((c) => c.id)).toEqual([OTHER]);
    expect(store.pageRows(OTHER, false, 0, 10)).toHaveLength(6);
    expect(store.problemsOfRows(OTHER, [2]).map((p) => p.message.es)).toEqual([`mal ${OTHER}`]);
    expect(store.countEditedCells(OTHER)).toBe(1);
    expect([...store.latestSubmissions().keys()]).toEqual([OTHER]);

    // A check being checked or sent is not forgotten.
    store.startCheck(OTHER, [], 'hoja');
    expect(store.forgetCheck(OTHER)).toBe('running');
    expect(store.getCheck(OTHER)?.state).toBe('running');
    store.close();
    // Read from the file: no table the workspace has, today's or a later migration's, keeps a row of the forgotten check.
    const db = new Database(join(dir.path, 'db.sqlite'), { readonly: true });
    const tables = (db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table'`).all() as { name: string }[]).map((t) => t.name);
    const naming = tables.filter((t) => (db.prepare(`SELECT name FROM pragma_table_info(?)`).all(t) as { name: string }[]).some((c) => c.name === 'check_id'));
    expect(naming.length).toBeGreaterThanOrEqual(8);
    for (const table of naming) expect([table, db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE check_id = ?`).get(ID)]).toEqual([table, { n: 0 }]);
    expect(db.prepare(`SELECT COUNT(*) AS n FROM checks WHERE id = ?`).get(ID)).toEqual({ n: 0 });
    // Its own problem tables are dropped (the check's rowid named them: 1); the other's stay.
    expect(tables.filter((t) => /^(problems|error_rows)_\d+$/.test(t)).sort()).toEqual(['error_rows_2', 'problems_2']);
    expect(db.prepare(`SELECT COUNT(*) AS n FROM rows WHERE check_id = ?`).get(OTHER)).toEqual({ n: 6 });
    db.close();
    store = openWorkspaceStore(join(dir.path, 'db.sqlite'));
  });
});
