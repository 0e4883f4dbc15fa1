import type { Dispatcher } from 'undici';
import type { ConfigFile } from '../config/config-file.js';
import type { Wording } from '../remedies.js';
import type { Lang } from '../i18n/localized-text.js';
import type { ImportEvent } from '../import-event.js';
import type { Logger } from '../logger.js';
import type { CellEdits } from '../sheet/apply-cell-edits.js';
import type { ValueNames } from '../value-names.js';

/** How to read the sheet: the same choices as the command line's flags, all optional. */
export interface SheetReadOptions {
  /** XLSX: the sheet to read (default: the first visible one). */
  readonly sheet?: string;
  /** CSV: force the text encoding (default: detected). */
  readonly encoding?: 'utf-8' | 'windows-1252';
  /** CSV: force the delimiter (default: detected). */
  readonly delimiter?: ',' | ';' | '\t' | 'tab';
  /** Numbers written `1.234,56` (true) or `1,234.56` (false); default: detected. */
  readonly decimalComma?: boolean;
  /**
   * How text dates are written (`--fechas`): day first (Peru's) or month first. Default: day first,
   * or month first when the rows read with the header show it (sheet-date-order.ts).
   */
  readonly dateOrder?: 'day-first' | 'month-first';
  /**
   * Canonical column → the sheet's header text, for sheets with their own headers (`--map`); with
   * `tipoRegistro` when the unit value it maps includes IGV (`tipoRegistro` below may not contradict it).
   */
  readonly mapping?: Readonly<Record<string, string>>;
  /** Accept an invoice whose rows are not contiguous (bounded buffer). */
  readonly mergeSplit?: boolean;
  /** Read the rows the sheet hides or filters out, with a warning at each (default: left out, with a note). */
  readonly includeHidden?: boolean;
  /**
   * Corrections over the sheet, which is never modified: sheet row number → 0-based column
   * index → new text ('' blanks the cell). Applied right after reading, so the checks, the
   * results, the fix-and-resend file and the submission all see them.
   */
  readonly edits?: CellEdits;
}

/** The issuer data a flag can give (`--emisor-ruc`, `--emisor-nombre`…); the config file fills the rest. */
export interface IssuerOptions {
  readonly ruc?: string;
  readonly nombreLegal?: string;
  readonly nombreComercial?: string;
  readonly correo?: string;
}

/** What a dry run takes. Everything is optional; outputs go beside the input by default. */
export interface ValidateOptions extends SheetReadOptions {
  /** Language of messages and results; default: the config's, else Spanish. */
  readonly lang?: Lang;
  /** The configuration (the CLI's `--config` file, as an object); checked like the file. */
  readonly config?: ConfigFile;
  readonly emisor?: IssuerOptions;
  /**
   * Handle only this issuer's invoices (`--issuer`): the others are LEFT_OUT, neither checked nor
   * sent, and the exit code judges only this issuer's. Its `emisores` mapping applies.
   */
  readonly onlyIssuer?: string;
  /** Unit values exclude (default) or include IGV. */
  readonly tipoRegistro?: 'PRECIOS_SIN_IGV' | 'PRECIOS_CON_IGV';
  /**
   * The submission journal a dry run reads, never writes (DESIGN: a valid invoice is one not already
   * issued according to the journal): each valid invoice it shows accepted is SKIPPED, as a
   * submission of the sheet leaves it (with the identificador and hash the journal kept), and gets the
   * ALREADY_ISSUED warning at its row, saying when it was accepted; one a submission would refuse is
   * INVALID with the same error (changed since it was issued, when the document built here is the one
   * it would send; a sheet naming no issuer, accepted for another in its own journal). An invoice left out
   * (`onlyIssuer`) that it shows accepted is SKIPPED, as that submission says it. `true`: the one a
   * submission of this sheet keeps (`<input>.journal.jsonl`), when there is one. A submission keeps
   * its own (SubmitOptions.journal).
   */
  readonly journal?: string | true;
  /**
   * Issued at which service (as the journal names it: journal-service.ts): an acceptance by another
   * (a trial on the sandbox) is not counted. Default: by any.
   */
  readonly journalService?: string;
  /** The issuer RUC of invoices that name none when no issuer is configured (the login's), for the journal's keys. */
  readonly journalIssuer?: string;
  /**
   * The e-mail of each issuer's login, by RUC, as a submission from here would log in (the CLI: FACTURA_RUC and
   * FACTURA_MAIL, FACTURA_MAIL_<RUC>): an issuer's `correo` where neither the options nor the config give one, as
   * a submission takes it (submit-sheet.ts), so the check builds the document a submission would send and tells an
   * issued invoice changed since. Never used to log in: a dry run needs no account.
   */
  readonly loginMails?: Readonly<Record<string, string>>;
  /**
   * The legal name each issuer's login gave (checkLogin's `razonSocial`), by RUC, for an issuer whose login's mail
   * `loginMails` gives: its `nombreLegal` where neither the options nor the config give one, as a submission takes it
   * (submit-sheet.ts), so a check without a configured issuer (the workspace's) builds the document a submission would
   * send. Nothing is contacted: the caller passes what a login told it.
   */
  readonly loginNames?: Readonly<Record<string, string>>;
  /** The results workbook (default `<input>.resultados.xlsx`). */
  readonly out?: string;
  /** The fix-and-resend workbook (default `<input>.corregir.xlsx` beside the results workbook). */
  readonly fixAndResendOut?: string;
  /** Ctrl-C semantics: stop taking new invoices, finish those in flight, write journal and results. */
  readonly signal?: AbortSignal;
  /** Progress, as it happens (sheet opened, rows, invoices, problems, results written). */
  readonly onEvent?: (event: ImportEvent) => void;
  /** `false`: no `row` event per row (a progress bar needs none; a grid does). Default true. */
  readonly rowEvents?: boolean;
  /**
   * `false`: no `problem` event per problem (a progress bar shows none; the summary groups them
   * and both workbooks list them all). Default true. On a sheet where every invoice has an error,
   * making and sending one event per problem cost the CLI's validate 7 % of its time.
   */
  readonly problemEvents?: boolean;
  /**
   * `false`: the check only, through `onEvent` and the summary: neither the results workbook nor
   * the fix-and-resend workbook is written (`paths` names none). A later call with the same sheet
   * and edits writes them as the CLI does. Default true. A submission always writes its results.
   */
  readonly writeFiles?: boolean;
  /**
   * Whom the messages speak to, in the events and in both workbooks: 'library' (default) names the
   * option that mends a problem (`encoding`, `mapping`…); 'command-line' its flag (`--encoding`,
   * `--map`…); 'workspace' says what to do in the web workspace instead (save in Excel and upload
   * again, the «Columnas» button). Chosen where each message is written (remedies.ts).
   */
  readonly wording?: Wording;
  /**
   * What the values are called where they came from, for the messages that say where to mend one
   * (`credentials`, `journal`, `onlyIssuer`… by default: a program passed these options). The command
   * line gives its flags and environment variables (`--journal`, FACTURA_RUC…).
   */
  readonly valueNames?: Partial<ValueNames>;
  /**
   * The name the user knows the sheet by, when the file read is stored under another (an upload):
   * messages and the results workbook name it so instead of the path. Default: the path.
   */
  readonly fileName?: string;
  /** A pino logger; silent by default (a library prints nothing). */
  readonly logger?: Logger;
  /** Epoch ms; `Date.now` by default (dates are judged against today in Lima). */
  readonly clock?: () => number;
}

