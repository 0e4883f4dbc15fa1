import type { LocalizedText } from '../i18n/localized-text.js';
import Database from 'better-sqlite3';
import type { Database as Db, Statement } from 'better-sqlite3';

/**
 * The workspace's SQLite database: checks, the sheet's rows, their problems, the user's edits (an
 * overlay, never written into the upload) and remembered column mappings. The only module with SQL. Rows arrive as the pipeline streams them and are written in
 * batched transactions (see `createCheckWriter`), so a 1M-row sheet is never held in memory.
 */

/** Numbered migrations; `PRAGMA user_version` is the number of the last one applied. */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE checks (
     id TEXT PRIMARY KEY,
     file_name TEXT NOT NULL,
     stored_path TEXT NOT NULL,
     created_at TEXT NOT NULL,
     state TEXT NOT NULL,
     preview_json TEXT,
     grid_columns_json TEXT,
     summary_json TEXT,
     rows_read INTEGER NOT NULL DEFAULT 0,
     error_rows INTEGER NOT NULL DEFAULT 0,
     results_path TEXT,
     fix_path TEXT,
     failure_es TEXT,
     failure_en TEXT
   );
   CREATE TABLE rows (
     check_id TEXT NOT NULL,
     seq INTEGER NOT NULL,
     row_num INTEGER NOT NULL,
     cells_json TEXT NOT NULL,
     status TEXT,
     invoice TEXT,
     has_error INTEGER NOT NULL DEFAULT 0,
     PRIMARY KEY (check_id, seq)
   ) WITHOUT ROWID;
   CREATE UNIQUE INDEX rows_by_number ON rows (check_id, row_num);
   CREATE TABLE error_rows (
     check_id TEXT NOT NULL,
     pos INTEGER NOT NULL,
     seq INTEGER NOT NULL,
     PRIMARY KEY (check_id, pos)
   ) WITHOUT ROWID;
   CREATE INDEX error_rows_by_seq ON error_rows (check_id, seq);
   CREATE TABLE problems (
     id INTEGER PRIMARY KEY,
     check_id TEXT NOT NULL,
     row_num INTEGER,
     col_index INTEGER,
     col_header TEXT NOT NULL DEFAULT '',
     col_letter TEXT,
     code TEXT NOT NULL,
     severity TEXT NOT NULL,
     invoice TEXT,
     value TEXT,
     message_es TEXT NOT NULL,
     message_en TEXT NOT NULL
   );
   CREATE INDEX problems_by_row ON problems (check_id, row_num);
   CREATE INDEX problems_by_group ON problems (check_id, severity, code, col_header, row_num);
   CREATE TABLE mappings (
     signature TEXT PRIMARY KEY,
     mapping_json TEXT NOT NULL,
     updated_at TEXT NOT NULL
   );`,
  // Edits: an overlay over the uploaded sheet, never written into it. A batch is one user action
  // (one cell, or one find-and-replace over a column) and is what «Deshacer» takes back. The
  // check's edits_version moves with every change; checked_version is the one the last check saw.
  `CREATE TABLE edits (
     id INTEGER PRIMARY KEY,
     check_id TEXT NOT NULL,
     batch INTEGER NOT NULL,
     row_num INTEGER NOT NULL,
     col_index INTEGER NOT NULL,
     old_value TEXT NOT NULL,
     new_value TEXT NOT NULL,
     edited_at TEXT NOT NULL
   );
   CREATE INDEX edits_by_cell ON edits (check_id, row_num, col_index, id);
   CREATE INDEX edits_by_batch ON edits (check_id, batch);
   ALTER TABLE checks ADD COLUMN edits_version INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE checks ADD COLUMN checked_version INTEGER NOT NULL DEFAULT 0;`,
  // Value maps remembered per issuer (ruc '' = invoices whose issuer is not known), applied once to
  // each later sheet as edits; where each canonical column sits in a check's sheet; the submissions
  // of a check, for its history entry. See the «value maps, columns, submissions» block below.
  `CREATE TABLE value_maps (
     id INTEGER PRIMARY KEY,
     ruc TEXT NOT NULL,
     column_name TEXT NOT NULL,
     from_value TEXT NOT NULL,
     to_value TEXT NOT NULL,
     created_at TEXT NOT NULL,
     UNIQUE (ruc, column_name, from_value)
   );
   CREATE TABLE check_columns (
     check_id TEXT NOT NULL,
     column_name TEXT NOT NULL,
     col_index INTEGER NOT NULL,
     PRIMARY KEY (check_id, column_name)
   ) WITHOUT ROWID;
   CREATE TABLE submissions (
     id INTEGER PRIMARY KEY,
     check_id TEXT NOT NULL,
     started_at TEXT NOT NULL,
     finished_at TEXT,
     environment TEXT NOT NULL,
     issuer TEXT,
     by_status_json TEXT,
     interrupted INTEGER NOT NULL DEFAULT 0,
     failure TEXT
   );
   CREATE INDEX submissions_by_check ON submissions (check_id, id);
   ALTER TABLE checks ADD COLUMN value_maps_applied INTEGER;`,
  // Each row's invoice status and error flag apart from the sheet's own cells: a recheck rewrites
  // the marks and leaves the rows as they are (the upload never changes; edits are an overlay).
  // rows_key names how the stored rows were read (sheet and mapping); NULL while they are incomplete.
  `CREATE TABLE row_marks (
     check_id TEXT NOT NULL,
     row_num INTEGER NOT NULL,
     status TEXT,
     invoice TEXT,
     has_error INTEGER NOT NULL DEFAULT 0,
     PRIMARY KEY (check_id, row_num)
   ) WITHOUT ROWID;
   INSERT INTO row_marks (check_id, row_num, status, invoice, has_error)
     SELECT check_id, row_num, status, invoice, has_error FROM rows WHERE status IS NOT NULL OR has_error = 1;
   ALTER TABLE rows DROP COLUMN status;
   ALTER TABLE rows DROP COLUMN invoice;
   ALTER TABLE rows DROP COLUMN has_error;
   ALTER TABLE checks ADD COLUMN rows_key TEXT;`,
  // Marks per invoice, not per row: one record per run of consecutive sheet rows of an invoice
  // (an invoice's rows are nearly always one run), so a recheck of 200k rows writes ~1 record per
  // invoice. Runs never overlap (a row belongs to one invoice); a row is found by the run that
  // starts at or before it and ends at or after it. Errors that name a row outside any invoice's
  // marks (e.g. an orphan row) are kept apart, one record per row. Old marks become one-row runs.
  `CREATE TABLE invoice_marks (
     check_id TEXT NOT NULL,
     first_row INTEGER NOT NULL,
     last_row INTEGER NOT NULL,
     status TEXT,
     invoice TEXT,
     has_error INTEGER NOT NULL DEFAULT 0,
     PRIMARY KEY (check_id, first_row)
   ) WITHOUT ROWID;
   CREATE TABLE row_errors (
     check_id TEXT NOT NULL,
     row_num INTEGER NOT NULL,
     PRIMARY KEY (check_id, row_num)
   ) WITHOUT ROWID;
   INSERT INTO invoice_marks (check_id, first_row, last_row, status, invoice, has_error)
     SELECT check_id, row_num, row_num, status, invoice, has_error FROM row_marks WHERE status IS NOT NULL OR invoice IS NOT NULL;
   INSERT INTO row_errors (check_id, row_num)
     SELECT check_id, row_num FROM row_marks WHERE has_error = 1 AND status IS NULL AND invoice IS NULL;
   DROP TABLE row_marks;`,
  // Each check's problems and erroneous-row index in tables of its own (problems_N, error_rows_N,
  // N = run_tables, made at the check's next start; see runTables): a recheck empties them with a
  // DELETE without WHERE (SQLite drops their pages at once) instead of deleting 100k indexed rows
  // one by one from shared tables. A check not run since keeps reading the shared tables (NULL).
  `ALTER TABLE checks ADD COLUMN run_tables INTEGER;`,
  // A mapping is kept as the command line's mapping file, its IGV choice inside it as
  // "tipoRegistro": a remembered mapping's '@tipoRegistro' key, and a check preview's own
  // tipoRegistro beside its mapping, move there (left behind, its prices would be read without IGV).
  `UPDATE mappings SET mapping_json = json_set(json_remove(mapping_json, '$."@tipoRegistro"'), '$.tipoRegistro', json_extract(mapping_json, '$."@tipoRegistro"'))
     WHERE json_type(mapping_json, '$."@tipoRegistro"') IS NOT NULL;
   UPDATE checks SET preview_json = json_set(json_remove(preview_json, '$.tipoRegistro'), '$.mapping.tipoRegistro', json_extract(preview_json, '$.tipoRegistro'))
     WHERE json_type(preview_json, '$.tipoRegistro') IS NOT NULL AND json_type(preview_json, '$.mapping') = 'object';
   UPDATE checks SET preview_json = json_remove(preview_json, '$.tipoRegistro') WHERE json_type(preview_json, '$.tipoRegistro') IS NOT NULL;`,
];

export type Lang = 'es' | 'en';

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

export interface StoredProblem {
  readonly row?: number;
  readonly colIndex?: number;
  readonly header: string;
  readonly letter?: string;
  readonly code: string;
  readonly severity: 'error' | 'warning';
  readonly invoice?: string;
  readonly value?: string;
  readonly message: { readonly es: string; readonly en: string };
}

export interface StoredRow {
  readonly row: number;
  readonly cells: readonly string[];
  readonly status?: string;
  readonly invoice?: string;
}

/** Writes one check's rows, their marks and its problems as they stream; `flush` commits what is pending. */
export interface CheckWriter {
  /** A source row's cells as display text, `null` when blank (only when the check's rows are being written; see startCheck). */
  addRow(row: number, cells: readonly (string | null)[]): void;
  /** Marks the rows of one invoice with its status (and as erroneous when it has errors). */
  markInvoice(rows: readonly number[], invoice: string, status: string, hasError: boolean): void;
  addProblem(problem: StoredProblem): void;
  /**
   * Marks one row as erroneous (an error that belongs to no invoice, e.g. an orphan row, or the
   * service's answer on an invoice without errors). An invoice's problems come before the invoice:
   * a row error on one of its rows is let go when the invoice is marked with errors (its mark says it).
   */
  markRowError(row: number): void;
  readonly rowsWritten: number;
  /** Commits what is pending: call once, at the end. */
  flush(): void;
}

/** The join of a row `r` to the invoice mark (`m`) whose run of rows holds it: the nearest run starting at or before it, if it reaches the row. */
const MARK_OF_ROW = `m.check_id = r.check_id
  AND m.first_row = (SELECT MAX(x.first_row) FROM invoice_marks x WHERE x.check_id = r.check_id AND x.first_row <= r.row_num)
  AND m.last_row >= r.row_num`;

/** Writes are committed every BATCH operations: one transaction per batch, not per row. */
const BATCH = 2000;

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
    editsVersion: Number(r['edits_version'] ?? 0),
    checkedVersion: Number(r['checked_version'] ?? 0),
  };
}

/** Checks, rows, edits and mappings; value maps, columns and submissions come from the block at the end. */
export interface WorkspaceStore extends ValueMapStore {
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
  /** Every edited cell's current value, by row then column (the overlay handed to the library), one at a time: no array of them. */
  eachEdit(id: string, visit: (row: number, col: number, value: string) => void): void;
  countEditedCells(id: string): number;
  /** The same for several checks in one query (the history): check id → edited cells, 0 when none. */
  countEditedCellsOf(ids: readonly string[]): Map<string, number>;
  rememberMapping(signature: string, mapping: Readonly<Record<string, string>>, at: string): void;
  recallMapping(signature: string): Record<string, string> | undefined;
  close(): void;
}

export function openWorkspaceStore(path: string): WorkspaceStore {
  const db: Db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // 4 MB of page cache (the build's default is 16 MB): writes are appends in batches, reads are a page of 100 rows.
  db.pragma('cache_size = -4000');
  migrate(db);
  const tables = runTables(db);

  const q = {
    insertCheck: db.prepare(`INSERT INTO checks (id, file_name, stored_path, created_at, state) VALUES (@id, @fileName, @storedPath, @createdAt, 'uploaded')`),
    getCheck: db.prepare(`SELECT * FROM checks WHERE id = ?`),
    listChecks: db.prepare(`SELECT * FROM checks WHERE state != 'uploaded' ORDER BY created_at DESC, id LIMIT ?`),
    setPreview: db.prepare(`UPDATE checks SET preview_json = ? WHERE id = ?`),
    start: db.prepare(
      `UPDATE checks SET state = 'running', checked_version = COALESCE(@version, edits_version), grid_columns_json = @gridColumns, summary_json = NULL, rows_read = 0, error_rows = 0, failure_es = NULL, failure_en = NULL WHERE id = @id`,
    ),
    markRunning: db.prepare(`UPDATE checks SET state = 'running', failure_es = NULL, failure_en = NULL WHERE id = ?`),
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
      `UPDATE checks SET state = 'failed', failure_es = ?, failure_en = ? WHERE state = 'running' AND id IN (SELECT check_id FROM submissions WHERE finished_at IS NULL)`,
    ),
    abandonSubmissions: db.prepare(`UPDATE submissions SET finished_at = ?, interrupted = 1 WHERE finished_at IS NULL`),
    seqOfRow: db.prepare(`SELECT seq FROM rows WHERE check_id = ? AND row_num = ?`),
    fail: db.prepare(`UPDATE checks SET state = 'failed', failure_es = ?, failure_en = ? WHERE id = ?`),
    pageAll: db.prepare(
      `SELECT r.row_num, r.cells_json, m.status, m.invoice FROM rows r LEFT JOIN invoice_marks m ON ${MARK_OF_ROW}
       WHERE r.check_id = ? AND r.seq >= ? AND r.seq < ? ORDER BY r.seq`,
    ),
    counts: db.prepare(`SELECT rows_read, error_rows FROM checks WHERE id = ?`),
    remember: db.prepare(
      `INSERT INTO mappings (signature, mapping_json, updated_at) VALUES (?, ?, ?) ON CONFLICT(signature) DO UPDATE SET mapping_json = excluded.mapping_json, updated_at = excluded.updated_at`,
    ),
    recall: db.prepare(`SELECT mapping_json FROM mappings WHERE signature = ?`),
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
      q.bumpEdits.run(id);
      return n;
    }),
    editsBetween,
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
    close: () => db.close(),
    ...valueMapStore(db, tables),
  };
}

/** The statements over one check's problem and erroneous-row tables (its own, or the shared ones for a check not run since migration 6). */
interface RunTableStatements {
  /** Forgets the check's problems and erroneous-row index. */
  clear(id: string): void;
  clearErrorRows(id: string): void;
  /** Indexes the erroneous rows (params: @id); `changes` is how many. */
  readonly indexErrors: Statement;
  readonly posOfSeq: Statement;
  readonly pageErrors: Statement;
  readonly problemsBetween: Statement;
  readonly problemsOfGroup: Statement;
  readonly insertProblem: Statement;
  /** The first edit of a batch on a cell the check flagged as a value the catalogue does not know (params: check, batch). */
  readonly flaggedInBatch: Statement;
}

export interface RunTables {
  /** The check's tables as they stand (run_tables, or the shared ones). */
  of(id: string): RunTableStatements;
  /** A new run: empties the check's own tables (made now for a check that had none; its rows in the shared tables go). */
  restart(id: string): void;
}

/**
 * A page of the rows with errors (params: check id, from position, to position): read by position
 * from the check's index of erroneous rows, each row then found by its key. CROSS JOIN holds SQLite
 * to that order: with a plain JOIN it drove the query from the check's rows (the per-check index has
 * no check_id key to start from) and looked each one up by seq, a pass over every row of the sheet
 * for each page (207 ms for the last page of a 1,000,000-row check; 1.5 ms in this order).
 */
export function pageOfErrorsSql(errorRows: string): string {
  return `SELECT r.row_num, r.cells_json, m.status, m.invoice FROM ${errorRows} e CROSS JOIN rows r ON r.check_id = e.check_id AND r.seq = e.seq
         LEFT JOIN invoice_marks m ON ${MARK_OF_ROW}
         WHERE e.check_id = ? AND e.pos >= ? AND e.pos < ? ORDER BY e.pos`;
}

function runTables(db: Db): RunTables {
  const numberOf = db.prepare(`SELECT rowid AS n, run_tables FROM checks WHERE id = ?`);
  const setNumber = db.prepare(`UPDATE checks SET run_tables = ? WHERE id = ?`);
  const cache = new Map<number | null, RunTableStatements>();
  const statements = (n: number | null): RunTableStatements => {
    let made = cache.get(n);
    if (made !== undefined) return made;
    const problems = n === null ? 'problems' : `problems_${n}`;
    const errorRows = n === null ? 'error_rows' : `error_rows_${n}`;
    // The check's own tables are emptied whole (SQLite's truncate optimisation); the shared ones by check.
    const clearProblems = db.prepare(n === null ? `DELETE FROM problems WHERE check_id = ?` : `DELETE FROM ${problems}`);
    const clearErrors = db.prepare(n === null ? `DELETE FROM error_rows WHERE check_id = ?` : `DELETE FROM ${errorRows}`);
    const clearErrorRows = (id: string): void => void (n === null ? clearErrors.run(id) : clearErrors.run());
    made = {
      clear(id) {
        if (n === null) clearProblems.run(id);
        else clearProblems.run();
        clearErrorRows(id);
      },
      clearErrorRows,
      indexErrors: db.prepare(
        `INSERT INTO ${errorRows} (check_id, pos, seq)
         SELECT @id, ROW_NUMBER() OVER (ORDER BY seq) - 1, seq FROM (
           SELECT r.seq FROM invoice_marks m CROSS JOIN rows r ON r.check_id = m.check_id AND r.row_num >= m.first_row AND r.row_num <= m.last_row
           WHERE m.check_id = @id AND m.has_error = 1
           UNION
           SELECT r.seq FROM row_errors e JOIN rows r ON r.check_id = e.check_id AND r.row_num = e.row_num WHERE e.check_id = @id
         )`,
      ),
      posOfSeq: db.prepare(`SELECT pos FROM ${errorRows} WHERE check_id = ? AND seq = ?`),
      pageErrors: db.prepare(pageOfErrorsSql(errorRows)),
      problemsBetween: db.prepare(`SELECT * FROM ${problems} WHERE check_id = ? AND row_num >= ? AND row_num <= ? ORDER BY row_num, id`),
      problemsOfGroup: db.prepare(`SELECT * FROM ${problems} WHERE check_id = ? AND severity = ? AND code = ? AND col_header = ? ORDER BY row_num, id LIMIT ?`),
      insertProblem: db.prepare(
        `INSERT INTO ${problems} (check_id, row_num, col_index, col_header, col_letter, code, severity, invoice, value, message_es, message_en)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      flaggedInBatch: db.prepare(
        `SELECT e.col_index, e.old_value, e.new_value FROM edits e
         WHERE e.check_id = ? AND e.batch = ? AND EXISTS (
           SELECT 1 FROM ${problems} p WHERE p.check_id = e.check_id AND p.row_num = e.row_num AND p.col_index = e.col_index AND p.code = 'UNKNOWN_CATALOGUE_VALUE')
         LIMIT 1`,
      ),
    };
    cache.set(n, made);
    return made;
  };
  const numbers = (id: string): { n: number; runTables: number | null } | undefined => {
    const r = numberOf.get(id) as { n: number; run_tables: number | null } | undefined;
    return r === undefined ? undefined : { n: r.n, runTables: r.run_tables };
  };
  return {
    of: (id) => statements(numbers(id)?.runTables ?? null),
    restart(id) {
      const r = numbers(id);
      if (r === undefined) return;
      if (r.runTables !== null) {
        statements(r.runTables).clear(id);
        return;
      }
      // First run since migration 6: its rows leave the shared tables; its own are made (the check's rowid names them).
      statements(null).clear(id);
      const n = r.n;
      db.exec(
        `CREATE TABLE IF NOT EXISTS problems_${n} (
           id INTEGER PRIMARY KEY,
           check_id TEXT NOT NULL,
           row_num INTEGER,
           col_index INTEGER,
           col_header TEXT NOT NULL DEFAULT '',
           col_letter TEXT,
           code TEXT NOT NULL,
           severity TEXT NOT NULL,
           invoice TEXT,
           value TEXT,
           message_es TEXT NOT NULL,
           message_en TEXT NOT NULL
         );
         CREATE INDEX IF NOT EXISTS problems_${n}_by_row ON problems_${n} (row_num);
         CREATE INDEX IF NOT EXISTS problems_${n}_by_group ON problems_${n} (severity, code, col_header, row_num);
         CREATE TABLE IF NOT EXISTS error_rows_${n} (check_id TEXT NOT NULL, pos INTEGER PRIMARY KEY, seq INTEGER NOT NULL);
         CREATE INDEX IF NOT EXISTS error_rows_${n}_by_seq ON error_rows_${n} (seq);`,
      );
      setNumber.run(n, id);
      // Tables left by a check whose rowid was given again (none are dropped): emptied too.
      statements(n).clear(id);
    },
  };
}

