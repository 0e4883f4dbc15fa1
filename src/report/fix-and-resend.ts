import { rename, rm } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { FacturaError } from '../factura-error.js';
import type { Lang } from '../i18n/localized-text.js';
import { localized } from '../i18n/localized-text.js';
import { writeFailure } from '../write-failure.js';
import type { InvoiceOutcome } from '../invoice/invoice-outcome.js';
import type { InvoiceStatus } from '../invoice/invoice-status.js';
import { STATUS_LABELS } from '../invoice/invoice-status.js';
import { matchKey } from '../invoice/match-key.js';
import type { Problem } from '../invoice/problem.js';
import { redactSecrets, redactText } from '../redact-secrets.js';
import type { Cell } from '../sheet/source-row.js';
import { toCellText } from './cell-text.js';
import type { ColumnLocator } from './column-locator.js';
import type { TableValue } from './render-row-xml.js';
import type { CellStyle } from './shared-cell-styles.js';
import { NO_STYLE, numberFormatStyle } from './shared-cell-styles.js';
import { addTableSheet } from './table-sheet.js';
import { HEADER_STYLE } from './status-styles.js';
import type { WorkbookOutput } from './workbook-output.js';
import { commitWorkbook, openWorkbookOutput, uniquePartPath } from './workbook-output.js';

/** Invoices whose rows go to the fix-and-resend file: everything not issued and not merely valid. */
export const NEEDS_FIX_STATUSES: readonly InvoiceStatus[] = ['INVALID', 'REJECTED', 'FAILED', 'UNKNOWN', 'DUPLICATE', 'NOT_SENT'];

/**
 * The added last column. Not plain «Observaciones»: that is an alias of `glosa`, so a file fed
 * back would send our notes as the invoice's remark. This header matches no canonical column
 * (a test checks it) and is dropped when a fix file is itself fed back and fixed again.
 */
export const FIX_NOTES_HEADER = localized('Observaciones de la validación', 'Validation notes');
const NOTES_KEYS = new Set([matchKey(FIX_NOTES_HEADER.es), matchKey(FIX_NOTES_HEADER.en)]);

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
  const problemText = (p: Problem): string => {
    const where = p.column === undefined ? undefined : (locate(p.column)?.header ?? p.column);
    return redactText(where === undefined ? p.message[lang] : `${where}: ${p.message[lang]}`, secrets);
  };
  const notesOf = (invoiceRows: readonly number[], first: readonly string[], problems: readonly Problem[]): RowNote[] => {
    let firstRow = Number.POSITIVE_INFINITY;
    for (const r of invoiceRows) if (r < firstRow) firstRow = r;
    const notes: RowNote[] = [];
    for (const t of first) notes.push([firstRow, redactText(t, secrets)]);
    for (const p of problems) notes.push([p.row !== undefined && invoiceRows.includes(p.row) ? p.row : firstRow, problemText(p)]);
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

/** The notes cell of a row: its notes joined, scrubbed, fit for a cell; undefined without notes. */
export function notesCellText(texts: readonly string[], secrets: readonly string[] = []): string | undefined {
  return texts.length === 0 ? undefined : toCellText(redactText(texts.join('; '), secrets));
}

/** The fix-and-resend workbook being written, one copied row at a time, in the input's row order. */
export interface FixAndResendWriter {
  /** Copies a source row (cells as they were read) with its notes. */
  addRow(cells: readonly (Cell | null)[], notes: string | undefined): Promise<void>;
  /** Finishes the file and moves it into place; returns the rows copied. */
  finish(): Promise<number>;
  /** Removes the unfinished file. Safe to call at any time, and twice. */
  abort(): Promise<void>;
}

export interface FixAndResendWriterOptions {
  /** `<input name>.corregir.xlsx` (see outputPaths); written to a unique `.part` file, then renamed. */
  readonly path: string;
  /** The input's header row: its columns (minus an old notes column) are the ones copied. */
  readonly header: readonly (Cell | null)[];
  readonly lang?: Lang;
}

/** A failure of the fix file, told as one (a FacturaError passes as it is). */
function fixFileFailure(path: string, err: unknown): Error {
  if (err instanceof FacturaError) return err;
  return writeFailure(localized('el archivo para corregir', 'the file to fix'), path, err);
}

/**
 * Opens the fix-and-resend workbook: the input's own header row and columns, then the rows given,
 * and a last column of notes. Cells go back as they were read: text as text (a RUC stays text),
 * numbers as numbers with their format, dates as dates; so after correcting it the user feeds it
 * to `validate`/`submit` with the same mapping. exceljs's streaming writer: memory does not grow
 * with the rows.
 */
export async function openFixAndResendWriter(options: FixAndResendWriterOptions): Promise<FixAndResendWriter> {
  const lang = options.lang ?? 'es';
  const partPath = uniquePartPath(options.path);
  let output: WorkbookOutput | undefined;
  let state: 'open' | 'done' | 'aborted' = 'open';
  const abort = async (): Promise<void> => {
    if (state !== 'open') return;
    state = 'aborted';
    output?.stream.destroy();
    // Not reachable when the folder is not one (ENOTDIR): the write's own error is the one to tell.
    await rm(partPath, { force: true }).catch(() => undefined);
  };
  const failing = async (err: unknown): Promise<never> => {
    await abort();
    throw fixFileFailure(options.path, err);
  };
  try {
    output = await openWorkbookOutput(partPath);
    const opened = output;
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output.stream, useStyles: true, useSharedStrings: false });
    workbook.creator = 'factura-import';
    const kept = keptColumns(options.header);
    const sheet = addTableSheet(workbook, localized('Corregir', 'Fix')[lang], {
      header: [...kept.map((i) => cellValue(options.header[i] ?? null)), FIX_NOTES_HEADER[lang]],
      headerStyle: HEADER_CELL_STYLE,
      widths: [...kept.map((i) => widthFor(options.header[i] ?? null)), 60],
      signal: output.failed,
    });
    let written = 0;
    // One pair of arrays for every row: the sheet renders a row before its first await.
    const values: TableValue[] = new Array<TableValue>(kept.length + 1).fill(null);
    const styles: CellStyle[] = new Array<CellStyle>(kept.length + 1).fill(NOTES_CELL_STYLE);
    return {
      async addRow(cells, notes) {
        if (state !== 'open') throw new Error('fix-and-resend file already finished');
        try {
          for (let k = 0; k < kept.length; k += 1) {
            const cell = cells[kept[k] ?? -1] ?? null;
            values[k] = cellValue(cell);
            styles[k] = cellStyle(cell);
          }
          values[kept.length] = notes ?? null;
          await sheet.addRow(values, styles);
          written += 1;
        } catch (err) {
          await failing(err);
        }
      },
      async finish() {
        if (state !== 'open') throw new Error('fix-and-resend file already finished');
        try {
          sheet.commit();
          await commitWorkbook(workbook, opened);
          await rename(partPath, options.path);
          state = 'done';
          return written;
        } catch (err) {
          return failing(err);
        }
      },
      abort,
    };
  } catch (err) {
    return failing(err);
  }
}