/** Who logs in to the service and where it is. */
export interface ServiceOptions {
  readonly credentials: { readonly ruc: string; readonly mail: string; readonly clave: string };
  /** {auth_url}: the login host. */
  readonly authUrl: string;
  /** {base_url}: the invoice host. */
  readonly baseUrl: string;
  /**
   * The service as the submission journal names it (default: `baseUrl`). An invoice the journal
   * shows as accepted counts as issued only at the service that accepted it, so a trial on the
   * sandbox never makes the real submission skip an invoice. The built-in sandbox's address
   * changes at every start: the CLI's and the workspace's `--sandbox` name it `'sandbox'`.
   */
  readonly journalService?: string;
  /**
   * The simulator's own login (SandboxOptions.anyRuc opens an account for any RUC with it): every
   * issuer a sheet names that has no login of its own logs in with it, so a firm tries a sheet of
   * several issuers on the simulator. Never a real service's login.
   */
  readonly trialLogin?: IssuerCredentials;
  /** An undici Dispatcher for every request (proxy, tests); the caller closes it. */
  readonly dispatcher?: Dispatcher;
  /** How long to wait for the service's answer to a request, in milliseconds (default 60,000). */
  readonly timeoutMs?: number;
  /** What the addresses and the login are called where they came from (ValidateOptions.valueNames). */
  readonly valueNames?: Partial<ValueNames>;
  readonly logger?: Logger;
  readonly clock?: () => number;
}

/** One issuer's login; the RUC is the key it is given under. */
export interface IssuerCredentials {
  readonly mail: string;
  readonly clave: string;
}

/**
 * What a submission takes: a dry run's options, the service, the logins, and how to send.
 *
 * Logins: `credentials` is the default issuer's (invoices without `emisorRuc`), as with one
 * company; `issuerCredentials` gives those of the issuers a sheet's `emisorRuc` column names
 * (accounting firms), by RUC, and wins for a RUC given both ways. Before anything is sent, every
 * issuer with valid invoices must have one, else FacturaError('CONFIG') naming each RUC. The library
 * reads no environment and no file: a program passes what it holds.
 */
export interface SubmitOptions extends Omit<ValidateOptions, 'writeFiles' | 'journal' | 'journalIssuer'>, Omit<ServiceOptions, 'credentials'> {
  /** The default issuer's login (optional when every invoice names its issuer and has its own). */
  readonly credentials?: ServiceOptions['credentials'];
  /** Logins by issuer RUC (11 digits). */
  readonly issuerCredentials?: Readonly<Record<string, IssuerCredentials>>;
  /** Invoices in flight at once, 1 to 64 (default: the config's, else 4). */
  readonly concurrency?: number;
  /** Tries per invoice for 5xx, 429 and network errors, 1 to 20 (default: the config's, else 5). */
  readonly maxAttempts?: number;
  /** The journal (default `<input>.journal.jsonl`). */
  readonly journal?: string;
  /** Renew the token this long before it expires (default 15 minutes). */
  readonly renewMarginMs?: number;
  /** The portal's test accounts: a new token at most once an hour. */
  readonly testAccount?: boolean;
  /** How this run names itself in the sheet's lock, for a second run to read (default: the CLI's command). */
  readonly runLabel?: string;
}
