import { basename } from 'node:path';
import { inUserTerms } from './i18n/in-user-terms.js';
import type { UserTerms } from './i18n/in-user-terms.js';
import type { Wording } from './remedies.js';
import { FacturaError } from './factura-error.js';
import { localized } from './i18n/localized-text.js';
import type { ResolvedSettings } from './config/resolve-settings.js';
import type { Lang, LocalizedText } from './i18n/localized-text.js';
import { groupInvoices } from './invoice/group-invoices.js';
import { firstReturnsInto } from './invoice/invoice-grouper.js';
import type { InvoiceOutcome, ServiceAnswer } from './invoice/invoice-outcome.js';
import { STATUS_LABELS } from './invoice/invoice-status.js';
import type { Problem } from './invoice/problem.js';
import { limaToday } from './invoice/lima-today.js';
import { validateInvoice } from './invoice/validate-invoice.js';
import type { ValidatedInvoice } from './invoice/validate-invoice.js';
import type { Emisor, ValidationContext } from './invoice/validation-context.js';
import type { InvoiceDraft } from './invoice/invoice-draft.js';
import { isValidRuc } from './invoice/rules/identity-document-rules.js';
import { completeEmisor, issuerProfile } from './config/resolve-settings.js';
import type { Logger } from './logger.js';
import type { Submission } from './submit/submission.js';
import { runPipeline } from './pipeline.js';
import { columnLocatorFromHeaderMap } from './report/column-locator.js';
import { createFixAndResendStream } from './report/fix-and-resend-stream.js';
import { messageWithoutPlace } from './report/message-without-place.js';
import { createProblemGroups } from './report/problem-groups.js';
import type { OutputPaths } from './report/output-paths.js';
import { createResultsWorkbook, type ResultsWorkbook } from './report/results-workbook.js';
import type { RunCounts } from './report/run-summary.js';
import { createSummary } from './report/run-summary.js';
import { openRunRows } from './sheet/open-run-rows.js';
import { readLineRecords } from './sheet/read-line-records.js';
import { applyCellEdits } from './sheet/apply-cell-edits.js';
import { mapRows } from './sheet/map-rows.js';
import type { CellEdits } from './sheet/apply-cell-edits.js';
import type { RowSource, SourceRow } from './sheet/source-row.js';
import { cellDisplayText } from './sheet/cell-display-text.js';
import { redactAnswer, redactText } from './redact-secrets.js';
import type { IssuedAt } from './submit/issued-in-journal.js';
import { documentHash } from './submit/document-hash.js';
import { journalVerdict } from './submit/journal-verdict.js';
import { findIssuedRenumbering } from './submit/find-issued-renumbering.js';
import type { IsIssued } from './submit/find-issued-renumbering.js';
import { renumberedIssuedProblem } from './submit/renumbered-issued-problem.js';
import type { KeyBeforeEdits } from './invoice/line-record.js';
import { collectKeysBefore } from './sheet/collect-keys-before.js';
import { issuedBeforeProblem } from './submit/issued-in-journal.js';
import type { ImportEvent, LocatedProblem, WrittenFiles } from './import-event.js';

