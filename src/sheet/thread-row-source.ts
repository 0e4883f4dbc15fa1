import type { ResourceLimits, Worker } from 'node:worker_threads';
import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';
import { connectThread, type ThreadConnection } from '../thread/thread-connection.js';
import { siblingModule, startModuleThread } from '../thread/start-module-thread.js';
import type { OpenRowSourceOptions } from './open-row-source.js';
import { unpackRows } from './packed-rows.js';
import type { CrossedError, FromRowSourceThread, RowSourceThreadData, ToRowSourceThread } from './row-source-thread.js';
import type { RowSource, SourceRow } from './source-row.js';

/**
 * Batches the reading thread may read ahead of the main thread: enough that the main thread
 * never waits for a batch the other thread could have read, few enough to hold little (a batch
 * is at most BATCH_ROWS rows).
 */
const READ_AHEAD_BATCHES = 16;

/**
 * The reading thread's young generation, in MB. It allocates every cell's text and keeps almost
 * none: V8's default young generation let a million-row CSV validate peak at 262 MB, 16 MB at
 * 244 MB (8 MB at 235 MB), in the same time; smaller ones cost an XLSX's reading (exceljs keeps
 * its row objects a while): 8 MB +6 % of the time, 4 MB twice the time (BENCHMARKS.md).
 */
const READER_THREAD_LIMITS = { maxYoungGenerationSizeMb: 16 } as const;

/**
 * openRowSource (open-row-source.ts) run in a thread of its own (row-source-thread.ts): the same
 * RowSource, the same notes, rows and errors, with the reading (unzipping, parsing, building the
 * cells) beside the main thread's work instead of in it. On two cores the main thread is a run's
 * critical path and the second core mostly waits for the results thread, so this shortens a run
 * by the reading's share (BENCHMARKS.md). A failure to open rejects as openRowSource's would;
 * a failure while reading rejects the iteration. The thread ends with the iteration: read to the
 * end, failed, or left early (then the sheet's streams are closed first).
 */
export async function openThreadRowSource(path: string, options: OpenRowSourceOptions, limits: ResourceLimits = READER_THREAD_LIMITS): Promise<RowSource> {
  // The options the reader reads, and only those: what crosses to a thread is copied.
  const { sheet, encoding, delimiter, mapping, wording } = options;
  const picked: OpenRowSourceOptions = {
    ...(wording !== undefined ? { wording } : {}),
    ...(sheet !== undefined ? { sheet } : {}),
    ...(encoding !== undefined ? { encoding } : {}),
    ...(delimiter !== undefined ? { delimiter } : {}),
    ...(mapping !== undefined ? { mapping } : {}),
  };
  const data: RowSourceThreadData = { path, options: picked };
  const worker = startModuleThread(siblingModule(import.meta.url, 'row-source-thread'), data, limits);
  const thread = connectThread<ToRowSourceThread, FromRowSourceThread>(worker);
  const first = await answerOf(thread, path);
  if (first.kind !== 'opened') {
    await thread.stop();
    throw first.kind === 'failed' ? revived(first.error) : threadStopped(path, new Error(`the reading thread answered ${first.kind} first`));
  }
  thread.post({ kind: 'more', batches: READ_AHEAD_BATCHES });
  // The thread keeps the process alive only while the main thread waits for its rows: a source
  // left without being closed (LineSheet.close) never holds a finished command open.
  worker.unref();
  return { ...first.source, batches: threadBatches(thread, worker, path) };
}

async function* threadBatches(
  thread: ThreadConnection<ToRowSourceThread, FromRowSourceThread>,
  worker: Worker,
  path: string,
): AsyncGenerator<readonly SourceRow[]> {
  const waitedAnswer = async (): Promise<FromRowSourceThread> => {
    worker.ref();
    try {
      return await answerOf(thread, path);
    } finally {
      worker.unref();
    }
  };
  let over = false;
  try {
    for (;;) {
      const answer = await waitedAnswer();
      if (answer.kind === 'rows') {
        thread.post({ kind: 'more', batches: 1 });
        yield unpackRows(answer.rows);
        continue;
      }
      over = true;
      if (answer.kind === 'failed') throw revived(answer.error);
      return;
    }
  } finally {
    if (!over && !thread.stopped) {
      // Left early: the thread closes the sheet before it is ended.
      thread.post({ kind: 'stop' });
      for (let answer = await waitedAnswer().catch(() => undefined); answer?.kind === 'rows'; answer = await waitedAnswer().catch(() => undefined)) {
        // batches read ahead, dropped
      }
    }
    worker.ref(); // until it has exited: the caller's clean-up goes on after this
    await thread.stop();
  }
}

/** The thread's next answer; a thread that died (its memory limit, a crash) rejects as an INPUT error. */
async function answerOf(thread: ThreadConnection<ToRowSourceThread, FromRowSourceThread>, path: string): Promise<FromRowSourceThread> {
  try {
    return await thread.next();
  } catch (error) {
    throw threadStopped(path, error);
  }
}

function revived(error: CrossedError): Error {
  const cause = new Error(error.message);
  if (error.stack !== undefined) cause.stack = error.stack;
  if (error.code !== undefined && error.text !== undefined) return new FacturaError(error.code, error.text, { cause });
  return cause;
}

/** The reading thread ended without an answer: out of memory (a sheet of millions of different texts), or a crash; the cause stays for `--debug`. */
function threadStopped(path: string, cause: unknown): FacturaError {
  const memory = (cause as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
  return new FacturaError(
    'INPUT',
    memory
      ? localized(
          `No se pudo terminar de leer el archivo ${path}: leerlo necesitó más memoria de la que hay. Divida la hoja en archivos más pequeños y revíselos uno por uno.`,
          `Could not finish reading the file ${path}: reading it needed more memory than there is. Split the sheet into smaller files and check them one by one.`,
        )
      : localized(
          `No se pudo terminar de leer el archivo ${path}: la lectura se detuvo de forma inesperada. Vuelva a intentarlo: lo que ya se envió no se envía de nuevo.`,
          `Could not finish reading the file ${path}: the reading stopped unexpectedly. Try again: what was sent already is not sent again.`,
        ),
    { cause },
  );
}
