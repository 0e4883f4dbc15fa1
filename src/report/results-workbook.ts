import { open, rm, stat } from 'node:fs/promises';
import type { FacturaError } from '../factura-error.js';
import type { Lang } from '../i18n/localized-text.js';
import { localized } from '../i18n/localized-text.js';
import { writeFailure } from '../write-failure.js';
import type { InvoiceOutcome, ServiceAnswer } from '../invoice/invoice-outcome.js';
import type { Problem } from '../invoice/problem.js';
import { redactSecrets, redactText } from '../redact-secrets.js';
import { siblingModule, startModuleThread } from '../thread/start-module-thread.js';
import { connectThread } from '../thread/thread-connection.js';
import { toCellValue } from './cell-text.js';
import type { ColumnLocator } from './column-locator.js';
import type { FixAndResendWriter, FixAndResendWriterOptions } from './fix-and-resend-writer.js';
import { fixFileFailure } from './fix-row-values.js';
import type { CellReading } from './results-columns.js';
import { INVOICE_COLUMNS, PROBLEM_COLUMNS, readRow } from './results-columns.js';
import type { InvoiceStatus } from '../invoice/invoice-status.js';
import { createValuePacker, ROWS_PER_PACK } from './packed-values.js';
import type { ResultsFileOptions, RunInfo } from './results-file.js';
import type { FromResultsThread, ThreadError, ToResultsThread } from './results-thread.js';
import type { RunCounts } from './run-summary.js';
import { uniquePartPath } from './workbook-output.js';
import { removeDeadParts } from './remove-dead-parts.js';

export type { RunInfo } from './results-file.js';

export interface ResultsWorkbookOptions {
  /** The results workbook to write (written to a unique `.part` file and renamed when complete). */
  readonly path: string;
  readonly lang?: Lang;
  /** Where a canonical column is in the user's sheet (header text, letter for XLSX inputs). */
  readonly locateColumn?: ColumnLocator;
  /** Values that must never reach the file besides what redactSecrets already finds (password, token). */
  readonly secrets?: readonly string[];
  /** Time zone of the dates shown (start, end): the user's wall clock. Default America/Lima. */
  readonly timeZone?: string;
  /** Where the problems are spooled during the run. Default: the OS temporary directory. */
  readonly tempDir?: string;
  /** The run's input, whose SHA-256 `Resumen` shows: the results thread takes it as the run starts. */
  readonly checksumOf?: string;
}

export interface ResultsWorkbook {
  /** One row in `Comprobantes` now, and its problems in `Errores` (spooled until close). */
  addOutcome(outcome: InvoiceOutcome): Promise<void>;
  /** File-level problems (unknown columns, reader notes…), listed in `Errores` without an invoice. */
  addFileProblems(problems: readonly Problem[]): Promise<void>;
  /** Writes `Errores` and `Resumen`, finishes the zip and moves the file to its path. */
  close(summary: RunCounts, run: RunInfo): Promise<void>;
  /** Gives up: removes the partial file and the spool. */
  abort(): Promise<void>;
  /**
   * The fix-and-resend file, written by the results thread: its batches are posted (at most
   * MAX_BATCHES_IN_FLIGHT waiting), rendered and zipped there. Finish (or abort) it before this
   * workbook's close or abort. Its failures are told as the fix file's, by its next call.
   */
  openFixFile(options: FixAndResendWriterOptions): FixAndResendWriter;
}

/**
 * Rows sent to the results thread and not yet written before addOutcome waits (bounds the memory
 * between threads: a few MB of packed text). The thread starts with the run and takes about a
 * quarter of a second to load exceljs; at 2,048 rows the main thread, on a sheet where every row
 * goes to the fix file, stopped for most of that (its profile: 270 ms idle in the run's first
 * second, none with 16,384). A 200,000-row all-invalid validate, six pairs (farm-bench): wall
 * × 0.965, peak RSS +8 MB; a valid sheet unchanged.
 */
const MAX_ROWS_IN_FLIGHT = 16384;

/** The same bound in packs of ROWS_PER_PACK. */
const MAX_BATCHES_IN_FLIGHT = Math.max(1, Math.floor(MAX_ROWS_IN_FLIGHT / ROWS_PER_PACK));

