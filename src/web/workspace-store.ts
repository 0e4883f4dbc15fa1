import Database from 'better-sqlite3';
import type { Database as Db } from 'better-sqlite3';
import type { LocalizedText } from '../i18n/localized-text.js';
import { createCheckWriter, type CheckWriter, type StoredProblem } from './check-writer.js';
import { MARK_OF_ROW } from './invoice-mark-of-row.js';
import { runTables } from './run-tables.js';
import { submissionStore, type SubmissionStore } from './submission-store.js';
import { checkRemoval, type CheckRemoval } from './check-removal.js';
import { valueMapStore, type ValueMapStore } from './value-map-store.js';
import { migrateWorkspace } from './workspace-migrations.js';

/**
 * The workspace's SQLite database: checks, the sheet's rows, their problems, the user's edits (an
 * overlay, never written into the upload), remembered column mappings, value maps and submissions.
 * SQL lives here and in the modules this one is made of, and nowhere else: the schema and its
 * migrations (workspace-migrations.ts), each check's tables of problems and erroneous rows
 * (run-tables.ts), the writer of a check's rows as they stream (check-writer.ts: batched
 * transactions, so a 1M-row sheet is never held in memory), value maps (value-map-store.ts) and
 * submissions (submission-store.ts).
 */

export interface CheckRecord {
  readonly id: string;
  readonly fileName: string;
  readonly storedPath: string;
  readonly createdAt: string;
  readonly state: 'uploaded' | 'running' | 'done' | 'failed';
  readonly preview?: unknown;
  readonly gridColumns?: unknown;
  readonly summary?: unknown;
  readonly rowsRead: number;
  readonly errorRows: number;
  readonly resultsPath?: string;
  readonly fixPath?: string;
  readonly failure?: { readonly es: string; readonly en: string };
  /** Failed because the server stopped while it was being sent (a submission cut short), not while it was checked. */
  readonly sendCut: boolean;
  /** Bumped by every edit, replace and undo. */
  readonly editsVersion: number;
  /** The edits version the last check ran with: different from editsVersion means «sin revalidar». */
  readonly checkedVersion: number;
}

/** One edited cell as it stands: the newest edit's value and the sheet's own (the first edit's old value). */
export interface CellEdit {
  readonly row: number;
  readonly col: number;
  readonly value: string;
  readonly original: string;
}

export interface StoredRow {
  readonly row: number;
  readonly cells: readonly string[];
  readonly status?: string;
  readonly invoice?: string;
  /** The sheet hides the row (by hand or by a filter). */
  readonly hidden?: true;
}

type RawCheck = Record<string, string | number | null>;

const parse = (s: string | number | null | undefined): unknown => (typeof s === 'string' ? (JSON.parse(s) as unknown) : undefined);

function toCheck(r: RawCheck): CheckRecord {
  const str = (k: string): string | undefined => (typeof r[k] === 'string' ? r[k] : undefined);
  const failureEs = str('failure_es');
  return {
    id: String(r['id']),
    fileName: String(r['file_name']),
    storedPath: String(r['stored_path']),
    createdAt: String(r['created_at']),
    state: String(r['state']) as CheckRecord['state'],
    ...(r['preview_json'] != null ? { preview: parse(r['preview_json']) } : {}),
    ...(r['grid_columns_json'] != null ? { gridColumns: parse(r['grid_columns_json']) } : {}),
    ...(r['summary_json'] != null ? { summary: parse(r['summary_json']) } : {}),
    rowsRead: Number(r['rows_read']),
    errorRows: Number(r['error_rows']),
    ...(str('results_path') !== undefined ? { resultsPath: str('results_path') as string } : {}),
    ...(str('fix_path') !== undefined ? { fixPath: str('fix_path') as string } : {}),
    ...(failureEs !== undefined ? { failure: { es: failureEs, en: str('failure_en') ?? failureEs } } : {}),
    sendCut: r['send_cut'] === 1,
    editsVersion: Number(r['edits_version'] ?? 0),
    checkedVersion: Number(r['checked_version'] ?? 0),
  };
}

