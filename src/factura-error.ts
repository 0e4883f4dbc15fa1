import type { LocalizedText } from './i18n/localized-text.js';

/**
 * The one error class for failures that end a run. Expected per-row and per-invoice failures are
 * data (Problem, InvoiceOutcome), never exceptions. The code decides the exit status, in one place.
 */
export type FacturaErrorCode =
  | 'USAGE' // bad command line or option
  | 'CONFIG' // configuration file or environment invalid
  | 'INPUT' // input file missing, unreadable, malformed, or missing required columns
  | 'OUTPUT' // results or journal could not be written
  | 'AUTH' // the service refused the credentials
  | 'JOURNAL_CONFLICT' // the journal forbids what the sheet asks (re-issuing an accepted number with new content)
  | 'SERVICE' // the service could not be used at all (e.g. login endpoint down after retries)
  | 'INTERRUPTED'; // Ctrl-C / SIGTERM

const EXIT_CODES: Readonly<Record<FacturaErrorCode, number>> = {
  USAGE: 2,
  CONFIG: 2,
  INPUT: 2,
  OUTPUT: 2,
  JOURNAL_CONFLICT: 2,
  SERVICE: 1,
  AUTH: 3,
  INTERRUPTED: 130,
};

export class FacturaError extends Error {
  override readonly name = 'FacturaError';
  readonly code: FacturaErrorCode;
  /** What the user reads, in both languages. `message` (English) is for logs. */
  readonly text: LocalizedText;

  constructor(code: FacturaErrorCode, text: LocalizedText, options?: { cause?: unknown }) {
    super(text.en, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.text = text;
  }
}

export function exitCodeFor(code: FacturaErrorCode): number {
  return EXIT_CODES[code];
}

/** Exit codes of a finished run (docs/architecture.md, "Commands and exit codes"). */
export const EXIT_OK = 0;
export const EXIT_SOME_FAILED = 1;
