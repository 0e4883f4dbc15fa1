import { EXIT_OK, EXIT_SOME_FAILED } from '../factura-error.js';
import type { WrittenFiles } from '../import-event.js';
import type { InvoiceStatus } from '../invoice/invoice-status.js';
import type { CurrencyTotals, IssuerCounts } from '../report/run-summary.js';
import { issuerStanding } from '../report/run-summary.js';
import type { ImportResult, ShownProblem, ShownProblemGroup } from '../run-import.js';

/**
 * The end of a run, as `validate --json` prints it and the library returns it: one type, so the
 * two agree by construction.
 */
export interface RunSummary {
  /** Invoices the sheet holds (by issuer, serie and número), whatever became of them. */
  readonly invoices: number;
  /**
   * How many invoices ended in each status (every status present, 0 when none): VALID (dry run),
   * INVALID, ACCEPTED, DUPLICATE, REJECTED, FAILED, UNKNOWN, SKIPPED (accepted in an earlier run),
   * NOT_SENT (the run stopped first), LEFT_OUT (another issuer's, with `onlyIssuer`). Their labels
   * in Spanish: STATUS_LABELS.
   */
  readonly byStatus: Readonly<Record<InvoiceStatus, number>>;
  /** Accepted (in this run or an earlier one) or, in a dry run, valid invoices, by currency. */
  readonly totals: readonly CurrencyTotals[];
  /** The same per issuer RUC, in order of first appearance (empty when no invoice has a known issuer). */
  readonly byIssuer: readonly IssuerCounts[];
  /** Invoices with at least one warning. */
  readonly withWarnings: number;
  /** Every problem of the run by severity: the invoices', the rows' that belong to none and the file's (the sum of problemGroups). */
  readonly problems: { readonly errors: number; readonly warnings: number };
  /** The files written. */
  readonly paths: WrittenFiles;
  /** Source rows that belong to no invoice (each one in the results' `Errores` sheet). */
  readonly orphanRows: number;
  /** True when the run was stopped (signal) before the end. */
  readonly interrupted: boolean;
  /** Notes about the run as a whole, in the run's language. */
  readonly notes: readonly string[];
  /** The first errors (then warnings) of the run, at most ten; the results workbook has them all. */
  readonly firstProblems: readonly ShownProblem[];
  /** Every kind of problem by column, with the invoices it touches and its first rows. */
  readonly problemGroups: readonly ShownProblemGroup[];
  /** The command line's exit code for this run: 0 all fine, 1 some invoices not, 130 interrupted. */
  readonly exitCode: number;
}

/** The exit codes of a finished run: 130 interrupted, 1 when any invoice or row is not fine, else 0. */
function exitCodeOfRun(result: Pick<ImportResult, 'interrupted' | 'summary' | 'orphanRows'>): number {
  if (result.interrupted) return 130;
  // The same judgement as each issuer's line of the summary (LEFT_OUT, another issuer's invoice under `--issuer`, counts neither way).
  const troubled = issuerStanding(result.summary).troubled > 0;
  return troubled || result.orphanRows > 0 ? EXIT_SOME_FAILED : EXIT_OK;
}

/** Every problem of a run by severity, as «Problemas encontrados» lists them: the sum of its groups' occurrences. */
export function problemCounts(groups: readonly Pick<ShownProblemGroup, 'severity' | 'occurrences'>[]): RunSummary['problems'] {
  let errors = 0;
  let warnings = 0;
  for (const g of groups) {
    if (g.severity === 'error') errors += g.occurrences;
    else warnings += g.occurrences;
  }
  return { errors, warnings };
}

/** A finished import as the public summary (key order is the `--json` output's). */
export function summarizeRun(result: ImportResult, notes: readonly string[]): RunSummary {
  const s = result.summary;
  return {
    invoices: s.invoices,
    byStatus: s.byStatus,
    totals: s.totals,
    byIssuer: s.byIssuer,
    withWarnings: s.withWarnings,
    problems: problemCounts(result.problemGroups),
    paths: result.written,
    orphanRows: result.orphanRows,
    interrupted: result.interrupted,
    notes,
    firstProblems: result.firstProblems,
    problemGroups: result.problemGroups,
    exitCode: exitCodeOfRun(result),
  };
}
