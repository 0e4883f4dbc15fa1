/**
 * The results thread: owns the results file (results-file.ts) so that rendering rows, zipping
 * and writing them never take time from reading, validating and sending on the main thread.
 * Messages are handled one at a time, in order; each gets one answer, and a failure to open the
 * file is answered unasked (the main thread does not wait for the opening: see results-workbook.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { InvoiceRow, ProblemRow, ResultsFile, ResultsFileOptions, RunInfo } from './results-file.js';
import { openResultsFile } from './results-file.js';
import type { RunCounts } from './run-summary.js';

export type ToResultsThread =
  | { readonly kind: 'add'; readonly invoices: readonly InvoiceRow[]; readonly problems: readonly ProblemRow[] }
  | { readonly kind: 'close'; readonly summary: RunCounts; readonly run: RunInfo }
  | { readonly kind: 'abort' };

/** A file-system error as it crosses threads: its message and its code (ENOSPC, EACCES…). */
export interface ThreadError {
  readonly message: string;
  readonly code?: string;
  /** The failed call (`open`, `write`, `rename`…): tells "folder missing" from "temporary file gone". */
  readonly syscall?: string;
}

export type FromResultsThread = { readonly kind: 'done'; readonly of: ToResultsThread['kind'] } | { readonly kind: 'failed'; readonly error: ThreadError };

function toThreadError(err: unknown): ThreadError {
  const message = err instanceof Error ? err.message : String(err);
  const { code, syscall } = (err ?? {}) as { code?: unknown; syscall?: unknown };
  return { message, ...(typeof code === 'string' ? { code } : {}), ...(typeof syscall === 'string' ? { syscall } : {}) };
}

const port = parentPort;
if (port === null) throw new Error('results-thread.ts runs as a worker thread');
const post = (message: FromResultsThread): void => port.postMessage(message);

let file: ResultsFile | undefined;
let failedOnce = false;
let queue: Promise<void> = Promise.resolve();

const handle = async (message: ToResultsThread): Promise<void> => {
  if (message.kind === 'abort') {
    await file?.abort();
    post({ kind: 'done', of: 'abort' });
    return;
  }
  if (file === undefined || failedOnce) return; // the failure was reported already
  try {
    if (message.kind === 'add') await file.add(message.invoices, message.problems);
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