/** Checks, rows, edits and mappings; value maps, columns and submissions come from the block at the end. */
export interface WorkspaceStore extends ValueMapStore, SubmissionStore, CheckRemoval {
  createCheck(c: { id: string; fileName: string; storedPath: string; createdAt: string }): void;
  getCheck(id: string): CheckRecord | undefined;
  listChecks(limit: number): CheckRecord[];
  setPreview(id: string, preview: unknown): void;
  /**
   * Starts (or restarts) a check: forgets the earlier run's marks and problems. The stored rows are
   * kept when they were read completely the same way (`rowsKey`: sheet and mapping) and the answer
   * says so; otherwise they are forgotten too and the run writes them again.
   */
  startCheck(id: string, gridColumns: unknown, rowsKey: string, checkedVersion?: number): { readonly rowsKept: boolean };
  /** Whether a run that reads the sheet as `rowsKey` says would keep the stored rows (see startCheck); changes nothing. */
  rowsKeptFor(id: string, rowsKey: string): boolean;
  /** The check is taken by a run (state running), which has not started yet: its last results stay until startCheck. */
  markRunning(id: string): void;
  /** A run that ended before it started (startCheck): the check is done again, as its last run left it, with the failure said. */
  reopenCheck(id: string, failure: LocalizedText): void;
  writer(checkId: string): CheckWriter;
  setGridColumns(id: string, gridColumns: unknown): void;
  setProgress(id: string, rowsRead: number): void;
  /**
   * Ends a check: indexes its erroneous rows for the «Solo con errores» pages. `rowsKey` when every
   * row of the sheet is stored (a run stopped half way leaves it out), for the next start to keep them.
   */
  finishCheck(id: string, r: { summary: unknown; rowsRead: number; resultsPath?: string; fixPath?: string; rowsKey?: string }): void;
  /** The workbooks written for the check's run of edits version `checkedVersion` (at a download); ignored once another run started. */
  setCheckFiles(id: string, checkedVersion: number, files: { resultsPath?: string; fixPath?: string }): void;
  failCheck(id: string, failure: LocalizedText): void;
  /**
   * Checks left running by a server that stopped: recorded as failed, with the reason, the one of a
   * check that was sending (`sending`, its submission then ended as interrupted at `at`) or of
   * one that was being checked (`checking`).
   */
  abandonRunning(failure: { readonly checking: LocalizedText; readonly sending: LocalizedText }, at: string): void;
  /** Where a sheet row is among the check's rows (all or only the erroneous ones); undefined when not there. */
  positionOfRow(id: string, errorsOnly: boolean, row: number): number | undefined;
  /** Rows [from, from+count) of the check, all or only the erroneous ones. */
  pageRows(id: string, errorsOnly: boolean, from: number, count: number): StoredRow[];
  countRows(id: string, errorsOnly: boolean): number;
  /** The rows the check keeps in its rows table (countRows gives the count its last run recorded). */
  storedRows(id: string): number;
  problemsOfRows(id: string, rows: readonly number[]): StoredProblem[];
  problemsOfGroup(id: string, g: { code: string; severity: string; header: string }, limit: number): StoredProblem[];
  /**
   * Sets one cell (sheet row, 0-based column) to `value` as an edit of its own. Answers the edit,
   * `'same'` when the cell already holds that value, or undefined when the check has no such row.
   */
  addEdit(id: string, e: { row: number; col: number; value: string; at: string }): CellEdit | 'same' | undefined;
  /** Every row whose cell in column `col` is exactly `find` (edits included) gets `replace`, as one batch; answers how many. */
  replaceInColumn(id: string, r: { col: number; find: string; replace: string; at: string }): number;
  /** Takes back the last batch (one cell or one replace); answers how many cells it had. */
  undoLastEdit(id: string): number;
  /** The edited cells of the rows in [fromRow, toRow]. */
  editsBetween(id: string, fromRow: number, toRow: number): CellEdit[];
  /** The cells past the grid's columns (wide-row-cells.ts) of the rows in [fromRow, toRow] that have any: row → column → text. */
  farCellsBetween(id: string, fromRow: number, toRow: number): Map<number, Readonly<Record<string, string>>>;
  /** Every edited cell's current value, by row then column (the overlay handed to the library), one at a time: no array of them. */
  eachEdit(id: string, visit: (row: number, col: number, value: string) => void): void;
  countEditedCells(id: string): number;
  /** The same for several checks in one query (the history): check id → edited cells, 0 when none. */
  countEditedCellsOf(ids: readonly string[]): Map<string, number>;
  rememberMapping(signature: string, mapping: Readonly<Record<string, string>>, at: string): void;
  recallMapping(signature: string): Record<string, string> | undefined;
  forgetMapping(signature: string): void;
  close(): void;
}

