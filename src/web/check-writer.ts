import type { Database as Db } from 'better-sqlite3';
import type { RunTableStatements } from './run-tables.js';
import type { StoredCells } from './wide-row-cells.js';

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

/** Writes one check's rows, their marks and its problems as they stream; `flush` commits what is pending. */
export interface CheckWriter {
  /** A source row's cells as display text, `null` when blank, split at the grid's width (only when the check's rows are being written; see startCheck). */
  addRow(row: number, cells: StoredCells, hidden?: boolean): void;
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

/** Writes are committed every BATCH operations: one transaction per batch, not per row. */
const BATCH = 2000;

/**
 * Buffers the check's writes and commits them every BATCH operations, one transaction each, with
 * prepared statements. Rows, marks and problems are independent tables, so each has its own
 * buffer of plain values (no closure per operation). A row's marks are an upsert: its invoice's
 * status may come before or after an error that names the row, and an error is never cleared.
 */
export function createCheckWriter(db: Db, checkId: string, tables: RunTableStatements): CheckWriter {
  const insertRow = db.prepare(`INSERT INTO rows (check_id, seq, row_num, cells_json, hidden, far_json) VALUES (?, ?, ?, ?, ?, ?)`);
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
  let rows: (number | string | null)[] = []; // seq, row, cells_json, hidden (1 or null), far_json (or null)
  let marks: (number | string)[] = []; // first row, last row, status, invoice, has_error, claimed again (1/0)
  let rowErrors: number[] = [];
  /** rowErrors[rowErrorsFrom..] came since the last invoice: its own problems' rows (problems are told before their invoice). */
  let rowErrorsFrom = 0;
  let problems: StoredProblem[] = [];
  let pending = 0;
  let seq = 0;
  const commit = db.transaction(() => {
    for (let i = 0; i < rows.length; i += 5) insertRow.run(checkId, rows[i], rows[i + 1], rows[i + 2], rows[i + 3], rows[i + 4]);
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
    addRow(row, cells, hidden) {
      rows.push(seq++, row, JSON.stringify(cells.near), hidden === true ? 1 : null, cells.far === undefined ? null : JSON.stringify(cells.far));
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