/** One run over one input file: what `validate` and `submit` share. I/O and time are passed in. */
export interface ImportRun {
  readonly command: 'validate' | 'submit';
  readonly input: string;
  readonly settings: ResolvedSettings;
  readonly paths: OutputPaths;
  /** The default issuer (invoices without `emisorRuc`); absent in a dry run without one (documents are not built). */
  readonly emisor?: Emisor;
  /**
   * The issuer of a RUC the sheet's `emisorRuc` names (submit: completed from that issuer's login);
   * absent, or undefined for a RUC: its `emisores` profile when complete, else no document is built.
   */
  readonly emisorFor?: (ruc: string) => Emisor | undefined;
  /** The issuer RUC of invoices without `emisorRuc` (default: the default issuer's, else the config's). */
  readonly defaultRuc?: string;
  /** Absent in a dry run. */
  readonly submission?: Submission;
  /** Invoices whose rows come back after other invoices', found before the run (sheet-keys.ts): none of their parts goes. */
  readonly splitKeys?: ReadonlyMap<string, number>;
  readonly logger: Logger;
  readonly clock: () => number;
  readonly signal?: AbortSignal;
  /** Corrections over the sheet (row → column index → text), applied right after reading. */
  readonly edits?: CellEdits;
  /** `false`: no `row` events (a listener that only shows progress need not pay for every cell's text). */
  readonly rowEvents?: boolean;
  /** `false`: no `problem` events (the summary and the workbooks still have every problem). */
  readonly problemEvents?: boolean;
  /**
   * `false`: neither the results workbook nor the fix-and-resend workbook is written (nor the input
   * hashed for the results): the events and the summary only. Default true.
   */
  readonly writeFiles?: boolean;
  /** What a progress display needs, as it happens (see src/import-event.ts). */
  readonly onEvent?: (event: ImportEvent) => void;
  /** Literal secrets that must never reach an output file. */
  readonly secrets?: readonly string[];
  /**
   * A dry run's view of the submission journal (issued-in-journal.ts): a valid invoice it shows
   * accepted is SKIPPED, as a submission would leave it (with the journal's identificador), and gets
   * the ALREADY_ISSUED warning at its row, saying when it was accepted.
   * `issuer`: the RUC of invoices that name none and have no configured issuer (a login's).
   */
  /**
   * `ownJournal`: the journal beside the sheet (not the workspace's, shared by every sheet): another issuer's acceptance there is this sheet's.
   * `holdOtherIssuers`: besides, no row names another issuer than `issuer`, so a submission holds such an invoice (SubmissionDeps.holdOtherIssuers).
   */
  readonly issued?: { readonly at: IssuedAt; readonly issuer?: string; readonly ownJournal?: boolean; readonly holdOtherIssuers?: boolean };
  /** Whom the messages speak to (ValidateOptions.wording); default the library's caller. */
  readonly wording?: Wording;
  /** The name the user knows the input by, in place of its path (ValidateOptions.fileName). */
  readonly fileName?: string;
  readonly lang: Lang;
}

/**
 * The run's problems in its reader's terms (in-user-terms.ts): undefined when they are already
 * (no other name for the input than its path), else a function that gives each problem naming the
 * input as its user knows it, and the same array when none changes.
 */
function problemsInUserTerms(run: Pick<ImportRun, 'fileName' | 'input'>): ((problems: readonly Problem[]) => readonly Problem[]) | undefined {
  if (run.fileName === undefined) return undefined;
  const terms: UserTerms = { path: run.input, fileName: run.fileName };
  return (problems) => {
    let out: Problem[] | undefined;
    problems.forEach((p, i) => {
      const message = inUserTerms(p.message, terms);
      if (message === p.message) return;
      out ??= [...problems];
      out[i] = { ...p, message };
    });
    return out ?? problems;
  };
}

/** A problem as the terminal shows it: where in the user's own sheet, and what (the message without the place it starts with). */
export interface ShownProblem {
  readonly row?: number;
  /** The sheet's header text for the column (or the canonical name). */
  readonly column?: string;
  /** The column letter in the user's sheet (A, B, … as Excel shows it, CSV included). */
  readonly letter?: string;
  readonly severity: 'error' | 'warning';
  readonly message: string;
}

/** Problems of one kind in one column, as the terminal and the summary show them. */
export interface ShownProblemGroup {
  readonly severity: 'error' | 'warning';
  readonly code: string;
  /** The sheet's header text for the column (or the canonical name). */
  readonly column?: string;
  /** The column letter in the user's sheet (A, B, … as Excel shows it, CSV included). */
  readonly letter?: string;
  /** Invoices with this problem: 0 for notes about the sheet and problems of rows of no invoice. */
  readonly invoices: number;
  readonly occurrences: number;
  /** The first rows (at most five). */
  readonly rows: readonly number[];
  /** The message of the first case, as an example (without the place it starts with: the group says where). */
  readonly example: string;
  /** The example's row, when it has one. */
  readonly exampleRow?: number;
  /** The first distinct values its problems read (at most GROUP_VALUES, problem-groups.ts); absent when they read none. */
  readonly values?: readonly string[];
  /** Some of its problems read another value than those listed. */
  readonly moreValues?: true;
}