/**
 * The thread makes short-lived garbage fast (row XML, zlib chunks) and V8 sizes a new isolate's
 * young generation for this machine's memory: a 300,000-invoice validate peaked at 360 MB with
 * the default and 252 MB with 8 MB (no slower: 57.5 s vs 56.6 s; built CLI, /usr/bin/time).
 * Since then the run's peak fell to 150-180 MB, and on an all-invalid sheet (every row copied to
 * the fix file, every invoice in Errores) 8 MB made the thread scavenge 458 times for 1.7 s on
 * 200,000 rows; 32 MB: 123 times, 0.5 s (`--trace-gc-nvp`, the thread's isolate), for about 30 MB
 * more at the peak.
 */
const RESULTS_THREAD_LIMITS = { maxYoungGenerationSizeMb: 32 } as const;

/**
 * The results workbook of a run. This side turns outcomes into cell values by the table of
 * columns (results-columns.ts: secrets scrubbed, text made safe, labels in the user's language)
 * and hands them in batches to the results thread (results-thread.ts → results-file.ts), which
 * takes the header rows from the same table, and renders, zips and writes them. Validation is CPU
 * bound on one thread, so writing there cost a quarter of a validate run (bench/results-share.ts);
 * here the main thread only builds values and copies batches. At most MAX_BATCHES_IN_FLIGHT
 * batches wait between the threads: a slow disk slows the run down instead of filling memory.
 *
 * A failed write (disk full, no permission) is reported by the next call as an OUTPUT error
 * naming the file and the reason; the partial file is removed.
 */
