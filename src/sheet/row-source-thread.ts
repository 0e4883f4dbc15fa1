/**
 * The reading thread: opens the sheet with openRowSource (open-row-source.ts) and hands its rows
 * to the main thread in packed batches (packed-rows.ts), so that unzipping, parsing the XML or the
 * CSV and building the cells run beside the main thread's checks instead of before them. The main
 * thread (thread-row-source.ts) grants batches as it takes them: this thread reads ahead at most
 * that many, so a slow main thread slows the reading instead of filling memory. `stop` ends the
 * read early: the sheet's streams are closed (the reader's own clean-up) before the answer
 * `stopped`. A failure is sent as a CrossedError, the FacturaError's code and both texts kept.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { FacturaError, type FacturaErrorCode } from '../factura-error.js';
import type { LocalizedText } from '../i18n/localized-text.js';
import { openRowSource, type OpenRowSourceOptions } from './open-row-source.js';
import { packRows, type PackedRows } from './packed-rows.js';
import type { RowSource, SourceRow } from './source-row.js';

export interface RowSourceThreadData {
  readonly path: string;
  readonly options: OpenRowSourceOptions;
}

export type ToRowSourceThread = { readonly kind: 'more'; readonly batches: number } | { readonly kind: 'stop' };

export type FromRowSourceThread =
  | { readonly kind: 'opened'; readonly source: Omit<RowSource, 'batches'> }
  | { readonly kind: 'rows'; readonly rows: PackedRows }
  | { readonly kind: 'end' }
  | { readonly kind: 'stopped' }
  | { readonly kind: 'failed'; readonly error: CrossedError };

/** An error as it crosses threads: a FacturaError's code and texts, else the message; the cause's trace for `--debug`. */
export interface CrossedError {
  readonly message: string;
  readonly code?: FacturaErrorCode;
  readonly text?: LocalizedText;
  readonly stack?: string;
}

function crossed(error: unknown): CrossedError {
  const cause = error instanceof FacturaError ? error.cause : error;
  const stack = cause instanceof Error ? cause.stack : undefined;
  const base = { message: error instanceof Error ? error.message : String(error), ...(stack !== undefined ? { stack } : {}) };
  return error instanceof FacturaError ? { ...base, code: error.code, text: error.text } : base;
}

const port = parentPort;
if (port === null) throw new Error('row-source-thread.ts runs as a worker thread');
const post = (message: FromRowSourceThread): void => port.postMessage(message);

let granted = 0;
let stopping = false;
let wake: () => void = () => undefined;
port.on('message', (message: ToRowSourceThread) => {
  if (message.kind === 'more') granted += message.batches;
  else stopping = true;
  wake();
});

const { path, options } = workerData as RowSourceThreadData;
let rows: AsyncIterator<readonly SourceRow[]> | undefined;
/** Whether a batch was asked for: a reader's clean-up runs when its generator is left from inside, so one never started is started first. */
let started = false;
try {
  const { batches, ...source } = await openRowSource(path, options);
  rows = batches[Symbol.asyncIterator]();
  post({ kind: 'opened', source });
  for (;;) {
    while (granted === 0 && !stopping) await new Promise<void>((resolve) => (wake = resolve));
    if (stopping) break;
    started = true;
    const next = await rows.next();
    if (next.done === true) {
      rows = undefined;
      post({ kind: 'end' });
      break;
    }
    granted -= 1;
    post({ kind: 'rows', rows: packRows(next.value) });
  }
  if (stopping && rows !== undefined) {
    if (!started) await rows.next();
    await rows.return?.();
    post({ kind: 'stopped' });
  }
} catch (error) {
  post({ kind: 'failed', error: crossed(error) });
}