/** How many problems the terminal summary shows; the workbook's Errores sheet has them all. */
export const SHOWN_PROBLEMS = 10;

export interface ImportResult {
  readonly summary: RunCounts;
  /** The first errors of the run (then warnings), at most SHOWN_PROBLEMS, for the terminal. */
  readonly firstProblems: readonly ShownProblem[];
  /** Every kind of problem of the run, by column, with counts: errors first, most frequent first. */
  readonly problemGroups: readonly ShownProblemGroup[];
  /** Source rows that belong to no invoice (each reported in `Errores`). */
  readonly orphanRows: number;
  /** File-level warnings (title rows skipped, unknown columns…). */
  readonly notes: readonly Problem[];
  /** `results` is absent only when the run was asked not to write files (`writeFiles: false`). */
  readonly written: WrittenFiles;
  readonly interrupted: boolean;
  /**
   * The invoices whose rows came back after other invoices' (by invoiceKey), with the first row
   * where each did, as the grouping met them; empty under `mergeSplit`. Without `splitKeys` naming
   * them, the first part of each was checked before its rows came back (validate-sheet.ts).
   */
  readonly comesBack: ReadonlyMap<string, number>;
}

/** How often (in rows read) a `progress` event is sent, besides one per invoice's end of run. */
const PROGRESS_EVERY_ROWS = 1000;

/** Hands an event to the listener; a listener that throws is logged, never the end of the run. */
export function eventSender(listener: ((event: ImportEvent) => void) | undefined, logger: Logger): (event: ImportEvent) => void {
  if (listener === undefined) return () => undefined;
  return (event) => {
    try {
      listener(event);
    } catch (err) {
      logger.warn({ err, event: event.type }, 'an onEvent listener threw; the run goes on');
    }
  };
}

/**
 * The source with its rows counted and, once the header is known, each row below it sent as a
 * `row` event (cells as display text). Rows read while searching for the header are held until
 * then, so `sheet` always comes before the first `row`.
 */
function tapRows(
  source: RowSource,
  emit: ((event: ImportEvent) => void) | undefined,
): { source: RowSource; announced: (headerRow: number) => void; rowsRead: () => number } {
  let headerRow: number | undefined;
  let held: SourceRow[] = [];
  let count = 0;
  const send = (r: SourceRow): void => {
    if (emit !== undefined && headerRow !== undefined && r.row > headerRow)
      emit({ type: 'row', row: r.row, cells: r.cells.map(cellDisplayText), ...(r.hidden === true ? { hidden: true } : {}) });
  };
  const seen = (r: SourceRow): SourceRow => {
    count += 1;
    if (headerRow === undefined) held.push(r);
    else send(r);
    return r;
  };
  return {
    source: { ...source, batches: mapRows(source.batches, seen) },
    announced(row) {
      headerRow = row;
      for (const r of held) send(r);
      held = [];
    },
    rowsRead: () => count,
  };
}

/**
 * Closes the results workbook. A submission's that cannot be written at its end (the disk full)
 * says what was sent: its invoices were issued and its journal holds them, so the user knows that
 * sending again issues nothing twice, instead of a bare «No se pudo escribir».
 */
