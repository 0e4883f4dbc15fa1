/**
 * The workspace's HTTP contract: every route's path and the JSON it answers, shared by the server's
 * routes (src/web/*-routes.ts) and the browser's client (web/src/api-client.ts). Types, and the few constants both sides name.
 */

/**
 * The header every call of the page carries: the session's secret, which the page's own script got for the
 * one-time link (POST /api/session) and keeps in its origin's storage. A cookie would not do: browsers send a
 * 127.0.0.1 cookie to every port of 127.0.0.1, and a page on another port may plant one.
 */
export const SESSION_HEADER = 'x-factura-sesion';
/** The header of POST /api/session: the one-time token of the link serve prints (`/?t=TOKEN`). */
export const LINK_HEADER = 'x-factura-enlace';
/** Where the page exchanges the link's token for the session's secret (POST), and asks whether its secret still holds (GET). */
export const SESSION_PATH = '/api/session';

/** POST /api/session's answer: the secret to send in SESSION_HEADER. */
export interface SessionAnswer {
  readonly secret: string;
}

/** One column of the user's sheet, as the columns step shows it. */
export interface SheetColumn {
  readonly index: number;
  readonly header: string;
  readonly letter: string;
  /** The first non-blank value under the header, for the user to recognise the column. */
  readonly sample: string;
  /** The canonical column it feeds (detected or remembered); absent when ignored. */
  readonly column?: string;
  /** The sheet's own amount read from it to check the invoices' totals, when it feeds no column (`total`, `base`, `igv`, `amount`, `discount`). */
  readonly checks?: string;
  /** Its header names a line's amount (`base` without IGV, `total` with it, `amount` either): chosen as the unit value, each row is one unit and the quantity is not asked for. */
  readonly lineAmount?: 'base' | 'total' | 'amount';
}

/** A canonical column the mapping can feed. */
export interface CanonicalColumn {
  readonly name: string;
  readonly label: string;
  readonly required: boolean;
}

/** One sheet of an uploaded workbook, as the choice of sheet shows it. */
export interface SheetChoice {
  readonly name: string;
  /** Its first non-blank rows (display text), for the user to recognise it. */
  readonly rows: readonly (readonly string[])[];
  /** A header row with the required columns was found in it. */
  readonly hasHeader: boolean;
  /** Without that, a row naming some sales columns (the others to assign on the columns step). */
  readonly partialHeader?: true;
  /** Not opened to show its rows (the workbook is too large to open every sheet at upload); it can still be chosen. */
  readonly unread?: true;
  /** The workbook was saved showing this sheet. */
  readonly active?: true;
}

/** What the server found in an uploaded sheet before checking it. */
export interface SheetPreview {
  readonly checkId: string;
  readonly fileName: string;
  readonly format: 'csv' | 'xlsx';
  /** The workbook's sheet this preview (and the check) reads. */
  readonly sheet?: string;
  /** The workbook's visible sheets when there are several: the user picks one (default `sheet`, the one the CLI would read). */
  readonly sheets?: readonly SheetChoice[];
  readonly headerRow?: number;
  /** The top row of the header when it takes two or three rows (merged «Comprobante de pago» over «Serie», «Número»): the header is rows `groupRow` to `headerRow`. */
  readonly groupRow?: number;
  readonly columns: readonly SheetColumn[];
  readonly canonical: readonly CanonicalColumn[];
  /** Required canonical columns no sheet column feeds yet. */
  readonly missing: readonly string[];
  /** True when every required column matched without doubt: the columns step is passed over. */
  readonly autoMapped: boolean;
  /** True when the mapping came from an earlier confirmed sheet with the same headers. */
  readonly remembered: boolean;
  /** Why the header could not be found, in the user's language. */
  readonly problem?: string;
}

/** POST /api/checks/:id/sheet: read this sheet of the workbook (one of `SheetPreview.sheets`); answers its preview. */
export interface SheetChoiceBody {
  readonly sheet: string;
}

/** POST /api/checks/:id/run */
export interface RunCheckBody {
  /** canonical column → the sheet's header text */
  readonly mapping?: Readonly<Record<string, string>>;
  /** With a mapping: its unit value includes IGV (the columns step's «Valor unitario con IGV»). */
  readonly tipoRegistro?: 'PRECIOS_CON_IGV';
}

