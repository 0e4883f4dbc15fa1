import { rm } from 'node:fs/promises';
import type { Lang } from '../i18n/localized-text.js';
import type { InvoiceOutcome } from '../invoice/invoice-outcome.js';
import type { Problem } from '../invoice/problem.js';
import type { RowSource, SourceRow } from '../sheet/source-row.js';
import type { ColumnLocator } from './column-locator.js';
import type { FixAndResendWriter, FixAndResendWriterOptions } from './fix-and-resend-writer.js';
import type { FixNotes, RowNote } from './fix-notes.js';
import { createFixNotes, notesCellText } from './fix-notes.js';
import type { FixRowBatcher } from './fix-row-values.js';
import { createFixRowBatcher } from './fix-row-values.js';
import { ROWS_PER_PACK } from './packed-values.js';
import type { RowWindow } from './row-window.js';
import { createRowWindow } from './row-window.js';

export interface FixAndResendStreamOptions {
  /** `<input name>.corregir.xlsx` (see outputPaths). */
  readonly path: string;
  readonly lang: Lang;
  readonly secrets?: readonly string[];
  /** Outcomes' rows come in the sheet's order (grouping's default mode; not under `--merge-split`). */
  readonly ordered: boolean;
  /**
   * Opens the file's writer, at the first row to copy. Default: in this thread
   * (openFixAndResendWriter); a run hands it to its results thread (ResultsWorkbook.openFixFile).
   */
  readonly openWriter?: (options: FixAndResendWriterOptions) => Promise<FixAndResendWriter>;
}

/** The writer in this thread, loaded (and exceljs with it) with the first row to copy: a run without one never loads it. */
const openHere = (options: FixAndResendWriterOptions): Promise<FixAndResendWriter> =>
  import('./fix-and-resend-writer.js').then(({ openFixAndResendWriter }) => openFixAndResendWriter(options));

/**
 * The fix-and-resend workbook written during the run's own pass over the input: the source rows
 * are held in a window (row-window.ts) until their invoice's outcome arrives, then copied, with
 * their notes, if the invoice needs fixing, and let go. No second reading of the input, and memory
 * bounded by the rows of the invoices not yet finished. The file is opened at the first row to
 * copy: a run where nothing needs fixing writes none (and removes one left by an earlier run).
 * Copied rows go to the writer in batches of plain values (fix-row-values.ts); a run's writer is in
 * its results thread, so this thread only gathers the values.
 */
export interface FixAndResendStream {
  /** The source with its rows held until their outcome (tap it after the edits apply). */
  tap(source: RowSource): RowSource;
  /**
   * The header row is known: the rows above it are let go, and problems name the user's headers.
   * `monthFirstDates`: the date columns of a sheet whose dates were read month first (their text
   * dates are copied as dates, fix-row-values.ts).
   */
  headerFound(row: number, locateColumn: ColumnLocator, monthFirstDates?: ReadonlySet<number>): void;
  add(outcome: InvoiceOutcome): Promise<void>;
  /** Rows that belong to no invoice (orphans), with their problems. */
  addRows(rows: readonly number[], problems: readonly Problem[]): Promise<void>;
  /** The source is done: finishes the file; false when nothing needed fixing (no file). */
  finish(): Promise<boolean>;
  /** Removes the unfinished file (a run that failed). */
  abort(): Promise<void>;
  /** The most source rows held at once (tests and measurements). */
  readonly peakHeldRows: number;
}

export function createFixAndResendStream(options: FixAndResendStreamOptions): FixAndResendStream {
  const secrets = options.secrets ?? [];
  let header: SourceRow | undefined;
  let notesOf: FixNotes = createFixNotes({ lang: options.lang, secrets });
  const openWriter = options.openWriter ?? openHere;
  let writer: Promise<FixAndResendWriter> | undefined;
  /** The writer once open: batches then go to it without a promise each. */
  let open: FixAndResendWriter | undefined;
  let batch: FixRowBatcher | undefined;
  let monthFirstDates: ReadonlySet<number> | undefined;

  /** Hands the rows gathered to the writer; a promise when the next rows must wait. */
  const flush = (rows: FixRowBatcher): Promise<void> | undefined => {
    const taken = rows.take();
    if (taken.values.cells.length === 0) return undefined;
    if (open !== undefined) return open.addRows(taken);
    return writer?.then((opened) => {
      open = opened;
      return opened.addRows(taken);
    });
  };

  const window: RowWindow = createRowWindow({
    ordered: options.ordered,
    release(row, notes) {
      if (batch === undefined) {
        const cells = header?.cells ?? [];
        batch = createFixRowBatcher(cells, monthFirstDates);
        writer = openWriter({ path: options.path, header: cells, lang: options.lang });
        // Its failure is told by the next flush or finish, which wait for it.
        writer.catch(() => undefined);
      }
      return batch.push(row.cells, notes) < ROWS_PER_PACK ? undefined : flush(batch);
    },
  });

  const settle = (rows: readonly number[], notes: readonly RowNote[] | undefined): Promise<void> => {
    if (notes === undefined) return window.settle(rows, undefined);
    const byRow = new Map<number, string[]>();
    for (const [row, text] of notes) {
      const list = byRow.get(row);
      if (list === undefined) byRow.set(row, [text]);
      else list.push(text);
    }
    const cells = new Map<number, string | undefined>();
    for (const row of rows) cells.set(row, notesCellText(byRow.get(row) ?? []));
    return window.settle(rows, cells);
  };

  return {
    tap: (source) => window.tap(source),
    headerFound(row, locateColumn, dates) {
      header = window.takeRow(row);
      monthFirstDates = dates;
      notesOf = createFixNotes({ lang: options.lang, secrets, locateColumn });
    },
    add: (outcome) => settle(outcome.rows, notesOf.ofOutcome(outcome)),
    addRows: (rows, problems) => settle(rows, notesOf.ofRows(rows, problems)),
    async finish() {
      await window.finish();
      if (writer === undefined) {
        // Nothing to fix: a fix-and-resend file left by an earlier run would now mislead.
        await rm(options.path, { force: true });
        return false;
      }
      if (batch !== undefined) await flush(batch);
      await (await writer).finish();
      return true;
    },
    async abort() {
      const opening = writer;
      writer = undefined;
      open = undefined;
      batch = undefined;
      if (opening !== undefined) await (await opening.catch(() => undefined))?.abort();
    },
    get peakHeldRows() {
      return window.peakHeld;
    },
  };
}