async function closeResults(
  results: ResultsWorkbook,
  result: Parameters<ResultsWorkbook['close']>[0],
  submitted: boolean,
  info: Parameters<ResultsWorkbook['close']>[1],
): Promise<void> {
  try {
    await results.close(result, info);
  } catch (error) {
    const accepted = result.byStatus.ACCEPTED;
    if (!submitted || accepted === 0 || !(error instanceof FacturaError)) throw error;
    throw new FacturaError(
      error.code,
      localized(
        `${error.text.es} Las facturas ya se enviaron: ${accepted} aceptada(s), guardadas en el diario de envíos. Libere espacio o corrija la ruta y ejecute el envío de nuevo: no se emitirá ninguna dos veces, y las aceptadas aparecerán como OMITIDO con su número.`,
        `${error.text.en} The invoices were sent already: ${accepted} accepted, kept in the submission journal. Free some space or correct the path and run the submission again: none is issued twice, and the accepted ones show as SKIPPED with their number.`,
      ),
      { cause: error },
    );
  }
}

/**
 * A dry run's invoice as the journal shows it: the journal's verdict (journal-verdict.ts), as a
 * submission's is, over the check's reading of the journal (issued-in-journal.ts). The acceptance is
 * the invoice's issuer's (the sheet's, the configured one or the login's). Whether the document now
 * is the one accepted is known only when the document built here is the one a submission would
 * send: built at all (an issuer is known), and with the issuer's mail, which a submission otherwise
 * takes from the login (submit-sheet.ts, issuerFor). Another issuer's acceptance counts only in the
 * sheet's own journal, for a sheet that names no issuer.
 * An invoice the run leaves out (`--issuer`, not checked or built) gets the word a submission gives
 * it (Submission.acceptedBefore): issued, whatever its content, and nothing else.
 * SKIPPED also gets the ALREADY_ISSUED warning at its row, saying when it was accepted.
 */
function journalWord(
  outcome: InvoiceOutcome,
  checked: ValidatedInvoice | undefined,
  issued: NonNullable<ImportRun['issued']>,
): { readonly problem?: Problem; readonly skipped?: { readonly answer?: ServiceAnswer; readonly note: LocalizedText }; readonly invalid?: true } | undefined {
  const { serie, numero } = outcome;
  const row = outcome.rows[0];
  const leftOut = outcome.status === 'LEFT_OUT';
  // A left-out invoice is looked up under the issuer the run tells for it, as a submission's is; none told, none looked up.
  const ruc = outcome.emisorRuc ?? (leftOut ? undefined : issued.issuer);
  const found = leftOut && ruc === undefined ? undefined : issued.at.acceptance(ruc, serie, numero);
  const document = checked?.document;
  const accepted =
    found === undefined
      ? undefined
      : {
          ...(found.identificador !== undefined ? { identificador: found.identificador } : {}),
          ...(found.hash !== undefined ? { answerHash: found.hash } : {}),
          ...(document?.emisor.correo !== undefined ? { sameDocument: documentHash(document) === found.documentHash } : {}),
        };
  // Whether the sheet names the invoice's issuer (outcome.emisorRuc is the configured one's where it does not).
  const namesIssuer = leftOut || (checked !== undefined ? checked.draft.emisorRuc !== undefined : outcome.emisorRuc !== undefined);
  const other =
    accepted === undefined && issued.ownJournal === true && !namesIssuer && issued.issuer !== undefined
      ? issued.at.byAnotherIssuer(issued.issuer, serie, numero)
      : undefined;
  const verdict = journalVerdict({
    serie,
    numero,
    ...(row !== undefined ? { row } : {}),
    ...(accepted !== undefined ? { accepted } : {}),
    namesIssuer,
    ...(issued.issuer !== undefined ? { issuerRuc: issued.issuer } : {}),
    ...(other !== undefined ? { otherIssuer: other.ruc } : {}),
    holdOtherIssuers: issued.holdOtherIssuers === true,
  });
  switch (verdict.kind) {
    case 'skipped':
      return {
        ...(leftOut || found === undefined ? {} : { problem: issuedBeforeProblem(serie, numero, found.at, row) }),
        skipped: { note: verdict.note, ...(verdict.answer !== undefined ? { answer: verdict.answer } : {}) },
      };
    case 'other-content':
      return { problem: verdict.problem, invalid: true };
    case 'another-issuer':
      return verdict.held ? { problem: verdict.problem, invalid: true } : { problem: verdict.problem };
    case 'none':
      return undefined;
  }
}

