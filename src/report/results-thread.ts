/**
 * The results thread: owns the results file (results-file.ts), and the fix-and-resend file when
 * there is one (fix-and-resend-writer.ts), so that rendering rows, zipping and writing them never
 * take time from reading, validating and sending on the main thread. Messages are handled one at
 * a time, in order; each gets one answer, and a failure to open the results file is answered
 * unasked (the main thread does not wait for the opening: see results-workbook.ts). The fix file's
 * messages (`fix-…`) are answered apart: its failure (`fix-failed`) does not stop the results
 * file, nor the results file's its.
 *
 * The thread runs a little behind the main thread, by design: a bounded window of rows waits
 * between them, and the main thread waits only when the window is full. So where the two meet on
 * one core (two cores, V8's collector threads, zlib), the main thread, which reads, checks and
 * sends, goes first: this thread lowers its own priority by RESULTS_THREAD_NICE nice levels (Linux,
 * where the nice value is a thread's own; lower-thread-priority.ts). On a 200,000-row all-invalid
 * CSV the main thread's wait for a core (its `schedstat` run delay) fell from about 1.0 s to 0.6 s
 * per run (BENCHMARKS.md). With the scheduler's autogroups (a Linux desktop's default) it only
 * orders this process's own threads, not against other programs; a core left free is used anyway.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { FacturaError } from '../factura-error.js';
import { lowerThreadPriority } from '../thread/lower-thread-priority.js';
import type { FixAndResendWriter, FixAndResendWriterOptions } from './fix-and-resend-writer.js';
import type { FixRowBatch } from './fix-row-values.js';
import type { ResultsFile, ResultsFileOptions, ResultsRows, RunInfo } from './results-file.js';
import { openResultsFile } from './results-file.js';
import type { RunCounts } from './run-summary.js';

export type ToResultsThread =
  | { readonly kind: 'add'; readonly rows: ResultsRows }
  | { readonly kind: 'close'; readonly summary: RunCounts; readonly run: RunInfo }
  | { readonly kind: 'abort' }
  | { readonly kind: 'fix-open'; readonly options: FixAndResendWriterOptions }
  | { readonly kind: 'fix-rows'; readonly batch: FixRowBatch }
  | { readonly kind: 'fix-finish' }
  | { readonly kind: 'fix-abort' };

type FixMessage = Extract<ToResultsThread, { readonly kind: `fix-${string}` }>;
const isFixMessage = (message: ToResultsThread): message is FixMessage => message.kind.startsWith('fix-');

/** A file-system error as it crosses threads: its message and its code (ENOSPC, EACCES…). */
export interface ThreadError {
  readonly message: string;
  readonly code?: string;
  /** The failed call (`open`, `write`, `rename`…): tells "folder missing" from "temporary file gone". */
  readonly syscall?: string;
}

export type FromResultsThread =
  | { readonly kind: 'done'; readonly of: ToResultsThread['kind'] }
  | { readonly kind: 'failed'; readonly error: ThreadError }
  | { readonly kind: 'fix-failed'; readonly error: ThreadError };

function toThreadError(failure: unknown): ThreadError {
  // The fix file's writer tells its failures as a FacturaError: what crosses is the system's error.
  const err = failure instanceof FacturaError && failure.cause !== undefined ? failure.cause : failure;
  const message = err instanceof Error ? err.message : String(err);
  const { code, syscall } = (err ?? {}) as { code?: unknown; syscall?: unknown };
  return { message, ...(typeof code === 'string' ? { code } : {}), ...(typeof syscall === 'string' ? { syscall } : {}) };
}

const port = parentPort;
if (port === null) throw new Error('results-thread.ts runs as a worker thread');

/** Nice levels this thread gives way by (see above: 10 was measured against 5 and none). */
const RESULTS_THREAD_NICE = 10;
lowerThreadPriority(RESULTS_THREAD_NICE);
const post = (message: FromResultsThread): void => port.postMessage(message);

let file: ResultsFile | undefined;
let failedOnce = false;
let queue: Promise<void> = Promise.resolve();
let fix: FixAndResendWriter | undefined;
let fixFailed = false;

const handleFix = async (message: FixMessage): Promise<void> => {
  if (message.kind === 'fix-abort') {
    await fix?.abort();
    fix = undefined;
    post({ kind: 'done', of: message.kind });
    return;
  }
  if (fixFailed) return; // the failure was reported already
  try {
    if (message.kind === 'fix-open') {
      // Loaded with the first row to copy, as on the main thread: a run without one never loads it.
      const { openFixAndResendWriter } = await import('./fix-and-resend-writer.js');
      fix = await openFixAndResendWriter(message.options);
    } else if (fix === undefined) throw new Error('fix-and-resend file not open');
    else if (message.kind === 'fix-rows') {
      const waiting = fix.addRows(message.batch);
      if (waiting !== undefined) await waiting;
    } else await fix.finish();
    post({ kind: 'done', of: message.kind });
  } catch (err) {
    fixFailed = true;
    post({ kind: 'fix-failed', error: toThreadError(err) });
  }
};

const handle = async (message: ToResultsThread): Promise<void> => {
  if (isFixMessage(message)) {
    await handleFix(message);
    return;
  }
  if (message.kind === 'abort') {
    await fix?.abort();
    await file?.abort();
    post({ kind: 'done', of: 'abort' });
    return;
  }
  if (file === undefined || failedOnce) return; // the failure was reported already
  try {
    if (message.kind === 'add') await file.add(message.rows);
    else await file.close(message.summary, message.run);
    post({ kind: 'done', of: message.kind });
  } catch (err) {
    failedOnce = true;
    post({ kind: 'failed', error: toThreadError(err) });
  }
};

try {
  file = await openResultsFile(workerData as ResultsFileOptions);
} catch (err) {
  failedOnce = true;
  post({ kind: 'failed', error: toThreadError(err) });
}
port.on('message', (message: ToResultsThread) => {
  queue = queue.then(() => handle(message));
});