function migrate(db: Db): void {
  const applied = Number(db.pragma('user_version', { simple: true }));
  MIGRATIONS.forEach((sql, i) => {
    if (i < applied) return;
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${i + 1}`);
    })();
  });
}

/**
 * Buffers the check's writes and commits them every BATCH operations, one transaction each, with
 * prepared statements. Rows, marks and problems are independent tables, so each has its own
 * buffer of plain values (no closure per operation). A row's marks are an upsert: its invoice's
 * status may come before or after an error that names the row, and an error is never cleared.
 */
function createCheckWriter(db: Db, checkId: string, tables: RunTableStatements): CheckWriter {
  const insertRow = db.prepare(`INSERT INTO rows (check_id, seq, row_num, cells_json) VALUES (?, ?, ?, ?)`);
  const mark = db.prepare(
    `INSERT INTO invoice_marks (check_id, first_row, last_row, status, invoice, has_error) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (check_id, first_row) DO UPDATE SET last_row = MAX(last_row, excluded.last_row), status = excluded.status, invoice = excluded.invoice,
       has_error = MAX(has_error, excluded.has_error)`,
  );
  const rowError = db.prepare(`INSERT OR IGNORE INTO row_errors (check_id, row_num) VALUES (?, ?)`);
  // A row claimed again (rare): the runs that hold any of rows [a, b] (the nearest one starting at or before a, and those starting inside).
  const overlapping = db.prepare(
    `SELECT first_row, last_row, status, invoice, has_error FROM invoice_marks
     WHERE check_id = @id AND first_row BETWEEN COALESCE((SELECT MAX(first_row) FROM invoice_marks WHERE check_id = @id AND first_row <= @a), @a) AND @b
       AND last_row >= @a`,
  );
  const dropMark = db.prepare(`DELETE FROM invoice_marks WHERE check_id = ? AND first_row = ?`);
  /** Run [a, b] takes its rows from the runs that held them: what lies outside it stays theirs; an error they had stays on its rows. */
  const reclaim = (a: number, b: number): void => {
    for (const o of overlapping.all({ id: checkId, a, b }) as {
      first_row: number;
      last_row: number;
      status: string | null;
      invoice: string | null;
      has_error: number;
    }[]) {
      dropMark.run(checkId, o.first_row);
      if (o.first_row < a) mark.run(checkId, o.first_row, a - 1, o.status, o.invoice, o.has_error);
      if (o.last_row > b) mark.run(checkId, b + 1, o.last_row, o.status, o.invoice, o.has_error);
      if (o.has_error === 1) for (let r = Math.max(a, o.first_row); r <= Math.min(b, o.last_row); r += 1) rowError.run(checkId, r);
    }
  };
  /** Rows already marked by this run (a bit per sheet row): only a row claimed again needs `reclaim`. */
  let claimed = new Uint8Array(1024);
  const claim = (first: number, last: number): number => {
    if (last >= claimed.length) {
      const grown = new Uint8Array(Math.max(claimed.length * 2, last + 1));
      grown.set(claimed);
      claimed = grown;
    }
    let again = 0;
    for (let r = first; r <= last; r += 1) {
      again |= claimed[r] ?? 0;
      claimed[r] = 1;
    }
    return again;
  };
  const { insertProblem } = tables;
  let rows: (number | string)[] = []; // seq, row, cells_json
  let marks: (number | string)[] = []; // first row, last row, status, invoice, has_error, claimed again (1/0)
  let rowErrors: number[] = [];
  /** rowErrors[rowErrorsFrom..] came since the last invoice: its own problems' rows (problems are told before their invoice). */
  let rowErrorsFrom = 0;
  let problems: StoredProblem[] = [];
  let pending = 0;
  let seq = 0;
  const commit = db.transaction(() => {
    for (let i = 0; i < rows.length; i += 3) insertRow.run(checkId, rows[i], rows[i + 1], rows[i + 2]);
    for (let i = 0; i < marks.length; i += 6) {
      if (marks[i + 5] === 1) reclaim(marks[i] as number, marks[i + 1] as number);
      mark.run(checkId, marks[i], marks[i + 1], marks[i + 2], marks[i + 3], marks[i + 4]);
    }
    for (const r of rowErrors) rowError.run(checkId, r);
    for (const p of problems)
      insertProblem.run(
        checkId,
        p.row ?? null,
        p.colIndex ?? null,
        p.header,
        p.letter ?? null,
        p.code,
        p.severity,
        p.invoice ?? null,
        p.value ?? null,
        p.message.es,
        p.message.en,
      );
  });
  const commitPending = (): void => {
    if (pending === 0) return;
    commit();
    rows = [];
    marks = [];
    rowErrors = [];
    rowErrorsFrom = 0;
    problems = [];
    pending = 0;
  };
  const counted = (): void => {
    pending += 1;
    if (pending >= BATCH) commitPending();
  };
  return {
    addRow(row, cells) {
      rows.push(seq++, row, JSON.stringify(cells));
      counted();
    },
    markInvoice(invoiceRows, invoice, status, hasError) {
      // One mark per run of consecutive rows (an invoice's rows are nearly always one run).
      const error = hasError ? 1 : 0;
      // The invoice's error flag covers its rows: a row error of its own problems would say it again.
      if (hasError && rowErrors.length > rowErrorsFrom) {
        let kept = rowErrorsFrom;
        for (let i = rowErrorsFrom; i < rowErrors.length; i += 1) {
          const r = rowErrors[i] as number;
          if (!invoiceRows.includes(r)) rowErrors[kept++] = r;
        }
        rowErrors.length = kept;
      }
      let first: number | undefined;
      let last = 0;
      for (const r of invoiceRows) {
        if (first !== undefined && r === last + 1) {
          last = r;
          continue;
        }
        if (first !== undefined) {
          marks.push(first, last, status, invoice, error, claim(first, last));
          counted();
        }
        first = r;
        last = r;
      }
      if (first !== undefined) {
        marks.push(first, last, status, invoice, error, claim(first, last));
        counted();
      }
      rowErrorsFrom = rowErrors.length;
    },
    addProblem(p) {
      problems.push(p);
      counted();
    },
    markRowError(row) {
      rowErrors.push(row);
      counted();
    },
    get rowsWritten() {
      return seq;
    },
    flush: commitPending,
  };
}

// ---------------------------------------------------------------------------------------------
// Value maps, columns, submissions (migration 3). Remembered value maps turn into ordinary edits
// of the overlay (one batch per map), so the library sees them through `edits` like any other
// change, the grid marks them and «Deshacer» takes them back.
// ---------------------------------------------------------------------------------------------

/** In column `column` (canonical name), the whole text `from` becomes `to`, for the invoices of issuer `ruc` ('' = issuer not known). */
export interface ValueMapRecord {
  readonly id: number;
  readonly ruc: string;
  readonly column: string;
  readonly from: string;
  readonly to: string;
  readonly createdAt: string;
}

/** One «Enviar» of a check: when, where, for whom, and how it ended. */
export interface SubmissionRecord {
  readonly id: number;
  readonly checkId: string;
  readonly startedAt: string;
  readonly finishedAt?: string;
  readonly environment: string;
  /** The one issuer sent (`issuer` option); absent when every issuer was. */
  readonly issuer?: string;
  readonly byStatus?: Readonly<Record<string, number>>;
  readonly interrupted: boolean;
  readonly failure?: string;
}

/** The last edit batch, when the check had flagged its cells as a value the catalogue does not know: a value map to offer. */
export interface ValueMapOffer {
  readonly col: number;
  readonly from: string;
  readonly to: string;
  /** The issuers of the rows the batch changed ('' = not known). */
  readonly issuers: readonly string[];
}

export interface ValueMapStore {
  /** Where each canonical column sits in the check's sheet (0-based), as the last run's header said. */
  setCheckColumns(checkId: string, columns: Readonly<Record<string, number>>): void;
  checkColumns(checkId: string): Map<string, number>;
  listValueMaps(): ValueMapRecord[];
  rememberValueMap(m: { ruc: string; column: string; from: string; to: string; at: string }): void;
  forgetValueMap(id: number): boolean;
  /** How many cells the remembered maps changed when the check first ran; undefined before that. */
  valueMapsApplied(checkId: string): number | undefined;
  /**
   * Applies every remembered map whose column the sheet has to the rows of its issuer (the row's
   * emisorRuc, else `defaultRuc`), one edit batch per map, and records that the check had them.
   * Answers how many cells changed.
   */
  applyValueMaps(checkId: string, defaultRuc: string | undefined, at: string): number;
  valueMapOffer(checkId: string, defaultRuc: string | undefined): ValueMapOffer | undefined;
  startSubmission(s: { checkId: string; at: string; environment: string; issuer?: string }): number;
  finishSubmission(id: number, s: { at: string; byStatus?: Readonly<Record<string, number>>; interrupted: boolean; failure?: string }): void;
  /** The latest submission of each check that has one. */
  latestSubmissions(): Map<string, SubmissionRecord>;
}

/** The current text of column `col` of row `r` (the newest edit, else the sheet's own). */
const currentCell = (col: string): string =>
  `COALESCE((SELECT new_value FROM edits e WHERE e.check_id = r.check_id AND e.row_num = r.row_num AND e.col_index = ${col} ORDER BY e.id DESC LIMIT 1),
            json_extract(r.cells_json, '$[' || CAST(${col} AS INTEGER) || ']'), '')`;
/** The issuer of row `r`: its emisorRuc (edits included) when the sheet has the column (@rucCol >= 0) and it is filled, else @def. */
const rowIssuer = `CASE WHEN @rucCol < 0 THEN @def ELSE COALESCE(NULLIF(TRIM(${currentCell('@rucCol')}), ''), @def) END`;

function valueMapStore(db: Db, tables: RunTables): ValueMapStore {
  const q = {
    deleteColumns: db.prepare(`DELETE FROM check_columns WHERE check_id = ?`),
    insertColumn: db.prepare(`INSERT INTO check_columns (check_id, column_name, col_index) VALUES (?, ?, ?)`),
    columns: db.prepare(`SELECT column_name, col_index FROM check_columns WHERE check_id = ?`),
    list: db.prepare(`SELECT * FROM value_maps ORDER BY ruc, column_name, from_value`),
    remember: db.prepare(
      `INSERT INTO value_maps (ruc, column_name, from_value, to_value, created_at) VALUES (@ruc, @column, @from, @to, @at)
       ON CONFLICT (ruc, column_name, from_value) DO UPDATE SET to_value = excluded.to_value, created_at = excluded.created_at`,
    ),
    forget: db.prepare(`DELETE FROM value_maps WHERE id = ?`),
    applied: db.prepare(`SELECT value_maps_applied AS n FROM checks WHERE id = ?`),
    markApplied: db.prepare(`UPDATE checks SET value_maps_applied = ? WHERE id = ?`),
    nextBatch: db.prepare(`SELECT COALESCE(MAX(batch), 0) + 1 AS b FROM edits WHERE check_id = ?`),
    bump: db.prepare(`UPDATE checks SET edits_version = edits_version + 1 WHERE id = ?`),
    applyMap: db.prepare(
      `INSERT INTO edits (check_id, batch, row_num, col_index, old_value, new_value, edited_at)
       SELECT @id, @batch, cur.row_num, @col, cur.v, @to, @at FROM (
         SELECT r.row_num, ${currentCell('@col')} AS v, ${rowIssuer} AS ruc FROM rows r WHERE r.check_id = @id
       ) cur WHERE cur.v = @from AND cur.ruc = @ruc ORDER BY cur.row_num`,
    ),
    lastBatch: db.prepare(`SELECT MAX(batch) AS b FROM edits WHERE check_id = ?`),
    issuersOfBatch: db.prepare(
      `SELECT DISTINCT ${rowIssuer} AS ruc FROM edits b JOIN rows r ON r.check_id = b.check_id AND r.row_num = b.row_num
       WHERE b.check_id = @id AND b.batch = @batch ORDER BY 1 LIMIT 50`,
    ),
    startSubmission: db.prepare(`INSERT INTO submissions (check_id, started_at, environment, issuer) VALUES (@checkId, @at, @environment, @issuer)`),
    finishSubmission: db.prepare(
      `UPDATE submissions SET finished_at = @at, by_status_json = @byStatus, interrupted = @interrupted, failure = @failure WHERE id = @id`,
    ),
    latestSubmissions: db.prepare(`SELECT * FROM submissions WHERE id IN (SELECT MAX(id) FROM submissions GROUP BY check_id)`),
  };
  type Raw = Record<string, string | number | null>;
  const toMap = (r: Raw): ValueMapRecord => ({
    id: Number(r['id']),
    ruc: String(r['ruc']),
    column: String(r['column_name']),
    from: String(r['from_value']),
    to: String(r['to_value']),
    createdAt: String(r['created_at']),
  });
  const checkColumns = (checkId: string): Map<string, number> =>
    new Map((q.columns.all(checkId) as Raw[]).map((r) => [String(r['column_name']), Number(r['col_index'])]));
  const listValueMaps = (): ValueMapRecord[] => (q.list.all() as Raw[]).map(toMap);
  return {
    setCheckColumns: db.transaction((checkId: string, columns: Readonly<Record<string, number>>) => {
      q.deleteColumns.run(checkId);
      for (const [name, index] of Object.entries(columns)) q.insertColumn.run(checkId, name, index);
    }),
    checkColumns,
    listValueMaps,
    rememberValueMap: (m) => void q.remember.run(m),
    forgetValueMap: (id) => q.forget.run(id).changes > 0,
    valueMapsApplied(checkId) {
      const r = q.applied.get(checkId) as { n: number | null } | undefined;
      return r?.n ?? undefined;
    },
    applyValueMaps: db.transaction((checkId: string, defaultRuc: string | undefined, at: string): number => {
      const columns = checkColumns(checkId);
      const rucCol = columns.get('emisorRuc') ?? -1;
      let total = 0;
      for (const m of listValueMaps()) {
        const col = columns.get(m.column);
        if (col === undefined) continue;
        const { b } = q.nextBatch.get(checkId) as { b: number };
        total += q.applyMap.run({ id: checkId, batch: b, col, from: m.from, to: m.to, ruc: m.ruc, rucCol, def: defaultRuc ?? '', at }).changes;
      }
      if (total > 0) q.bump.run(checkId);
      q.markApplied.run(total, checkId);
      return total;
    }),
    valueMapOffer(checkId, defaultRuc) {
      const { b } = q.lastBatch.get(checkId) as { b: number | null };
      if (b === null) return undefined;
      const hit = tables.of(checkId).flaggedInBatch.get(checkId, b) as Raw | undefined;
      if (hit === undefined) return undefined;
      const rucCol = checkColumns(checkId).get('emisorRuc') ?? -1;
      const issuers = (q.issuersOfBatch.all({ id: checkId, batch: b, rucCol, def: defaultRuc ?? '' }) as Raw[]).map((r) => String(r['ruc']));
      return { col: Number(hit['col_index']), from: String(hit['old_value']), to: String(hit['new_value']), issuers };
    },
    startSubmission: (s) => Number(q.startSubmission.run({ ...s, issuer: s.issuer ?? null }).lastInsertRowid),
    finishSubmission: (id, s) =>
      void q.finishSubmission.run({
        id,
        at: s.at,
        byStatus: s.byStatus === undefined ? null : JSON.stringify(s.byStatus),
        interrupted: s.interrupted ? 1 : 0,
        failure: s.failure ?? null,
      }),
    latestSubmissions() {
      const out = new Map<string, SubmissionRecord>();
      for (const r of q.latestSubmissions.all() as Raw[]) {
        out.set(String(r['check_id']), {
          id: Number(r['id']),
          checkId: String(r['check_id']),
          startedAt: String(r['started_at']),
          ...(r['finished_at'] != null ? { finishedAt: String(r['finished_at']) } : {}),
          environment: String(r['environment']),
          ...(r['issuer'] != null ? { issuer: String(r['issuer']) } : {}),
          ...(r['by_status_json'] != null ? { byStatus: JSON.parse(String(r['by_status_json'])) as Record<string, number> } : {}),
          interrupted: Number(r['interrupted']) === 1,
          ...(r['failure'] != null ? { failure: String(r['failure']) } : {}),
        });
      }
      return out;
    },
  };
}