export async function createResultsWorkbook(options: ResultsWorkbookOptions): Promise<ResultsWorkbook> {
  const lang = options.lang ?? 'es';
  const secrets = options.secrets ?? [];
  const locate: ColumnLocator = options.locateColumn ?? (() => undefined);
  await removeDeadParts(options.path);
  const partPath = uniquePartPath(options.path);
  const fileOptions: ResultsFileOptions = {
    path: options.path,
    partPath,
    lang,
    secrets,
    ...(options.timeZone !== undefined ? { timeZone: options.timeZone } : {}),
    ...(options.tempDir !== undefined ? { tempDir: options.tempDir } : {}),
    ...(options.checksumOf !== undefined ? { checksumOf: options.checksumOf } : {}),
  };
  // A path that cannot be written is refused now, before any work; the thread then starts while
  // the run goes on (loading exceljs there takes a moment) and rows wait in its queue.
  try {
    await (await open(partPath, 'wx')).close();
    // The finished workbook is renamed onto the path at the end: a folder standing there refused it
    // only then, after a submission had issued every invoice (the run ended in an error, its results
    // unwritten). Refused now, before anything is sent.
    if ((await stat(options.path).catch(() => undefined))?.isDirectory() === true) {
      await rm(partPath, { force: true });
      throw Object.assign(new Error(`EISDIR: ${options.path}`), { code: 'EISDIR' });
    }
  } catch (err) {
    throw outputError(options.path, err);
  }
  const thread = connectThread<ToResultsThread, FromResultsThread>(
    startModuleThread(siblingModule(import.meta.url, 'results-thread'), fileOptions, RESULTS_THREAD_LIMITS),
  );

  let failure: ThreadError | undefined;
  let fixFailure: ThreadError | undefined;
  let inFlight = 0;
  let fixInFlight = 0;
  const invoices = createValuePacker();
  let statuses: InvoiceStatus[] = [];
  const problems = createValuePacker();
  let errors: boolean[] = [];
  let closed = false;

  /** The thread's next answer; a thread that died answers as a failure. */
  const nextAnswer = (): Promise<FromResultsThread> =>
    thread.next().catch((err: unknown) => ({ kind: 'failed', error: { message: err instanceof Error ? err.message : String(err) } }) as const);
  /** Takes the thread's answers to earlier batches; the first failure ends the run. */
  const settle = (answer: FromResultsThread): void => {
    if (answer.kind === 'failed') {
      failure ??= answer.error;
      // A thread that died writes no fix file either.
      if (thread.stopped) fixFailure ??= answer.error;
    } else if (answer.kind === 'fix-failed') fixFailure ??= answer.error;
    else if (answer.of === 'add') inFlight -= 1;
    else if (answer.of === 'fix-rows') fixInFlight -= 1;
  };
  const check = (): void => {
    if (failure !== undefined) throw outputError(options.path, failure);
  };
  /** Takes the thread's answers while `busy()` (batches waiting between the threads). */
  const settleWhile = async (busy: () => boolean): Promise<void> => {
    while (busy()) settle(await nextAnswer());
  };
  /** Takes the thread's answers until its answer to `of`; `goOn` throws, before each wait, when not to wait any more. */
  const answered = async (of: ToResultsThread['kind'], goOn: () => void): Promise<void> => {
    for (;;) {
      goOn();
      const answer = await nextAnswer();
      settle(answer);
      if (answer.kind === 'done' && answer.of === of) return;
    }
  };
  /** Has the thread give up (`abort` or `fix-abort`, answered even after a failure): takes answers until it did, or died. */
  const aborted = async (of: 'abort' | 'fix-abort'): Promise<void> => {
    if (thread.stopped) return;
    thread.post({ kind: of });
    for (;;) {
      const answer = await thread.next().catch(() => undefined);
      if (answer === undefined || (answer.kind === 'done' && answer.of === of)) return;
      settle(answer);
    }
  };
  const send = async (): Promise<void> => {
    if (statuses.length === 0 && errors.length === 0) return;
    thread.post({ kind: 'add', rows: { invoices: invoices.take(), statuses, problems: problems.take(), errors } });
    statuses = [];
    errors = [];
    inFlight += 1;
    await settleWhile(() => inFlight >= MAX_BATCHES_IN_FLIGHT && failure === undefined);
    check();
  };
  const queued = async (): Promise<void> => {
    if (statuses.length + errors.length >= ROWS_PER_PACK) await send();
  };

  /** Has the thread remove the partial file and the spool (it answers an abort even after a failure). */
  const discard = async (): Promise<void> => {
    await aborted('abort');
    // Also when the thread died or never opened the file: the empty file made above goes too.
    await rm(partPath, { force: true });
  };

  const cell: CellReading = { lang, text: (value) => (value === undefined ? null : toCellValue(redactText(value, secrets))) };
  const addProblem = (problem: Problem, outcome: InvoiceOutcome | undefined): void => {
    errors.push(problem.severity === 'error');
    for (const value of readRow(PROBLEM_COLUMNS, { problem, outcome, where: problem.column === undefined ? undefined : locate(problem.column) }, cell))
      problems.add(value);
  };

  return {
    async addOutcome(outcome) {
      check();
      if (closed) throw new Error('results workbook already closed');
      const answer = (outcome.answer === undefined ? {} : redactSecrets(outcome.answer, secrets)) as ServiceAnswer;
      statuses.push(outcome.status);
      for (const value of readRow(INVOICE_COLUMNS, { outcome, answer }, cell)) invoices.add(value);
      for (const p of outcome.problems) addProblem(p, outcome);
      await queued();
    },

    async addFileProblems(list) {
      check();
      for (const p of list) addProblem(p, undefined);
      await queued();
    },

    async close(summary, run) {
      closed = true;
      try {
        check();
        await send();
        thread.post({ kind: 'close', summary, run });
        await answered('close', check);
        check();
      } catch (err) {
        await discard();
        throw err;
      } finally {
        await thread.stop();
      }
    },

    async abort() {
      closed = true;
      await discard();
      await thread.stop();
    },

    openFixFile(fixOptions) {
      const checkFix = (): void => {
        if (fixFailure !== undefined) throw fixFileFailure(fixOptions.path, fixFailure);
      };
      const waitForRoom = async (): Promise<void> => {
        await settleWhile(() => fixInFlight >= MAX_BATCHES_IN_FLIGHT && fixFailure === undefined);
        checkFix();
      };
      let ended = false;
      thread.post({ kind: 'fix-open', options: fixOptions });
      return {
        addRows(batch) {
          if (fixFailure !== undefined) return Promise.reject(fixFileFailure(fixOptions.path, fixFailure));
          thread.post({ kind: 'fix-rows', batch });
          fixInFlight += 1;
          return fixInFlight >= MAX_BATCHES_IN_FLIGHT ? waitForRoom() : undefined;
        },
        async finish() {
          ended = true;
          thread.post({ kind: 'fix-finish' });
          await answered('fix-finish', checkFix);
          checkFix();
        },
        async abort() {
          if (ended && fixFailure === undefined) return;
          ended = true;
          await aborted('fix-abort');
        },
      };
    },
  };
}

function outputError(path: string, cause: unknown): FacturaError {
  return writeFailure(localized('el libro de resultados', 'the results workbook'), path, cause);
}