export type CheckState = 'uploaded' | 'running' | 'done' | 'failed';

export interface CurrencyTotal {
  readonly moneda: string;
  readonly invoices: number;
  readonly base: string;
  readonly igv: string;
  readonly total: string;
}

export interface StatusCount {
  readonly status: string;
  readonly label: string;
  readonly count: number;
}

/** One issuer's share of a check (RunSummary.byIssuer): the invoices that name its RUC in «RUC emisor». */
export interface IssuerCount {
  readonly ruc: string;
  readonly invoices: number;
  readonly byStatus: readonly StatusCount[];
}

/** One check as the summary and the history show it. */
export interface CheckView {
  readonly id: string;
  readonly fileName: string;
  readonly createdAt: string;
  readonly state: CheckState;
  readonly rowsRead: number;
  readonly invoices: number;
  readonly byStatus: readonly StatusCount[];
  /** By issuer, for a sheet whose «RUC emisor» names them (empty when it names none). */
  readonly byIssuer: readonly IssuerCount[];
  readonly totals: readonly CurrencyTotal[];
  /** The totals, by currency, of the invoices «Enviar» would send now (a resumed submission's rest too); absent in a check stored before they were kept. */
  readonly toSendTotals?: readonly CurrencyTotal[];
  readonly errors: number;
  readonly warnings: number;
  readonly errorRows: number;
  /** The sheet's columns as the grid shows them (header text and letter). */
  readonly gridColumns: readonly { readonly header: string; readonly letter: string }[];
  /** The sheet's columns past `gridColumns` that the grid does not show (none read by the check; kept in the corrected sheet). */
  readonly columnsNotShown: number;
  readonly hasResults: boolean;
  readonly hasFixFile: boolean;
  /** The check ran with a column mapping (chosen or remembered), downloadable as a --map file. */
  readonly hasMapping: boolean;
  /** The upload was read far enough to show its columns: it can be checked again, or its columns chosen (not a file that could not be opened). */
  readonly previewed: boolean;
  /** Why the check could not run, in the user's language. */
  readonly failure?: string;
  /** The failure is a submission the server's stop cut short (what it sent stands), not a check that could not read the sheet. */
  readonly sendCut: boolean;
  /** How many cells the user has changed (the overlay; the uploaded file is never touched). */
  readonly editedCells: number;
  /** True when there are changes the last check did not see: «Revalidar» is due. */
  readonly editsPending: boolean;
  /** The check's run is a submission in progress (reopened, the page offers «Detener»). */
  readonly sending: boolean;
  /**
   * Valid invoices the check found accepted already in the workspace's journal (from this sheet or
   * another): SKIPPED in `byStatus` («ACEPTADO ANTES»), not to send; a submission skips them.
   */
  readonly issuedBefore: number;
  /** Invoices «Enviar» would send (STATUSES_TO_SEND) with at least one warning. */
  readonly withWarnings: number;
  /** Of those, the invoices whose issue date is past the days SUNAT accepts them in (sent if confirmed, probably refused). */
  readonly lateIssueDates: number;
  /**
   * The service the last run's statuses are about (ServiceView.journalService of the server that ran it; '' when
   * it had none; absent for a check run before this was kept): «Enviar» waits for a «Revalidar» on any other
   * server (a check sent to the simulator, or checked with no service, says nothing of what the service has).
   */
  readonly service?: string;
  /**
   * The check was stored by an earlier version of factura-import, which kept no service with it, or
   * whose counts a migration set aside (workspace-migrations.ts: its issued invoices were VALID): «Enviar»
   * waits for «Revalidar», and the page says so in these words, not as a check of another service.
   */
  readonly byEarlierVersion?: true;
}

/** POST /api/checks/:id/edits: one cell (sheet row, 0-based column) to a new text ('' blanks it). */
export interface CellEditBody {
  readonly row: number;
  readonly col: number;
  readonly value: string;
}

/** POST /api/checks/:id/edits/replace: every cell of the column whose whole text is `find` becomes `replace`. */
export interface ReplaceBody {
  readonly col: number;
  readonly find: string;
  readonly replace: string;
}

