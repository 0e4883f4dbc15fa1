import type { Database as Db } from 'better-sqlite3';

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
  // The rows the sheet hides are kept hidden in the corrected sheet (left visible, their invoice was
  // issued from it). Rows stored before this are read again at their check's next run.
  `ALTER TABLE rows ADD COLUMN hidden INTEGER;
   UPDATE checks SET rows_key = NULL;`,
  // The last edit a check ran with: an undo that brings the edits back to it leaves nothing to recheck.
  `ALTER TABLE checks ADD COLUMN checked_last_edit INTEGER;`,
  // A check whose submission the server's stop cut short (abandonRunning): the page says the send
  // was interrupted, not that the sheet could not be checked. Cleared when the check runs again.
  `ALTER TABLE checks ADD COLUMN send_cut INTEGER;`,
  // A row's cells past the header, by column (wide-row-cells.ts): stored in the row's one array, a
  // value in column XFD padded it to 16,384 cells. Rows stored before keep their one array, which
  // every reader still takes (the corrected sheet writes every cell of it).
  `ALTER TABLE rows ADD COLUMN far_json TEXT;`,
  // A check counts the valid invoices the journal shows issued as SKIPPED («ACEPTADO ANTES»), no
  // longer as VALID beside a separate `issuedBefore` the page took away from those to send: a check
  // stored before, read now, would count them to send. Its service is forgotten, so «Enviar» waits
  // for a «Revalidar» (as for a check of another service), which counts them anew.
  `UPDATE checks SET summary_json = json_remove(summary_json, '$.service')
     WHERE json_valid(summary_json) AND json_extract(summary_json, '$.issuedBefore') > 0;`,
];

/** Brings the workspace's database up to the last migration, one transaction per migration. */
export function migrateWorkspace(db: Db): void {
  const applied = Number(db.pragma('user_version', { simple: true }));
  MIGRATIONS.forEach((sql, i) => {
    if (i < applied) return;
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${i + 1}`);
    })();
  });
}
