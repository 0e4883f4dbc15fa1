import type { Lang } from '../i18n/localized-text.js';
import type { InvoiceOutcome } from '../invoice/invoice-outcome.js';
import type { InvoiceStatus } from '../invoice/invoice-status.js';
import { STATUS_LABELS } from '../invoice/invoice-status.js';
import type { Problem } from '../invoice/problem.js';
import { redactSecrets, redactText } from '../redact-secrets.js';
import { toCellText } from './cell-text.js';
import { messageWithoutPlace } from './message-without-place.js';
import type { ColumnLocator } from './column-locator.js';

/** Invoices whose rows go to the fix-and-resend file: everything not issued and not merely valid. */
export const NEEDS_FIX_STATUSES: readonly InvoiceStatus[] = ['INVALID', 'REJECTED', 'FAILED', 'UNKNOWN', 'DUPLICATE', 'NOT_SENT'];

export interface FixNotesOptions {
  readonly lang?: Lang;
  /** Names the user's own header in the notes (`RUC cliente: …`) instead of the canonical name. */
  readonly locateColumn?: ColumnLocator;
  readonly secrets?: readonly string[];
}

/** A note on one source row of the fix-and-resend file: `[row, text]`. */
export type RowNote = readonly [row: number, text: string];

/** The notes one invoice (or one run of orphan rows) puts on its rows, as `[row, text]` in order. */
export interface FixNotes {
  /** Undefined when the invoice needs no fixing (accepted, valid, left out) or has no rows. */
  ofOutcome(outcome: InvoiceOutcome): RowNote[] | undefined;
  /** Rows that belong to no invoice (orphans), with their problems; undefined without rows. */
  ofRows(rows: readonly number[], problems: readonly Problem[]): RowNote[] | undefined;
}

/**
 * What the notes column says (pure): the status and the service's answer on the invoice's first
 * row, then each problem on its own row (or the first one), with the user's header named, scrubbed.
 */
export function createFixNotes(options: FixNotesOptions = {}): FixNotes {
  const lang = options.lang ?? 'es';
  const secrets = options.secrets ?? [];
  const locate: ColumnLocator = options.locateColumn ?? (() => undefined);
  /** On its own row the note says the column, not the place again («Cantidad: «1,500» puede…»); elsewhere the message keeps its row. */
  const problemText = (p: Problem, onItsRow: boolean): string => {
    const where = p.column === undefined ? undefined : (locate(p.column)?.header ?? p.column);
    const message = onItsRow ? messageWithoutPlace(p.message[lang]) : p.message[lang];
    return redactText(where === undefined ? message : `${where}: ${message}`, secrets);
  };
  const notesOf = (invoiceRows: readonly number[], first: readonly string[], problems: readonly Problem[]): RowNote[] => {
    let firstRow = Number.POSITIVE_INFINITY;
    for (const r of invoiceRows) if (r < firstRow) firstRow = r;
    const notes: RowNote[] = [];
    for (const t of first) notes.push([firstRow, redactText(t, secrets)]);
    for (const p of problems) {
      const row = p.row !== undefined && invoiceRows.includes(p.row) ? p.row : undefined;
      notes.push([row ?? firstRow, problemText(p, row !== undefined)]);
    }
    return notes;
  };
  return {
    ofOutcome(outcome) {
      if (!NEEDS_FIX_STATUSES.includes(outcome.status) || outcome.rows.length === 0) return undefined;
      const first = [`${STATUS_LABELS[outcome.status][lang]}`];
      const answer = outcome.answer === undefined ? undefined : (redactSecrets(outcome.answer, secrets) as InvoiceOutcome['answer']);
      const said = [answer?.codigo, answer?.mensaje, answer?.detalle].filter((s): s is string => s !== undefined && s !== '');
      if (said.length > 0) first.push(said.join(' - '));
      if (outcome.note !== undefined) first.push(outcome.note);
      return notesOf(outcome.rows, first, outcome.problems);
    },
    ofRows(rows, problems) {
      return rows.length > 0 ? notesOf(rows, [], problems) : undefined;
    },
  };
}

/** The notes cell of a row: its notes (scrubbed already, by createFixNotes) joined, fit for a cell; undefined without notes. */
export function notesCellText(texts: readonly string[]): string | undefined {
  return texts.length === 0 ? undefined : toCellText(texts.join('; '));
}
