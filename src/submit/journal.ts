import { writeSync } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';
import { writeFailure } from '../write-failure.js';
import type { JournalOutcomeStatus, JournalRecord, PriorState } from './journal-state.js';
import { JournalState } from './journal-state.js';
import { journalLines } from './journal-lines.js';

/**
 * The submission journal: an append-only JSONL file beside the results. A line is written (and
 * flushed to disk) before each request and after each invoice's outcome, so a rerun knows what
 * was already issued even after a `kill -9`. This is its file side (reading it back, appending);
 * what a line holds and what the lines say about a key are journal-state.ts's.
 */

export interface JournalReadReport {
  /** Records read from an existing journal. */
  readonly records: number;
  /** Invoice keys the journal knows. */
  readonly keys: number;
  /** A last line cut short by a crash: ignored, and said here (1-based line number and its text). */
  readonly tornLastLine?: { readonly line: number; readonly text: string };
}

export interface Journal {
  readonly path: string;
  readonly report: JournalReadReport;
  priorState(key: string, hash: string): PriorState;
  /** Whether the journal shows `key` accepted, with whatever content. */
  accepted(key: string): boolean;
  /** The identificador the service gave `key` when it accepted it, when the journal holds one. */
  issuedAs(key: string): string | undefined;
  /** Another issuer that had this serie and number accepted (JournalState.acceptedByAnotherIssuer). */
  acceptedByAnotherIssuer(issuerRuc: string, serie: string, numero: string | number): string | undefined;
  /** The service's hash of the document `key` was accepted with, when the journal holds one. */
  answerHashOf(key: string): string | undefined;
  /** Appends and flushes `{t:'attempt'}`; resolves once the line is on disk. */
  recordAttempt(entry: { key: string; hash: string; attempt: number }): Promise<void>;
  /** Appends and flushes `{t:'outcome'}`; resolves once the line is on disk. */
  recordOutcome(entry: {
    key: string;
    hash: string;
    status: JournalOutcomeStatus;
    identificador?: string;
    answerHash?: string;
    httpStatus?: number;
    notTaken?: true;
  }): Promise<void>;
  /** Lines written by this run, and the batches (one write + fdatasync each) that carried them. */
  readonly stats: () => { readonly lines: number; readonly batches: number };
  close(): Promise<void>;
}

export interface JournalOptions {
  /** Epoch ms for the `at` field; Date.now by default. */
  readonly clock?: () => number;
  /** fdatasync after each batch of lines (default true). Only tests that measure turn it off. */
  readonly durable?: boolean;
  /**
   * The service this run sends to, as the journal names it (journal-service.ts): every line written
   * says it, and what the journal says about an invoice counts only for lines of this service.
   */
  readonly service?: string;
}

function corruptJournal(path: string, line: number, cause?: unknown): FacturaError {
  return new FacturaError(
    'INPUT',
    localized(
      `El diario de envíos ${path} está dañado en la línea ${line} (no es un registro válido). No se puede saber qué comprobantes ya se emitieron: revise o restaure ese archivo antes de volver a enviar.`,
      `The submission journal ${path} is damaged at line ${line} (not a valid record). It cannot tell which invoices were already issued: check or restore that file before sending again.`,
    ),
    cause === undefined ? undefined : { cause },
  );
}

async function endsWithNewline(path: string, size: number): Promise<boolean> {
  const fh = await open(path, 'r');
  try {
    const last = Buffer.alloc(1);
    await fh.read(last, 0, 1, size - 1);
    return last[0] === 0x0a;
  } finally {
    await fh.close();
  }
}

async function readJournal(path: string, state: JournalState): Promise<{ report: JournalReadReport; needsNewline: boolean }> {
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { report: { records: 0, keys: 0 }, needsNewline: false };
    throw error;
  }
  let records = 0;
  let bad: { line: number; text: string; bytes: number } | undefined;
  for await (const { line, text, record } of journalLines(path)) {
    if (bad) throw corruptJournal(path, bad.line);
    if (text.trim() === '') continue;
    if (!record) {
      bad = { line, text: text.slice(0, 200), bytes: Buffer.byteLength(text) };
      continue;
    }
    state.apply(record);
    records++;
  }
  if (bad === undefined) {
    // A whole last record whose newline never reached the disk: start the next one on a new line.
    return { report: { records, keys: state.keys }, needsNewline: size > 0 && !(await endsWithNewline(path, size)) };
  }
  // The torn last line is cut off, so the next record starts on a line of its own and the
  // fragment does not become a damaged line in the middle of the journal.
  const newlineAtEnd = await endsWithNewline(path, size);
  const fh = await open(path, 'r+');
  try {
    await fh.truncate(size - bad.bytes - (newlineAtEnd ? 1 : 0));
    await fh.datasync();
  } finally {
    await fh.close();
  }
  return { report: { records, keys: state.keys, tornLastLine: { line: bad.line, text: bad.text } }, needsNewline: false };
}