export function openWorkspaceStore(path: string): WorkspaceStore {
  const db: Db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // 4 MB of page cache (the build's default is 16 MB): writes are appends in batches, reads are a page of 100 rows.
  db.pragma('cache_size = -4000');
  migrateWorkspace(db);
  const tables = runTables(db);

  const q = {
    insertCheck: db.prepare(`INSERT INTO checks (id, file_name, stored_path, created_at, state) VALUES (@id, @fileName, @storedPath, @createdAt, 'uploaded')`),
    getCheck: db.prepare(`SELECT * FROM checks WHERE id = ?`),
    // The history: each check without its columns, and of its preview only whether there is one and its mapping
    // (what its entry says). Their whole JSON, read for fifty checks at every visit, took the history 0.5-2 s once
    // a wide or long sheet was among them (a security review: 7 MB of columns, a 199 MB preview). The later
    // columns of the same name are the ones a row carries.
    listChecks: db.prepare(
      `SELECT *, NULL AS grid_columns_json,
         CASE WHEN preview_json IS NULL THEN NULL
              WHEN json_extract(preview_json, '$.mapping') IS NULL THEN '{}'
              ELSE json_object('mapping', json_extract(preview_json, '$.mapping')) END AS preview_json
       FROM checks WHERE state != 'uploaded' ORDER BY created_at DESC, id LIMIT ?`,
    ),
    setPreview: db.prepare(`UPDATE checks SET preview_json = ? WHERE id = ?`),
    start: db.prepare(
      `UPDATE checks SET state = 'running', checked_version = COALESCE(@version, edits_version),
         checked_last_edit = (SELECT COALESCE(MAX(id), 0) FROM edits WHERE check_id = @id), grid_columns_json = @gridColumns, summary_json = NULL, rows_read = 0, error_rows = 0, failure_es = NULL, failure_en = NULL WHERE id = @id`,
    ),
    markRunning: db.prepare(`UPDATE checks SET state = 'running', failure_es = NULL, failure_en = NULL, send_cut = NULL WHERE id = ?`),
    reopen: db.prepare(`UPDATE checks SET state = 'done', failure_es = ?, failure_en = ? WHERE id = ?`),
    rowsKey: db.prepare(`SELECT rows_key FROM checks WHERE id = ?`),
    forgetRowsKey: db.prepare(`UPDATE checks SET rows_key = NULL WHERE id = ?`),
    setRowsKey: db.prepare(`UPDATE checks SET rows_key = ? WHERE id = ?`),
    deleteMarks: db.prepare(`DELETE FROM invoice_marks WHERE check_id = ?`),
    deleteRowErrors: db.prepare(`DELETE FROM row_errors WHERE check_id = ?`),
    setGridColumns: db.prepare(`UPDATE checks SET grid_columns_json = ? WHERE id = ?`),
    deleteRows: db.prepare(`DELETE FROM rows WHERE check_id = ?`),
    progress: db.prepare(`UPDATE checks SET rows_read = ? WHERE id = ?`),
    finish: db.prepare(
      `UPDATE checks SET state = 'done', summary_json = @summary, rows_read = @rowsRead, error_rows = @errorRows, results_path = @resultsPath, fix_path = @fixPath WHERE id = @id`,
    ),
    setFiles: db.prepare(`UPDATE checks SET results_path = @resultsPath, fix_path = @fixPath WHERE id = @id AND state = 'done' AND checked_version = @version`),
    abandon: db.prepare(`UPDATE checks SET state = 'failed', failure_es = ?, failure_en = ? WHERE state = 'running'`),
    abandonSending: db.prepare(
      `UPDATE checks SET state = 'failed', failure_es = ?, failure_en = ?, send_cut = 1 WHERE state = 'running' AND id IN (SELECT check_id FROM submissions WHERE finished_at IS NULL)`,
    ),
    abandonSubmissions: db.prepare(`UPDATE submissions SET finished_at = ?, interrupted = 1 WHERE finished_at IS NULL`),
    seqOfRow: db.prepare(`SELECT seq FROM rows WHERE check_id = ? AND row_num = ?`),
    // Rows are numbered 0, 1, 2… in each check as they are written: the last one's number + 1, from the primary key.
    storedRows: db.prepare(`SELECT COALESCE(MAX(seq) + 1, 0) AS n FROM rows WHERE check_id = ?`),
    fail: db.prepare(`UPDATE checks SET state = 'failed', failure_es = ?, failure_en = ? WHERE id = ?`),
    pageAll: db.prepare(
      `SELECT r.row_num, r.cells_json, r.hidden, m.status, m.invoice FROM rows r LEFT JOIN invoice_marks m ON ${MARK_OF_ROW}
       WHERE r.check_id = ? AND r.seq >= ? AND r.seq < ? ORDER BY r.seq`,
    ),
    counts: db.prepare(`SELECT rows_read, error_rows FROM checks WHERE id = ?`),
    remember: db.prepare(
      `INSERT INTO mappings (signature, mapping_json, updated_at) VALUES (?, ?, ?) ON CONFLICT(signature) DO UPDATE SET mapping_json = excluded.mapping_json, updated_at = excluded.updated_at`,
    ),
    recall: db.prepare(`SELECT mapping_json FROM mappings WHERE signature = ?`),
    forget: db.prepare(`DELETE FROM mappings WHERE signature = ?`),
    currentValue: db.prepare(
      `SELECT COALESCE((SELECT new_value FROM edits e WHERE e.check_id = r.check_id AND e.row_num = r.row_num AND e.col_index = @col ORDER BY e.id DESC LIMIT 1),
                       json_extract(r.cells_json, '$[' || CAST(@col AS INTEGER) || ']'), '') AS v
       FROM rows r WHERE r.check_id = @id AND r.row_num = @row`,
    ),
    nextBatch: db.prepare(`SELECT COALESCE(MAX(batch), 0) + 1 AS b FROM edits WHERE check_id = ?`),
    insertEdit: db.prepare(
      `INSERT INTO edits (check_id, batch, row_num, col_index, old_value, new_value, edited_at) VALUES (@id, @batch, @row, @col, @old, @value, @at)`,
    ),
    replaceAll: db.prepare(
      `INSERT INTO edits (check_id, batch, row_num, col_index, old_value, new_value, edited_at)
       SELECT @id, @batch, cur.row_num, @col, cur.v, @replace, @at FROM (
         SELECT r.row_num,
                COALESCE((SELECT new_value FROM edits e WHERE e.check_id = r.check_id AND e.row_num = r.row_num AND e.col_index = @col ORDER BY e.id DESC LIMIT 1),
                         json_extract(r.cells_json, '$[' || CAST(@col AS INTEGER) || ']'), '') AS v
         FROM rows r WHERE r.check_id = @id
       ) cur WHERE cur.v = @find ORDER BY cur.row_num`,
    ),
    lastBatch: db.prepare(`SELECT MAX(batch) AS b FROM edits WHERE check_id = ?`),
    deleteBatch: db.prepare(`DELETE FROM edits WHERE check_id = ? AND batch = ?`),
    bumpEdits: db.prepare(`UPDATE checks SET edits_version = edits_version + 1 WHERE id = ?`),
    // The edits are those the last check ran with again (undo took back every later one): nothing to recheck.
    backToChecked: db.prepare(
      `UPDATE checks SET edits_version = checked_version WHERE id = @id AND checked_last_edit = (SELECT COALESCE(MAX(id), 0) FROM edits WHERE check_id = @id)`,
    ),
    farCellsBetween: db.prepare(`SELECT row_num, far_json FROM rows WHERE check_id = ? AND row_num >= ? AND row_num <= ? AND far_json IS NOT NULL`),
    editsBetween: db.prepare(
      `SELECT g.row_num, g.col_index, l.new_value, f.old_value FROM (
         SELECT row_num, col_index, MIN(id) AS first_id, MAX(id) AS last_id FROM edits
         WHERE check_id = ? AND row_num >= ? AND row_num <= ? GROUP BY row_num, col_index
       ) g JOIN edits f ON f.id = g.first_id JOIN edits l ON l.id = g.last_id ORDER BY g.row_num, g.col_index`,
    ),
    // The newest edit of each cell: SQLite takes a bare column from the row that gave MAX(id).
    currentEdits: db.prepare(
      `SELECT row_num, col_index, new_value, MAX(id) FROM edits WHERE check_id = ? GROUP BY row_num, col_index ORDER BY row_num, col_index`,
    ),
    countEditedOf: db.prepare(
      `SELECT check_id, COUNT(*) AS n FROM (SELECT DISTINCT check_id, row_num, col_index FROM edits WHERE check_id IN (SELECT value FROM json_each(?))) GROUP BY check_id`,
    ),
    countEdited: db.prepare(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM edits WHERE check_id = ? GROUP BY row_num, col_index)`),
  };
  const toEdit = (r: RawCheck): CellEdit => ({
    row: Number(r['row_num']),
    col: Number(r['col_index']),
    value: String(r['new_value']),
    original: String(r['old_value']),
  });
  const editsBetween = (id: string, fromRow: number, toRow: number): CellEdit[] => (q.editsBetween.all(id, fromRow, toRow) as RawCheck[]).map(toEdit);

  const toProblem = (r: RawCheck): StoredProblem => ({
    ...(r['row_num'] != null ? { row: Number(r['row_num']) } : {}),
    ...(r['col_index'] != null ? { colIndex: Number(r['col_index']) } : {}),
    header: String(r['col_header']),
    ...(r['col_letter'] != null ? { letter: String(r['col_letter']) } : {}),
    code: String(r['code']),
    severity: r['severity'] === 'warning' ? 'warning' : 'error',
    ...(r['invoice'] != null ? { invoice: String(r['invoice']) } : {}),
    ...(r['value'] != null ? { value: String(r['value']) } : {}),
    message: { es: String(r['message_es']), en: String(r['message_en']) },
  });
  const toRow = (r: RawCheck): StoredRow => ({
    row: Number(r['row_num']),
    cells: (JSON.parse(String(r['cells_json'])) as (string | null)[]).map((c) => c ?? ''),
    ...(r['status'] != null ? { status: String(r['status']) } : {}),
    ...(r['invoice'] != null ? { invoice: String(r['invoice']) } : {}),
    ...(r['hidden'] === 1 ? { hidden: true as const } : {}),
  });

  return {
    createCheck: (c) => void q.insertCheck.run(c),
    getCheck(id) {
      const r = q.getCheck.get(id) as RawCheck | undefined;
      return r === undefined ? undefined : toCheck(r);
    },
    listChecks: (limit) => (q.listChecks.all(limit) as RawCheck[]).map(toCheck),
    setPreview: (id, preview) => void q.setPreview.run(JSON.stringify(preview), id),
    startCheck: db.transaction((id: string, gridColumns: unknown, rowsKey: string, checkedVersion?: number) => {
      const stored = q.rowsKey.get(id) as { rows_key: string | null } | undefined;
      const rowsKept = stored?.rows_key === rowsKey;
      if (!rowsKept) {
        q.deleteRows.run(id);
        q.forgetRowsKey.run(id);
      }
      q.deleteMarks.run(id);
      q.deleteRowErrors.run(id);
      tables.restart(id);
      q.start.run({ id, gridColumns: JSON.stringify(gridColumns), version: checkedVersion ?? null });
      return { rowsKept };
    }),
    rowsKeptFor: (id, rowsKey) => (q.rowsKey.get(id) as { rows_key: string | null } | undefined)?.rows_key === rowsKey,
    markRunning: (id) => void q.markRunning.run(id),
    reopenCheck: (id, failure) => void q.reopen.run(failure.es, failure.en, id),
    setGridColumns: (id, gridColumns) => void q.setGridColumns.run(JSON.stringify(gridColumns), id),
    writer: (checkId) => createCheckWriter(db, checkId, tables.of(checkId)),
    setProgress: (id, rowsRead) => void q.progress.run(rowsRead, id),
    finishCheck: db.transaction((id: string, r: { summary: unknown; rowsRead: number; resultsPath?: string; fixPath?: string; rowsKey?: string }) => {
      const t = tables.of(id);
      t.clearErrorRows(id);
      const errorRows = t.indexErrors.run({ id }).changes;
      if (r.rowsKey !== undefined) q.setRowsKey.run(r.rowsKey, id);
      q.finish.run({ id, summary: JSON.stringify(r.summary), rowsRead: r.rowsRead, errorRows, resultsPath: r.resultsPath ?? null, fixPath: r.fixPath ?? null });
    }),
    setCheckFiles: (id, version, f) => void q.setFiles.run({ id, version, resultsPath: f.resultsPath ?? null, fixPath: f.fixPath ?? null }),
    failCheck: (id, failure) => void q.fail.run(failure.es, failure.en, id),
    abandonRunning: (failure, at) =>
      db.transaction(() => {
        q.abandonSending.run(failure.sending.es, failure.sending.en);
        q.abandon.run(failure.checking.es, failure.checking.en);
        // Ended as stopped: what it sent stands (its check says what to do); not a submission that sent nothing.
        q.abandonSubmissions.run(at);
      })(),
    positionOfRow(id, errorsOnly, row) {
      const r = q.seqOfRow.get(id, row) as { seq: number } | undefined;
      if (r === undefined) return undefined;
      if (!errorsOnly) return r.seq;
      const e = tables.of(id).posOfSeq.get(id, r.seq) as { pos: number } | undefined;
      return e?.pos;
    },
    storedRows: (id) => (q.storedRows.get(id) as { n: number }).n,
    pageRows: (id, errorsOnly, from, count) => ((errorsOnly ? tables.of(id).pageErrors : q.pageAll).all(id, from, from + count) as RawCheck[]).map(toRow),
    // The counts stored when the check ended: COUNT(*) over a million rows would cost more than the page itself.
    countRows(id, errorsOnly) {
      const r = q.counts.get(id) as { rows_read: number; error_rows: number } | undefined;
      return r === undefined ? 0 : errorsOnly ? r.error_rows : r.rows_read;
    },
    problemsOfRows(id, rows) {
      if (rows.length === 0) return [];
      const wanted = new Set(rows);
      const all = tables.of(id).problemsBetween.all(id, Math.min(...rows), Math.max(...rows)) as RawCheck[];
      return all.filter((r) => wanted.has(Number(r['row_num']))).map(toProblem);
    },
    problemsOfGroup: (id, g, limit) => (tables.of(id).problemsOfGroup.all(id, g.severity, g.code, g.header, limit) as RawCheck[]).map(toProblem),
    addEdit: db.transaction((id: string, e: { row: number; col: number; value: string; at: string }): CellEdit | 'same' | undefined => {
      const cur = q.currentValue.get({ id, row: e.row, col: e.col }) as { v: string | number | null } | undefined;
      if (cur === undefined) return undefined;
      const old = String(cur.v ?? '');
      if (old === e.value) return 'same';
      const { b } = q.nextBatch.get(id) as { b: number };
      q.insertEdit.run({ id, batch: b, row: e.row, col: e.col, old, value: e.value, at: e.at });
      q.bumpEdits.run(id);
      return editsBetween(id, e.row, e.row).find((x) => x.col === e.col);
    }),
    replaceInColumn: db.transaction((id: string, r: { col: number; find: string; replace: string; at: string }): number => {
      if (r.find === r.replace) return 0;
      const { b } = q.nextBatch.get(id) as { b: number };
      const n = q.replaceAll.run({ id, batch: b, col: r.col, find: r.find, replace: r.replace, at: r.at }).changes;
      if (n > 0) q.bumpEdits.run(id);
      return n;
    }),
    undoLastEdit: db.transaction((id: string): number => {
      const { b } = q.lastBatch.get(id) as { b: number | null };
      if (b === null) return 0;
      const n = q.deleteBatch.run(id, b).changes;
      // Undo takes the last batch, the newest ids: the edits are the checked ones again only when the newest left is the check's last.
      if (q.backToChecked.run({ id }).changes === 0) q.bumpEdits.run(id);
      return n;
    }),
    editsBetween,
    farCellsBetween(id, fromRow, toRow) {
      const far = new Map<number, Readonly<Record<string, string>>>();
      for (const [row, json] of q.farCellsBetween.raw().iterate(id, fromRow, toRow) as IterableIterator<[number, string]>)
        far.set(row, JSON.parse(json) as Record<string, string>);
      return far;
    },
    eachEdit(id, visit) {
      for (const [row, col, value] of q.currentEdits.raw().iterate(id) as IterableIterator<[number, number, string]>) visit(row, col, value);
    },
    countEditedCells: (id) => (q.countEdited.get(id) as { n: number }).n,
    countEditedCellsOf(ids) {
      const counts = new Map(ids.map((id) => [id, 0]));
      for (const r of q.countEditedOf.all(JSON.stringify(ids)) as { check_id: string; n: number }[]) counts.set(r.check_id, r.n);
      return counts;
    },
    rememberMapping: (signature, mapping, at) => void q.remember.run(signature, JSON.stringify(mapping), at),
    recallMapping(signature) {
      const r = q.recall.get(signature) as { mapping_json: string } | undefined;
      return r === undefined ? undefined : (JSON.parse(r.mapping_json) as Record<string, string>);
    },
    forgetMapping: (signature) => void q.forget.run(signature),
    close: () => db.close(),
    ...valueMapStore(db, tables),
    ...submissionStore(db),
    ...checkRemoval(db, tables),
  };
}
