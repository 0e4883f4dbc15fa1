import type { Database as Db } from 'better-sqlite3';
import type { RunTables } from './run-tables.js';

/** What forgetting a check came to: gone, not there, or refused because it is being checked or sent. */
export type ForgetOutcome = 'forgotten' | 'missing' | 'running';

export interface CheckRemoval {
  /**
   * Deletes everything the database holds about a check, in one transaction: the check, its stored
   * rows, marks, problems, edits, columns and submissions, and its own problem tables. A check that
   * is running is left as it is. The files (the upload, its workbooks) are the caller's; the
   * workspace's journal is not the database's, and nothing here touches what it says was issued.
   */
  forgetCheck(id: string): ForgetOutcome;
}

/** The rows of a check in the tables that hold several checks', by their check_id. */
const TABLES_BY_CHECK = ['rows', 'error_rows', 'problems', 'edits', 'check_columns', 'submissions', 'invoice_marks', 'row_errors'] as const;

export function checkRemoval(db: Db, tables: RunTables): CheckRemoval {
  const stateOf = db.prepare(`SELECT state FROM checks WHERE id = ?`);
  const deletes = TABLES_BY_CHECK.map((table) => db.prepare(`DELETE FROM ${table} WHERE check_id = ?`));
  const deleteCheck = db.prepare(`DELETE FROM checks WHERE id = ?`);
  return {
    forgetCheck: db.transaction((id: string): ForgetOutcome => {
      const check = stateOf.get(id) as { state: string } | undefined;
      if (check === undefined) return 'missing';
      if (check.state === 'running') return 'running';
      for (const statement of deletes) statement.run(id);
      tables.drop(id);
      deleteCheck.run(id);
      return 'forgotten';
    }),
  };
}
