import type { Database as Db, Statement } from 'better-sqlite3';
import { MARK_OF_ROW } from './invoice-mark-of-row.js';

/** The statements over one check's problem and erroneous-row tables (its own, or the shared ones for a check not run since migration 6). */
export interface RunTableStatements {
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
  /**
   * The first edit of a batch on a cell the check flagged as a value the catalogue does not know
   * (params: check, batch), with the cell's value in the sheet (its first edit's old value): a map
   * offered after a second change of the cell («BOLSITA» → «BOLSA» → «NIU») maps what sheets say.
   */
  readonly flaggedInBatch: Statement;
}

export interface RunTables {
  /** The check's tables as they stand (run_tables, or the shared ones). */
  of(id: string): RunTableStatements;
  /** A new run: empties the check's own tables (made now for a check that had none; its rows in the shared tables go). */
  restart(id: string): void;
  /** The check is forgotten: its own tables go (its rows in the shared ones are the caller's to delete). */
  drop(id: string): void;
}

/**
 * A page of the rows with errors (params: check id, from position, to position): read by position
 * from the check's index of erroneous rows, each row then found by its key. CROSS JOIN holds SQLite
 * to that order: with a plain JOIN it drove the query from the check's rows (the per-check index has
 * no check_id key to start from) and looked each one up by seq, a pass over every row of the sheet
 * for each page (207 ms for the last page of a 1,000,000-row check; 1.5 ms in this order).
 */
export function pageOfErrorsSql(errorRows: string): string {
  return `SELECT r.row_num, r.cells_json, r.hidden, m.status, m.invoice FROM ${errorRows} e CROSS JOIN rows r ON r.check_id = e.check_id AND r.seq = e.seq
         LEFT JOIN invoice_marks m ON ${MARK_OF_ROW}
         WHERE e.check_id = ? AND e.pos >= ? AND e.pos < ? ORDER BY e.pos`;
}

export function runTables(db: Db): RunTables {
  // A check's own problems table has the shared one's columns, as the schema holds them now (migrations included).
  const problemsSql = (db.prepare(`SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = 'problems'`).get() as { sql: string }).sql;
  const ownProblemsTable = (n: number): string => {
    const made = problemsSql.replace(/^CREATE TABLE "?problems"? /, `CREATE TABLE IF NOT EXISTS problems_${n} `);
    if (made === problemsSql) throw new Error(`the problems table's definition is not the one expected: ${problemsSql.slice(0, 40)}`);
    return made;
  };
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
        `SELECT e.col_index, e.new_value,
                (SELECT f.old_value FROM edits f WHERE f.check_id = e.check_id AND f.row_num = e.row_num AND f.col_index = e.col_index ORDER BY f.id LIMIT 1) AS old_value
         FROM edits e
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
        `${ownProblemsTable(n)};
         CREATE INDEX IF NOT EXISTS problems_${n}_by_row ON problems_${n} (row_num);
         CREATE INDEX IF NOT EXISTS problems_${n}_by_group ON problems_${n} (severity, code, col_header, row_num);
         CREATE TABLE IF NOT EXISTS error_rows_${n} (check_id TEXT NOT NULL, pos INTEGER PRIMARY KEY, seq INTEGER NOT NULL);
         CREATE INDEX IF NOT EXISTS error_rows_${n}_by_seq ON error_rows_${n} (seq);`,
      );
      setNumber.run(n, id);
      // Tables left by a check whose rowid was given again (a forgotten check's are dropped; older ones may be left): emptied too.
      statements(n).clear(id);
    },
    drop(id) {
      const n = numbers(id)?.runTables;
      if (n === undefined || n === null) return;
      // Their indexes go with them; the statements prepared over them are not kept.
      db.exec(`DROP TABLE IF EXISTS problems_${n}; DROP TABLE IF EXISTS error_rows_${n};`);
      cache.delete(n);
    },
  };
}