/** Indexes of the header row's columns, up to its last named one, minus an old notes column. */
function keptColumns(cells: readonly (Cell | null)[]): number[] {
  let last = -1;
  cells.forEach((c, i) => {
    if (c !== null) last = i;
  });
  const kept: number[] = [];
  for (let i = 0; i <= last; i++) {
    const c = cells[i] ?? null;
    if (c?.kind === 'text' && NOTES_KEYS.has(matchKey(c.text))) continue;
    kept.push(i);
  }
  return kept;
}

// Shared style objects (see shared-cell-styles.ts): exceljs then finds each one's id at once.
const HEADER_CELL_STYLE: CellStyle = { font: HEADER_STYLE.font, fill: HEADER_STYLE.fill };
const NOTES_CELL_STYLE: CellStyle = { alignment: { wrapText: true, vertical: 'top' } };

/** A copied cell keeps its number format; a date gets a day-first one (with the time if it has one). */
function cellStyle(cell: Cell | null): CellStyle {
  if (cell?.kind === 'number' && cell.numFmt !== undefined) return numberFormatStyle(cell.numFmt);
  if (cell?.kind === 'date') return numberFormatStyle(cell.iso.endsWith('T00:00:00') ? 'dd/mm/yyyy' : 'dd/mm/yyyy hh:mm:ss');
  return NO_STYLE;
}

const EXCEL_ERRORS = new Set(['#NULL!', '#DIV/0!', '#VALUE!', '#REF!', '#NAME?', '#NUM!', '#N/A']);

/** The cell as it was: text stays a string cell (never evaluated), numbers, dates and booleans keep their type. */
function cellValue(cell: Cell | null): TableValue {
  if (cell === null) return null;
  switch (cell.kind) {
    case 'text':
      return toCellText(cell.text);
    case 'number':
      return cell.value;
    case 'boolean':
      return cell.value;
    case 'date':
      return isoToDate(cell.iso);
    case 'error':
      return EXCEL_ERRORS.has(cell.error) ? { error: cell.error } : null;
  }
}

/** `YYYY-MM-DDTHH:mm:ss` wall time → the Date exceljs writes with those digits (UTC fields). */
function isoToDate(iso: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2}))?/.exec(iso);
  if (m === null) return null;
  const n = (i: number): number => Number(m[i] ?? '0');
  return new Date(Date.UTC(n(1), n(2) - 1, n(3), n(4), n(5), n(6)));
}

function widthFor(header: Cell | null): number {
  const text = header?.kind === 'text' ? header.text : '';
  return Math.min(40, Math.max(10, text.length + 2));
}