/** Lines appended in one turn of the event loop, and the one promise their callers wait on. */
interface Batch {
  readonly lines: string[];
  readonly done: Promise<void>;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

function newBatch(): Batch {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const done = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { lines: [], done, resolve, reject };
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Opens (creating if needed) the journal at `path`, reading what an earlier run recorded. A torn
 * last line is tolerated, reported and cut off; an unreadable line before the last is an error naming it.
 * Writes are serialised through one file descriptor, with group commit: a line does not go out on
 * its own, it joins the batch of every line appended in the same turn of the event loop (the
 * outcome of one invoice and the attempt of the next, the answers of many sockets read in one
 * poll), and one write + fdatasync covers the batch; lines appended while a batch is being synced
 * form the next one. Each caller's promise resolves only once the fdatasync covering its own line
 * has returned, so "on disk before the request is sent, and before the outcome is reported" holds
 * line by line, with one disk sync per batch instead of one per line.
 */
export async function openJournal(path: string, options: JournalOptions = {}): Promise<Journal> {
  const clock = options.clock ?? Date.now;
  const durable = options.durable ?? true;
  const state = new JournalState(options.service);
  const to = options.service === undefined ? {} : { to: options.service };
  const { report, needsNewline } = await readJournal(path, state);
  let fh: FileHandle;
  try {
    fh = await open(path, 'a');
  } catch (error) {
    throw new FacturaError('OUTPUT', localized(`No se puede escribir el diario de envíos ${path}.`, `Cannot write the submission journal ${path}.`), {
      cause: error,
    });
  }
  /** A newline owed to a last record whose own newline never reached the disk: it starts the first batch. */
  let prefix = needsNewline ? '\n' : '';
  /** The batch collecting lines in this turn; undefined when no line waits. */
  let collecting: Batch | undefined;
  /** A flush is scheduled or under way (set and cleared synchronously, so no batch is ever left behind). */
  let running = false;
  let failed: FacturaError | undefined;
  let closed = false;
  const counts = { lines: 0, batches: 0 };

  async function flushLoop(): Promise<void> {
    for (;;) {
      // Let the rest of this turn's callbacks append their lines to the batch first.
      await nextTurn();
      const batch = collecting;
      if (batch === undefined || failed !== undefined) break;
      collecting = undefined;
      try {
        // A write may be short (the disk filling up) without an error: write until every byte is
        // out; the write after a short one reports ENOSPC. The write itself is synchronous: it only
        // copies a few KB into the page cache (microseconds), and a promise write's trip through
        // the thread pool cost more CPU than that. The disk sync, which waits for the device, stays off the
        // event loop.
        const bytes = Buffer.from(prefix + batch.lines.join(''));
        prefix = '';
        for (let offset = 0; offset < bytes.length;) offset += writeSync(fh.fd, bytes, offset, bytes.length - offset);
        if (durable) await fh.datasync();
        counts.lines += batch.lines.length;
        counts.batches += 1;
        batch.resolve();
      } catch (error) {
        failed = writeFailure(localized('en el diario de envíos', 'to the submission journal'), path, error);
        batch.reject(failed);
        // Lines appended while this batch was being written fail with it.
        const next = collecting as Batch | undefined;
        next?.reject(failed);
        collecting = undefined;
      }
    }
    running = false;
  }

  function append(record: JournalRecord): Promise<void> {
    if (failed) return Promise.reject(failed);
    if (closed) return Promise.reject(new Error('journal is closed'));
    state.apply(record);
    const batch = (collecting ??= newBatch());
    batch.lines.push(`${JSON.stringify(record)}\n`);
    if (!running) {
      running = true;
      void flushLoop();
    }
    return batch.done;
  }

  let settled: Promise<void> = Promise.resolve();
  return {
    path,
    report,
    priorState: (key, hash) => state.priorState(key, hash),
    accepted: (key) => state.accepted(key),
    issuedAs: (key) => state.issuedAs(key),
    acceptedByAnotherIssuer: (issuerRuc, serie, numero) => state.acceptedByAnotherIssuer(issuerRuc, serie, numero),
    answerHashOf: (key) => state.answerHashOf(key),
    stats: () => ({ ...counts }),
    recordAttempt({ key, hash, attempt }) {
      const p = append({ t: 'attempt', key, ...to, hash, attempt, at: new Date(clock()).toISOString() });
      settled = p.catch(() => undefined);
      return p;
    },
    recordOutcome({ key, hash, status, identificador, answerHash, httpStatus, notTaken }) {
      const p = append({
        t: 'outcome',
        key,
        ...to,
        hash,
        status,
        ...(identificador !== undefined ? { identificador } : {}),
        ...(answerHash !== undefined ? { answerHash } : {}),
        ...(httpStatus !== undefined ? { httpStatus } : {}),
        ...(notTaken === true ? { notTaken } : {}),
        at: new Date(clock()).toISOString(),
      });
      settled = p.catch(() => undefined);
      return p;
    },
    async close() {
      if (closed) return;
      closed = true;
      await settled;
      while (running) await nextTurn();
      await fh.close();
      // A line that could not be written ends the run even when nobody awaited it.
      if (failed) throw failed;
    },
  };
}