/** The answer of every edit route: how many cells the action changed (or took back) and the check as it stands. */
export interface EditAnswer {
  readonly changed: number;
  readonly check: CheckView;
  /** The change replaced a value the catalogue does not know: the page offers to remember it for the issuers. */
  readonly offer?: ValueMapOfferView;
}

/** «¿Recordar este cambio?»: in column `column`, `from` becomes `to`, for these issuers ('' = the issuer is not known). */
export interface ValueMapOfferView {
  readonly column: string;
  readonly label: string;
  readonly from: string;
  readonly to: string;
  readonly issuers: readonly string[];
}

/** POST /api/value-maps */
export interface RememberValueMapBody {
  readonly column: string;
  readonly from: string;
  readonly to: string;
  readonly issuers: readonly string[];
}

/** One remembered value map, as GET /api/value-maps lists it. */
export interface ValueMapView {
  readonly id: number;
  /** '' = invoices whose issuer is not known. */
  readonly ruc: string;
  readonly column: string;
  readonly label: string;
  readonly from: string;
  readonly to: string;
  readonly createdAt: string;
}

/** GET /api/checks/:id/value-maps: how many cells the remembered maps changed when the sheet was first checked. */
export interface AppliedValueMaps {
  readonly cells: number;
}

/** One issuer of a sheet, as the «Enviar» confirmation shows it. */
export interface IssuerToSend {
  /** Absent: invoices without «RUC emisor» and no default issuer known yet (the page asks for the RUC too). */
  readonly ruc?: string;
  /** The legal name, as the service's login answers it. */
  readonly razonSocial?: string;
  /** Why its login check failed, in Spanish. */
  readonly loginProblem?: string;
  readonly invoices: number;
  /** Valid and not yet accepted (never sent, stopped, left out of an earlier run, or without a final answer): STATUSES_TO_SEND. */
  readonly toSend: number;
  readonly accepted: number;
  /** Valid invoices of this issuer a check found issued already in the workspace's journal (among `accepted`): not sent again. */
  readonly issuedBefore: number;
  readonly invalid: number;
  /** Totals by currency of its valid (or accepted) invoices; empty when they cannot be told apart. */
  readonly totals: readonly CurrencyTotal[];
  /** 'configurado': environment or credentials file; 'memoria': typed in this page; 'falta': none yet. */
  readonly access: 'configurado' | 'memoria' | 'falta';
  /** Invoices without «RUC emisor» belong to this issuer. */
  readonly isDefault: boolean;
}

/** GET /api/checks/:id/issuers */
export interface SendPlan {
  readonly environment: string;
  readonly hasIssuerColumn: boolean;
  readonly issuers: readonly IssuerToSend[];
}

/** POST /api/credentials: one issuer's login, held in the server's memory only. */
export interface CredentialsBody {
  readonly ruc: string;
  readonly mail: string;
  readonly clave: string;
  /** For the invoices without «RUC emisor». */
  readonly asDefault: boolean;
}

export interface CredentialsAnswer {
  readonly ruc: string;
  readonly razonSocial?: string;
}

/** POST /api/checks/:id/submit: every issuer, or only `issuer`. */
export interface SubmitBody {
  readonly issuer?: string;
}

/** The last submission of a check, as the history shows it. */
export interface SubmissionView {
  readonly checkId: string;
  readonly startedAt: string;
  readonly finishedAt?: string;
  readonly environment: string;
  readonly issuer?: string;
  readonly byStatus: readonly StatusCount[];
  readonly interrupted: boolean;
  readonly failure?: string;
}

/** Problems of one kind in one column, with how many and where the first is. */
export interface ProblemGroup {
  readonly code: string;
  readonly severity: 'error' | 'warning';
  /** The sheet's header text for the column, or empty for file-level problems. */
  readonly column: string;
  readonly letter?: string;
  readonly count: number;
  readonly invoices: number;
  readonly firstRow?: number;
  /** The first problem's message (an example of the group: each of its problems has its own, «Fila N» in the items). */
  readonly example: string;
  /** The example's row. */
  readonly exampleRow?: number;
  /** The first distinct values its problems read in the sheet (a handful), when they read any. */
  readonly values?: readonly string[];
  /** Some of its problems read another value than those listed. */
  readonly moreValues?: boolean;
}