/** Statuses whose reason is the service's answer (or its silence), not a cell of the sheet. */
const SERVICE_TROUBLE = new Set<InvoiceOutcome['status']>(['REJECTED', 'FAILED', 'UNKNOWN', 'DUPLICATE']);

/** The service's word on a sent invoice, as a problem line: «F001-9: ERROR: Error interno (500) …». */
function serviceProblem(outcome: InvoiceOutcome): Problem {
  const a = outcome.answer;
  const said = [a?.mensaje, a?.detalle].filter((t): t is string => t !== undefined && t !== '').join(': ');
  const http = a?.httpStatus !== undefined ? ` (HTTP ${a.httpStatus})` : '';
  const text = [said === '' ? undefined : `${said}${http}`, outcome.note].filter((t) => t !== undefined).join(' — ');
  const label = STATUS_LABELS[outcome.status];
  const first = outcome.rows[0];
  return {
    severity: 'error',
    code: `SERVICE_${outcome.status}`,
    ...(first !== undefined ? { row: first } : {}),
    message: localized(
      `${outcome.serie}-${outcome.numero} ${label.es}: ${redactText(text || 'sin respuesta del servicio')}`,
      `${outcome.serie}-${outcome.numero} ${label.en}: ${redactText(text || 'no answer from the service')}`,
    ),
  };
}

/** How a run tells each invoice's issuer and checks it in that issuer's terms. */
export interface IssuerContexts {
  /** The validation context of the invoices of a sheet RUC (undefined: the default issuer's). */
  readonly contextFor: (sheetRuc: string | undefined) => ValidationContext;
  /** The issuer RUC of an invoice: its `emisorRuc`, else the run's default issuer's. */
  readonly issuerOf: (draft: { readonly emisorRuc?: string }) => string | undefined;
}

/**
 * The validation context of each issuer's invoices, made once per RUC: its profile's defaults and
 * catalogues, and its issuer data (the default issuer for invoices without `emisorRuc`). An
 * invalid RUC gets the run's context without an issuer (its invoice is invalid anyway) and is not kept.
 */
export function issuerContexts(
  run: Pick<ImportRun, 'settings' | 'emisor' | 'emisorFor' | 'defaultRuc'>,
  today: string,
  /** false: contexts without issuer data (no document is built), as the issuer census checks invoices. */
  withIssuer = true,
): IssuerContexts {
  const { settings } = run;
  const base: ValidationContext = {
    catalogues: settings.catalogues,
    close2u: settings.close2u,
    defaults: settings.defaults,
    today,
    ...(settings.read.wording !== undefined ? { wording: settings.read.wording } : {}),
    ...(withIssuer && run.emisor !== undefined ? { emisor: run.emisor } : {}),
  };
  const defaultRuc = run.defaultRuc ?? run.emisor?.ruc ?? settings.issuerHints.ruc;
  const made = new Map<string, ValidationContext>();
  const issuerOf = (draft: { readonly emisorRuc?: string }): string | undefined => draft.emisorRuc ?? defaultRuc;
  const contextFor = (sheetRuc: string | undefined): ValidationContext => {
    const ruc = sheetRuc ?? defaultRuc;
    if (ruc === undefined || !isValidRuc(ruc)) return base;
    let context = made.get(ruc);
    if (context === undefined) {
      const profile = issuerProfile(settings, ruc);
      const emisor = !withIssuer
        ? undefined
        : ruc === defaultRuc && run.emisor !== undefined && run.emisor.ruc === ruc
          ? run.emisor
          : (run.emisorFor?.(ruc) ?? completeEmisor(profile.hints));
      const { emisor: _default, ...rest } = base;
      context = { ...rest, defaults: profile.defaults, catalogues: profile.catalogues, ...(emisor !== undefined ? { emisor } : {}) };
      made.set(ruc, context);
    }
    return context;
  };
  return { contextFor, issuerOf };
}

