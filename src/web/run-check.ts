import { localized } from '../i18n/localized-text.js';
import type { HeaderMap, ImportEvent, LocalizedText, ValidateOptions } from '../index.js';
import { checkRunOptions } from './check-run-options.js';
import { journalReadOptions } from './journal-read-options.js';
import { overlayOf } from './check-overlay.js';
import { columnLetter, FacturaError, inUserTerms, RetryWaits, STATUS_LABELS, validateSheet } from '../index.js';
import type { CheckProgressHub } from './check-progress-hub.js';
import { checkTerms } from './check-terms.js';
import { storedCells } from './wide-row-cells.js';
import { shownGridWidth } from './grid-width.js';
import type { CheckWriter } from './check-writer.js';
import { createCurrencyTotalsTally } from './currency-totals-tally.js';
import { ISSUER_MARK, STATUSES_TO_SEND } from './workspace-api.js';
import type { WorkspaceStore } from './workspace-store.js';

/** The library call the check runs (the CLI's own `validateSheet`); passed in so a test can give a slow one. */
export type ValidateSheet = (path: string, options: ValidateOptions) => Promise<unknown>;

export interface CheckDeps {
  readonly store: WorkspaceStore;
  readonly hub: CheckProgressHub;
  readonly validate?: ValidateSheet;
  /** The workspace's journal: a check counts its valid invoices the journal shows as accepted already. */
  readonly journal?: string;
  /** The service «Enviar» sends to, as the journal names it (journalService): only its acceptances count. */
  readonly journalService?: string;
  /** The issuer of invoices without «RUC emisor» (the default login's), to name them in the journal. */
  readonly defaultRuc?: () => string | undefined;
  /** The logins' mails and legal names the workspace knows: a check builds the documents a submission would send (journal-read-options.ts). */
  readonly knownLogins?: () => Pick<ValidateOptions, 'loginMails' | 'loginNames'>;
}

export interface GridColumn {
  readonly header: string;
  readonly letter: string;
}

/** The statuses of the invoices «Enviar» would send, as a set. */
const TO_SEND: ReadonlySet<string> = new Set(STATUSES_TO_SEND);

/** Statuses whose note is said in the service's problem line at the invoice (run-import's serviceProblem): not stored again. */
const NOTE_IN_PROBLEM: ReadonlySet<string> = new Set(['REJECTED', 'FAILED', 'UNKNOWN', 'DUPLICATE']);

/** The code of an outcome's note (why an invoice has its status: «ya aceptado en una ejecución anterior»), stored at its first row for the grid. */
export const OUTCOME_NOTE = 'OUTCOME_NOTE';

/**
 * How a run ended: its end reached, failed, or (a submission) refused before its run started (another
 * program holds the journal, a login): nothing was sent and the check is as it was.
 */
export type CheckRunEnd = 'finished' | 'failed' | 'not-started';

/** Progress events are sent at most this often (ms); the store's row count is updated with them. */
const PROGRESS_EVERY_MS = 250;

/** The sheet's columns by index, as the grid heads them: header text (empty when unnamed) and letter. */
function gridColumnsOf(header: HeaderMap): GridColumn[] {
  const named = [...Object.values(header.columns), ...header.unknown].filter((c) => c !== undefined);
  const width = named.reduce((w, c) => Math.max(w, c.index + 1), 0);
  const columns: GridColumn[] = Array.from({ length: width }, (_, i) => ({ header: '', letter: columnLetter(i) }));
  for (const c of named) columns[c.index] = { header: c.header, letter: c.letter };
  return columns;
}

/** The indexes of the columns the check reads (the template's columns the header names). */
function readColumnIndexes(header: HeaderMap): number[] {
  return Object.values(header.columns).flatMap((c) => (c === undefined ? [] : [c.index]));
}

/** Where a problem's column is in the sheet (canonical name or an unknown column's header text). */
function columnIndexer(header: HeaderMap): (column: string | undefined) => { index: number; header: string; letter: string } | undefined {
  const byName = new Map<string, { index: number; header: string; letter: string }>();
  for (const c of header.unknown) byName.set(c.header, c);
  for (const [name, c] of Object.entries(header.columns)) if (c !== undefined) byName.set(name, c);
  return (column) => (column === undefined ? undefined : byName.get(column));
}