export interface ProblemItem {
  readonly row?: number;
  readonly invoice?: string;
  readonly value?: string;
  readonly message: string;
}

export interface GridCellProblem {
  readonly col: number;
  readonly message: string;
  readonly severity: 'error' | 'warning';
}

export interface GridRow {
  readonly row: number;
  readonly cells: readonly string[];
  readonly status?: string;
  readonly statusLabel?: string;
  readonly invoice?: string;
  readonly problems: readonly GridCellProblem[];
  /** Problems of the row that point at no column (e.g. an invoice-level rule). */
  readonly rowProblems: readonly string[];
  /** The cells the user changed (`cells` already shows the new text), with the sheet's own value. */
  readonly edited: readonly { readonly col: number; readonly original: string }[];
}

export interface GridPage {
  readonly page: number;
  readonly pages: number;
  readonly total: number;
  readonly rows: readonly GridRow[];
}

/** Events of GET /api/checks/:id/events (server-sent events, `data:` is this JSON). */
export type CheckProgress =
  | {
      readonly type: 'progress';
      readonly rowsRead: number;
      readonly invoices: number;
      /** What the check's last run found, when it has run: the rows and invoices this run should come to. */
      readonly expected?: { readonly rows: number; readonly invoices: number };
      /** What the library said while it runs, for the person waiting (the check reads the sheet again, and why). */
      readonly note?: string;
    }
  | { readonly type: 'done' }
  | { readonly type: 'failed'; readonly message: string };

/** GET /api/service: whether «Enviar» can send, and where to. */
export type ServiceView =
  | { readonly available: false }
  | {
      readonly available: true;
      readonly environment: string;
      /** The service as the journal names it (journalService): what CheckView.service is compared with. */
      readonly journalService: string;
      /** The default issuer's RUC; absent when only per-issuer logins are configured. */
      readonly ruc?: string;
      /** The issuer's legal name, as the service's login answers it. */
      readonly razonSocial?: string;
      /** Why the login check failed (refused credentials, service down), in Spanish. */
      readonly problem?: string;
    };

/** POST /api/checks/:id/forget: the check is gone from the workspace (its file name, for the page to say so). */
export interface ForgetAnswer {
  readonly forgotten: string;
}

/** Every error body the server sends. */
export interface ErrorBody {
  readonly error: string;
  /**
   * Which refusal it is, when the page acts on it rather than only saying it. `sending`: the check is being sent
   * (from another tab or window) and cannot be checked again until the submission ends; `running`: it is being
   * checked (from another tab or window) and cannot be checked again until that check ends.
   */
  readonly code?: ErrorCode;
}

/** The refusals the page tells apart (ErrorBody.code). */
export const ERROR_CODES = ['sending', 'running'] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const GRID_PAGE_SIZE = 100;

/** Between an invoice and its issuer in the grid's mark of a sheet of several issuers: «F001-1 · RUC 20601111111». */
export const ISSUER_MARK = ' · RUC ';

/**
 * The statuses of the invoices a submission would send: valid and not yet accepted (never sent,
 * stopped, left out of a one-issuer run, or with no final answer). The page counts «Se enviarán»
 * by them, and a check counts the warnings of those invoices alone (CheckView.withWarnings).
 */
export const STATUSES_TO_SEND: readonly string[] = ['VALID', 'NOT_SENT', 'FAILED', 'UNKNOWN', 'LEFT_OUT'];

/**
 * The statuses of the invoices this sheet has issued at the service: accepted now, or skipped as
 * accepted before. Not DUPLICADO: another document holds that number (or this one, sent from elsewhere).
 */
export const STATUSES_ISSUED: readonly string[] = ['ACCEPTED', 'SKIPPED'];

/**
 * The columns step's choice of a unit value that includes IGV: the unit value's name with this
 * suffix (`valorVentaUnitario@conIgv`). The page maps the column to the unit value and asks for the
 * check with PRECIOS_CON_IGV; the server shows a check run so with that choice again.
 */
export const WITH_IGV_SUFFIX = '@conIgv';