/**
 * Reads, maps, groups, validates (and submits) one sheet, writing the results workbook as outcomes
 * and the fix-and-resend workbook as outcomes arrive (one pass over the input).
 * A failure that ends the run (an unreadable input, a refused login) removes the partial results:
 * no results file ever claims a run that did not happen.
 */
export async function runImport(run: ImportRun): Promise<ImportResult> {
  const startedAt = new Date(run.clock());
  const { settings, paths, lang } = run;

  const emit = eventSender(run.onEvent, run.logger);
  // Rows are told as the sheet has them (the page shows the user's own values beside the edits),
  // then the edits apply, so everything after them sees the corrected values.
  const tap = tapRows(await openRunRows(run.input, settings.read), run.onEvent === undefined || run.rowEvents === false ? undefined : emit);
  const source = applyCellEdits(tap.source, run.edits);
  const writeFiles = run.writeFiles !== false;
  // The fix-and-resend file copies the corrected rows as their outcomes arrive: no second pass.
  const fixFile = writeFiles
    ? createFixAndResendStream({
        path: paths.fixAndResend,
        lang,
        secrets: run.secrets ?? [],
        ordered: settings.read.mergeSplit !== true,
        // Rendered and zipped in the results thread (opened below, before the first row to copy).
        openWriter: (options) =>
          results === undefined ? Promise.reject(new Error('the results workbook is not open')) : Promise.resolve(results.openFixFile(options)),
      })
    : undefined;
  const sheet = await readLineRecords(fixFile?.tap(source) ?? source, settings.read);
  const inTerms = problemsInUserTerms(run);
  const notes = inTerms?.(sheet.notes) ?? sheet.notes;
  for (const note of notes) run.logger.warn({ code: note.code }, note.message[lang]);

  const locateColumn = columnLocatorFromHeaderMap(sheet.header);
  emit({
    type: 'sheet',
    file: run.input,
    format: source.format,
    ...(source.sheet !== undefined ? { sheet: source.sheet } : {}),
    header: sheet.header,
    notes,
  });
  tap.announced(sheet.header.row);
  fixFile?.headerFound(sheet.header.row, locateColumn, sheet.dates.order === 'month-first' ? new Set(sheet.dates.columns) : undefined);
  /** Where a column stands in the user's own sheet, as the terminal and the summary name it: its header text (else the canonical name) and letter. */
  const shownColumn = (column: string | undefined): { column?: string; letter?: string } => {
    if (column === undefined) return {};
    const where = locateColumn(column);
    return { column: where?.header ?? column, ...(where?.letter !== undefined ? { letter: where.letter } : {}) };
  };
  const located = (p: Problem): LocatedProblem => {
    const where = p.column === undefined ? undefined : locateColumn(p.column);
    return where === undefined ? p : { ...p, header: where.header, ...(where.letter !== undefined ? { letter: where.letter } : {}) };
  };
  const groups = createProblemGroups();
  const reportProblems = (problems: readonly Problem[], ofInvoice = true): void => {
    if (problems.length > 0) groups.add(problems, ofInvoice);
    if (run.onEvent === undefined || run.problemEvents === false) return;
    for (const p of problems) emit({ type: 'problem', problem: located(p) });
  };
  reportProblems(notes, false);
  let invoicesDone = 0;
  let lastProgressRows = 0;
  const progress = (): void => {
    if (tap.rowsRead() - lastProgressRows < PROGRESS_EVERY_ROWS) return;
    lastProgressRows = tap.rowsRead();
    emit({ type: 'progress', rowsRead: lastProgressRows, invoices: invoicesDone });
  };
  const secrets = run.secrets ?? [];
  const shownPath = (path: string): string => (run.fileName === undefined ? path : basename(path));
  let results: ResultsWorkbook | undefined;
  const summary = createSummary();
  const comesBack = new Map<string, number>();
  let orphanRows = 0;
  const shown: ShownProblem[] = [];
  const shownWarnings: ShownProblem[] = [];
  const show = (problems: readonly Problem[]): void => {
    for (const p of problems) {
      const list = p.severity === 'error' ? shown : shownWarnings;
      if (list.length >= SHOWN_PROBLEMS) continue;
      list.push({
        ...(p.row !== undefined ? { row: p.row } : {}),
        ...shownColumn(p.column),
        severity: p.severity,
        message: p.row !== undefined ? messageWithoutPlace(p.message[lang]) : p.message[lang],
      });
    }
  };
  try {
    // The input's checksum is taken by the results thread while the rows are read (results-file.ts).
    results = writeFiles ? await createResultsWorkbook({ path: paths.results, lang, locateColumn, secrets, checksumOf: run.input }) : undefined;
    await results?.addFileProblems(notes);
    const { contextFor, issuerOf } = issuerContexts(run, limaToday(run.clock()));
    const only = settings.onlyIssuer;
    const defaultIssuer = run.defaultRuc ?? run.emisor?.ruc ?? settings.issuerHints.ruc;
    // The keys the corrections changed, by row (read-line-records.ts): an invoice moved away from an issued one is held.
    const keysBefore = run.edits !== undefined && run.edits.size > 0 ? new Map<number, KeyBeforeEdits>() : undefined;
    // Issued, as the journal says it: the submission's own reading, or a check's view of it.
    const isIssued: IsIssued = (issuer, serie, numero) =>
      run.submission !== undefined
        ? issuer !== undefined && run.submission.issued(issuer, serie, numero)
        : run.issued?.at(issuer ?? run.issued.issuer, serie, numero) !== undefined;
    const events = runPipeline({
      groups: groupInvoices(keysBefore === undefined ? sheet.records : collectKeysBefore(sheet.records, keysBefore), {
        mergeSplit: settings.read.mergeSplit,
        ...(settings.read.wording !== undefined ? { wording: settings.read.wording } : {}),
        ...(run.splitKeys !== undefined ? { splitKeys: run.splitKeys } : {}),
        onComesBack: firstReturnsInto(comesBack),
        // Keyed as a submission's first pass keys them (sheet-keys.ts): a blank issuer is the default one.
        ...(defaultIssuer !== undefined ? { defaultIssuer } : {}),
      }),
      validate: (draft) => {
        const checked = validateInvoice(draft, contextFor(draft.emisorRuc));
        const moved = keysBefore === undefined ? undefined : findIssuedRenumbering(draft, keysBefore, defaultIssuer, isIssued);
        return moved === undefined ? checked : { ...checked, valid: false, problems: [...checked.problems, renumberedIssuedProblem(moved)] };
      },
      ...(only !== undefined ? { include: (draft: InvoiceDraft) => issuerOf(draft) === only, issuerOf } : {}),
      lang,
      ...(run.submission !== undefined ? { submission: run.submission } : {}),
      ...(run.signal !== undefined ? { signal: run.signal } : {}),
    });
    for await (const event of events) {
      if (event.kind === 'orphan') {
        const problems = inTerms?.(event.problems) ?? event.problems;
        orphanRows += event.rows.length;
        show(problems);
        reportProblems(problems, false);
        await fixFile?.addRows(event.rows, problems);
        await results?.addFileProblems(problems);
        progress();
        continue;
      }
      const problems = inTerms?.(event.outcome.problems) ?? event.outcome.problems;
      const said = event.outcome.answer;
      // Everything after this (the screen, --json, the events, the web's store, the files) gets the service's words without a password.
      const answer = said === undefined || secrets.length === 0 ? said : redactAnswer(said, secrets);
      const word =
        run.issued !== undefined && (event.outcome.status === 'VALID' || event.outcome.status === 'LEFT_OUT')
          ? journalWord(event.outcome, event.checked, run.issued)
          : undefined;
      const told = word?.problem === undefined ? problems : [...problems, word.problem];
      // Issued before: a submission would not send it (SKIPPED, with the journal's identificador), so a check does not call it VALID.
      const skipped = word?.skipped;
      const outcome: InvoiceOutcome =
        skipped !== undefined
          ? {
              ...event.outcome,
              status: 'SKIPPED',
              problems: told,
              note: skipped.note[lang],
              ...(skipped.answer !== undefined ? { answer: secrets.length === 0 ? skipped.answer : redactAnswer(skipped.answer, secrets) } : {}),
            }
          : told === event.outcome.problems && answer === said
            ? event.outcome
            : {
                ...event.outcome,
                ...(word?.invalid === true ? { status: 'INVALID' as const } : {}),
                problems: told,
                ...(answer !== undefined ? { answer } : {}),
              };
      summary.add(outcome);
      show(outcome.problems);
      reportProblems(outcome.problems);
      if (SERVICE_TROUBLE.has(outcome.status)) {
        const said = serviceProblem(outcome);
        show([said]);
        reportProblems([said]);
      }
      await fixFile?.add(outcome);
      await results?.addOutcome(outcome);
      invoicesDone += 1;
      emit({ type: 'invoice', outcome });
      progress();
    }
    emit({ type: 'progress', rowsRead: tap.rowsRead(), invoices: invoicesDone });

    const fixWritten = fixFile !== undefined && (await fixFile.finish());
    if (fixFile !== undefined) run.logger.debug({ fixRowsHeldPeak: fixFile.peakHeldRows }, 'fix-and-resend: most source rows held at once');
    const problemGroups: ShownProblemGroup[] = groups.result().map((g) => ({
      severity: g.severity,
      code: g.code,
      ...shownColumn(g.column),
      invoices: g.invoices,
      occurrences: g.occurrences,
      rows: g.rows,
      example: messageWithoutPlace(g.example.message[lang]),
      ...(g.example.row !== undefined ? { exampleRow: g.example.row } : {}),
      ...(g.values.length > 0 ? { values: g.values } : {}),
      ...(g.moreValues ? { moreValues: true as const } : {}),
    }));
    const result = summary.result();
    const interrupted = run.signal?.aborted === true;
    // Not written (writeFiles: false): nor is the input read again for its checksum.
    if (results !== undefined)
      await closeResults(results, result, run.submission !== undefined, {
        // An upload is named as its user knows it; the files beside it by their own names.
        inputPath: run.fileName ?? run.input,
        command: run.command,
        dryRun: run.submission === undefined,
        startedAt,
        finishedAt: new Date(run.clock()),
        ...(run.submission !== undefined ? { journalPath: shownPath(paths.journal) } : {}),
        ...(fixWritten ? { fixAndResendPath: shownPath(paths.fixAndResend) } : {}),
        issuerConfigured: run.emisor !== undefined,
        interrupted,
        problemGroups,
        ...(run.wording !== undefined ? { wording: run.wording } : {}),
      });
    const written: WrittenFiles = {
      ...(results !== undefined ? { results: paths.results } : {}),
      ...(fixWritten ? { fixAndResend: paths.fixAndResend } : {}),
      ...(run.submission !== undefined ? { journal: paths.journal } : {}),
    };
    emit({ type: 'results', written });
    return {
      summary: result,
      firstProblems: [...shown, ...shownWarnings].slice(0, SHOWN_PROBLEMS),
      problemGroups,
      orphanRows,
      notes,
      written,
      interrupted,
      comesBack,
    };
  } catch (err) {
    // Whatever ended the run (the results refused, the input, the fix file…), no partial results
    // remain, and the sheet is left: its file, and its reading thread, closed.
    await fixFile?.abort();
    await results?.abort();
    await sheet.close();
    throw err;
  }
}