/**
 * How the stored rows were read: a later run that reads them the same way finds the very same rows
 * (the upload never changes and the edits are an overlay) and need not write them again.
 */
function rowsKeyOf(sheet: string | undefined, mapping: Readonly<Record<string, string>> | undefined): string {
  return JSON.stringify({ sheet: sheet ?? null, mapping: mapping ?? null });
}

/**
 * Runs the library's check over an uploaded sheet and streams what it says into the store: each
 * source row (not again on a recheck that reads the sheet the same way: the stored rows are kept),
 * each invoice's status on its rows, each problem; live progress goes to the hub.
 * Never throws: a failure is recorded on the check, in the user's words.
 */
export async function runCheck(
  deps: CheckDeps,
  checkId: string,
  mapping: Readonly<Record<string, string>> | undefined,
  /** The library call: the check (validateSheet) by default, or a submission (see submit-routes). */
  library: ValidateSheet = deps.validate ?? validateSheet,
  /**
   * 'check' (a check, «Revalidar»): the workbooks are not written now but at the first download
   * (check-files), most checks are never downloaded. 'submission': it writes its results, and when
   * it ends before its run started (a lock, a login), the check stays as it was, with the failure said.
   */
  mode: 'check' | 'submission' = 'check',
): Promise<CheckRunEnd> {
  const { store, hub } = deps;
  const check = store.getCheck(checkId);
  if (check === undefined) return 'failed';
  // The edits and their version in one synchronous step: no edit comes between them.
  const read = checkRunOptions(check, mapping, overlayOf(store, checkId));
  const checkedVersion = check.editsVersion;
  const rowsKey = rowsKeyOf(read.sheet, mapping);
  const rowsKept = store.rowsKeptFor(checkId, rowsKey);
  // The rows kept are counted, not taken from the last run's progress: a server stopped during a
  // submission (which writes no rows) left that count where its progress stood, 0 on a small sheet.
  const keptRows = rowsKept ? store.storedRows(checkId) : check.rowsRead;
  // A recheck or a submission reads the sheet the last run read: its counts say how far along this one is.
  const lastInvoices = (check.summary as { invoices?: unknown } | undefined)?.invoices;
  let expected = check.state === 'done' && keptRows > 0 && typeof lastInvoices === 'number' ? { rows: keptRows, invoices: lastInvoices } : undefined;
  store.markRunning(checkId);
  // A recheck: the hub's latest event for this check is the last run's `done`; a new subscriber must not take it for this run's.
  hub.publish(checkId, { type: 'progress', rowsRead: 0, invoices: 0, ...(expected !== undefined ? { expected } : {}) });
  /** The last run's marks and problems are forgotten when this one tells its sheet, not before: a run that ends before (a submission's lock or login) leaves them. */
  let writer: CheckWriter | undefined;
  const started = (): CheckWriter => {
    if (writer === undefined) {
      store.startCheck(checkId, [], rowsKey, checkedVersion);
      writer = store.writer(checkId);
    }
    return writer;
  };
  let locate: ReturnType<typeof columnIndexer> = () => undefined;
  /** The grid's columns (the sheet's header): a row's cells past them are stored apart (wide-row-cells.ts). */
  let gridWidth = 0;
  let gridShown = 0;
  const defaultRuc = deps.defaultRuc?.();
  // A check (not a submission, which skips them itself) reads the workspace's journal: the library
  // calls each valid invoice already issued SKIPPED, warned at its row (ALREADY_ISSUED), and the confirmation counts them.
  const journal = mode === 'check' ? journalReadOptions(deps) : {};
  /**
   * What this run's invoices come to beside the library's summary, started afresh with the run: how
   * many; the valid ones issued before (SKIPPED with ALREADY_ISSUED), by issuer RUC (the confirmation says each issuer's); those to
   * send with a warning, and with an issue date past SUNAT's days; and the totals, by currency, of
   * those «Enviar» would send (the confirmation's «Importes de lo que se envía», a resumed one too).
   */
  const newTally = () => ({
    invoices: 0,
    issuedBeforeByIssuer: {} as Record<string, number>,
    toSendWarned: { invoices: 0, lateIssueDates: 0 },
    toSendTotals: createCurrencyTotalsTally(),
  });
  let tally = newTally();
  let written: { results?: string; fixAndResend?: string } = {};
  /** Rows read so far: the rows written, or (rows kept) the library's own progress count. */
  let rowsRead = 0;
  let lastProgress = 0;
  /** The library's last notice, shown under the progress (a check that reads the sheet again says why). */
  let note: string | undefined;
  /** A submission's invoices waiting for a retry: the count stands still for them, and the page says which and until when. */
  const waits = new RetryWaits();
  const progress = (force: boolean): void => {
    const now = Date.now();
    if (!force && now - lastProgress < PROGRESS_EVERY_MS) return;
    lastProgress = now;
    store.setProgress(checkId, rowsRead);
    const said = waits.text('es') ?? note;
    hub.publish(checkId, {
      type: 'progress',
      rowsRead,
      invoices: tally.invoices,
      ...(expected !== undefined ? { expected } : {}),
      ...(said !== undefined ? { note: said } : {}),
    });
  };
  let sheetTold = false;
  /** The sheet has a «RUC emisor» column: each invoice's mark on the grid names its issuer. */
  let namesIssuers = false;
  /**
   * A second `sheet`: the library checks the sheet again (an invoice whose rows come back further
   * down, found once the first run had checked its first part): what the first run said is
   * forgotten, as at a start, and this run's events are stored instead (its rows too, unless kept).
   */
  const startOver = (): void => {
    writer?.flush();
    writer = undefined;
    // The second run reads the same rows and invoices: the page counts towards them.
    expected ??= { rows: rowsRead, invoices: tally.invoices };
    tally = newTally();
    if (!rowsKept) rowsRead = 0;
  };
  const onEvent = (e: ImportEvent): void => {
    if (e.type === 'notice') {
      note = e.message.es;
      progress(true);
      return;
    }
    if (e.type === 'retry-wait') {
      waits.wait(e);
      progress(true);
      return;
    }
    if (e.type === 'sheet') {
      if (sheetTold) startOver();
      sheetTold = true;
    }
    const writer = started();
    switch (e.type) {
      case 'sheet':
        locate = columnIndexer(e.header);
        namesIssuers = e.header.columns.emisorRuc !== undefined;
        {
          const columns = gridColumnsOf(e.header);
          gridWidth = columns.length;
          gridShown = shownGridWidth(gridWidth, readColumnIndexes(e.header));
          store.setGridColumns(checkId, columns);
        }
        break;
      case 'row':
        // `row` events carry the sheet's own values; the edits stay an overlay in the store.
        writer.addRow(e.row, storedCells(e.cells, gridWidth), e.hidden);
        rowsRead = writer.rowsWritten;
        progress(false);
        break;
      case 'invoice': {
        tally.invoices += 1;
        const o = e.outcome;
        // Its wait is over: the page stops saying it at once, not at the next progress.
        if (waits.settled(o)) progress(true);
        const ruc = o.emisorRuc ?? defaultRuc;
        // Its warning comes as a `problem` event, at the invoice's row (its status cell): the page shows which ones, not only how many.
        // Under '' when no issuer is known yet (no login): the journal's own, when it has one (issued-in-journal.ts).
        // Counted apart from the SKIPPED of a submission: «Enviar» sends neither, but the page says a check found these in the journal.
        const issuedBefore = o.status === 'SKIPPED' && o.problems.some((p) => p.code === 'ALREADY_ISSUED');
        if (issuedBefore) {
          tally.issuedBeforeByIssuer[ruc ?? ''] = (tally.issuedBeforeByIssuer[ruc ?? ''] ?? 0) + 1;
        } else if (TO_SEND.has(o.status)) {
          // An invoice left out of a one-issuer run is not totalled (not built): the confirmation then shows no amounts rather than a part.
          if (o.totals !== undefined) tally.toSendTotals.add(o.moneda ?? 'PEN', o.totals);
          if (o.problems.some((p) => p.severity === 'warning')) {
            tally.toSendWarned.invoices += 1;
            if (o.problems.some((p) => p.code === 'ISSUE_DATE_OUTSIDE_SUNAT_WINDOW')) tally.toSendWarned.lateIssueDates += 1;
          }
        }
        writer.markInvoice(
          o.rows,
          // In a sheet of several issuers «F001-1» may be each one's: the grid names the issuer, unless it is the default one.
          namesIssuers && o.emisorRuc !== undefined && o.emisorRuc !== defaultRuc
            ? `${o.serie}-${o.numero}${ISSUER_MARK}${o.emisorRuc}`
            : `${o.serie}-${o.numero}`,
          o.status,
          o.problems.some((p) => p.severity === 'error'),
        );
        // Why it has its status, at its row: an OMITIDO («ya aceptado en una ejecución anterior») is issued, not left unsent.
        // One a check found in the journal has it said by its ALREADY_ISSUED warning (with when it was accepted): not twice.
        if (o.note !== undefined && o.note !== '' && !NOTE_IN_PROBLEM.has(o.status) && !issuedBefore && o.rows[0] !== undefined)
          writer.addProblem({ row: o.rows[0], header: '', code: OUTCOME_NOTE, severity: 'warning', message: { es: o.note, en: o.note } });
        progress(false);
        break;
      }
      case 'problem': {
        const p = e.problem;
        const at = locate(p.column);
        writer.addProblem({
          ...(p.row !== undefined ? { row: p.row } : {}),
          ...(at !== undefined ? { colIndex: at.index } : {}),
          header: at?.header ?? p.header ?? p.column ?? '',
          ...((at?.letter ?? p.letter) !== undefined ? { letter: at?.letter ?? p.letter } : {}),
          code: p.code,
          severity: p.severity,
          ...(p.value !== undefined ? { value: p.value } : {}),
          message: p.message,
        });
        if (p.row !== undefined && p.severity === 'error') writer.markRowError(p.row);
        break;
      }
      case 'results':
        written = e.written;
        break;
      case 'progress':
        if (rowsKept) rowsRead = e.rowsRead;
        break;
    }
  };
  try {
    const summary = await library(check.storedPath, {
      onEvent,
      ...read,
      // The rows are in the store already: no event (and no display text) per row.
      rowEvents: !rowsKept,
      ...(mode === 'submission' ? {} : { writeFiles: false, ...journal }),
    });
    const writer = started();
    writer.flush();
    if (!rowsKept) rowsRead = writer.rowsWritten;
    progress(true);
    // Every row is stored unless a run that wrote them was stopped half way (a submission's «Detener»).
    const complete = rowsKept || (summary as { interrupted?: boolean } | undefined)?.interrupted !== true;
    const issuedBefore = Object.values(tally.issuedBeforeByIssuer).reduce((n, k) => n + k, 0);
    store.finishCheck(checkId, {
      // Beside the library's summary, as the page reads it (check-routes): how many valid invoices were issued
      // before, and at which service the journal was read (a run's statuses say nothing of another service).
      summary: {
        ...(summary as object),
        ...(issuedBefore > 0 ? { issuedBefore, issuedBeforeByIssuer: tally.issuedBeforeByIssuer } : {}),
        ...(tally.toSendWarned.invoices > 0 ? { toSendWarned: tally.toSendWarned } : {}),
        toSendTotals: tally.toSendTotals.result(),
        // The grid's columns when it shows fewer than the sheet's (grid-width.ts); all of them otherwise.
        ...(gridShown < gridWidth ? { gridShown } : {}),
        // '' for a server with no service: its statuses are no service's.
        service: deps.journalService ?? '',
      },
      rowsRead: rowsKept ? keptRows : writer.rowsWritten,
      ...(complete ? { rowsKey } : {}),
      ...(written.results !== undefined ? { resultsPath: written.results } : {}),
      ...(written.fixAndResend !== undefined ? { fixPath: written.fixAndResend } : {}),
    });
    hub.publish(checkId, { type: 'done' });
    return 'finished';
  } catch (err) {
    writer?.flush();
    const text =
      err instanceof FacturaError
        ? inUserTerms(err.text, checkTerms(check))
        : localized(`No se pudo revisar la hoja: ${String(err)}`, `The sheet could not be checked: ${String(err)}`);
    // A submission that never started its run: the check is as its last run left it (rows, marks, problems).
    const reopened = writer === undefined && mode === 'submission' && check.state === 'done';
    if (reopened) store.reopenCheck(checkId, text);
    else store.failCheck(checkId, text);
    hub.publish(checkId, { type: 'failed', message: text.es });
    return reopened ? 'not-started' : 'failed';
  }
}

export const STATUS_LABEL_ES = (status: string): string => (STATUS_LABELS as Readonly<Record<string, LocalizedText | undefined>>)[status]?.es ?? status;
