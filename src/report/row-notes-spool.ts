import { closeSync, mkdtempSync, openSync, readSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { localized } from '../i18n/localized-text.js';
import { writeFailure } from '../write-failure.js';

/** A note on one source row. */
export type RowNote = readonly [row: number, text: string];

/**
 * The notes of the fix-and-resend file, kept on disk instead of in memory: a sheet where every
 * invoice has an error (a legacy migration) would otherwise hold a note per row for the whole run.
 *
 * Notes arrive in the sheet's order (outcomes are yielded in order), so they are appended to a
 * temporary file as `row<TAB>"json text"` lines in ascending row order, and read back with a
 * cursor while the fix file is written, also in ascending row order. The few that arrive behind
 * (rows of an invoice merged from far apart, `--merge-split`) are kept in memory. Until the first
 * MiB of notes nothing touches the disk. The file is unlinked as soon as it is opened (POSIX; on
 * a system that refuses, at close), so no run, however it ends, leaves it behind.
 */
export interface RowNotesSpool {
  add(notes: readonly RowNote[]): void;
  /** Every note of `row`, in the order added. Cheapest when asked in ascending row order. */
  notesOf(row: number): string[];
  /** Frees the file; notes can no longer be read. Safe to call twice. */
  close(): void;
  /** Whether notes went to disk (for tests and measurements). */
  readonly spilled: boolean;
}

export interface RowNotesSpoolOptions {
  readonly tempDir?: string;
  /** Characters buffered before a write to the file. */
  readonly spillChars?: number;
}

const READ_BYTES = 64 * 1024;

export function createRowNotesSpool(options: RowNotesSpoolOptions = {}): RowNotesSpool {
  const spillChars = options.spillChars ?? 1024 * 1024;
  let pending: string[] = [];
  let pendingChars = 0;
  let file: { fd: number; dir: string; unlinked: boolean } | undefined;
  let written = 0;
  let lastRow = 0;
  const late = new Map<number, string[]>();

  let sealed = false;
  let memory = '';
  let readPos = 0;
  let buffered = '';
  let decoder = new StringDecoder('utf8');
  let ended = false;
  let peeked: RowNote | undefined;
  let lastAsked = 0;

  const fail = (path: string, error: unknown): Error =>
    writeFailure(localized('las notas del archivo para corregir', 'the notes of the file to fix'), path, error);

  const open = (): { fd: number; dir: string; unlinked: boolean } => {
    const base = options.tempDir ?? tmpdir();
    let dir: string;
    try {
      dir = mkdtempSync(join(base, 'factura-fix-'));
    } catch (error) {
      throw fail(base, error);
    }
    const path = join(dir, 'notas.tsv');
    let fd: number;
    try {
      fd = openSync(path, 'w+');
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      throw fail(path, error);
    }
    let unlinked = false;
    try {
      unlinkSync(path);
      rmSync(dir, { recursive: true, force: true });
      unlinked = true;
    } catch {
      // removed at close
    }
    return { fd, dir, unlinked };
  };

  const flush = (): void => {
    if (pending.length === 0) return;
    file ??= open();
    const bytes = Buffer.from(pending.join(''));
    pending = [];
    pendingChars = 0;
    try {
      for (let offset = 0; offset < bytes.length;) {
        const n = writeSync(file.fd, bytes, offset, bytes.length - offset, written);
        offset += n;
        written += n;
      }
    } catch (error) {
      throw fail(join(file.dir, 'notas.tsv'), error);
    }
  };

  const rewind = (): void => {
    readPos = 0;
    buffered = '';
    decoder = new StringDecoder('utf8');
    ended = false;
    peeked = undefined;
  };

  /** The next line of the ordered notes, or undefined at the end. */
  const nextLine = (): RowNote | undefined => {
    for (;;) {
      const nl = buffered.indexOf('\n');
      if (nl >= 0) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        const tab = line.indexOf('\t');
        return [Number(line.slice(0, tab)), JSON.parse(line.slice(tab + 1)) as string];
      }
      if (ended) return undefined;
      if (file === undefined) {
        buffered += memory.slice(readPos);
        readPos = memory.length;
        ended = true;
        continue;
      }
      const chunk = Buffer.alloc(READ_BYTES);
      const n = readSync(file.fd, chunk, 0, READ_BYTES, readPos);
      readPos += n;
      if (n === 0) {
        buffered += decoder.end();
        ended = true;
      } else buffered += decoder.write(chunk.subarray(0, n));
    }
  };

  return {
    add(notes) {
      if (sealed) throw new Error('row notes already being read');
      const sorted = [...notes].sort((a, b) => a[0] - b[0]);
      for (const [row, text] of sorted) {
        if (row < lastRow) {
          const list = late.get(row);
          if (list === undefined) late.set(row, [text]);
          else list.push(text);
          continue;
        }
        lastRow = row;
        const line = `${row}\t${JSON.stringify(text)}\n`;
        pending.push(line);
        pendingChars += line.length;
      }
      if (pendingChars >= spillChars) flush();
    },

    notesOf(row) {
      if (!sealed) {
        sealed = true;
        if (file !== undefined) flush();
        else memory = pending.join('');
        pending = [];
      }
      if (row < lastAsked) rewind();
      lastAsked = row;
      peeked ??= nextLine();
      while (peeked !== undefined && peeked[0] < row) peeked = nextLine();
      const found: string[] = [];
      while (peeked !== undefined && peeked[0] === row) {
        found.push(peeked[1]);
        peeked = nextLine();
      }
      const behind = late.get(row);
      return behind === undefined ? found : [...found, ...behind];
    },

    close() {
      if (file !== undefined) {
        closeSync(file.fd);
        if (!file.unlinked) rmSync(file.dir, { recursive: true, force: true });
        file = undefined;
      }
      pending = [];
      memory = '';
      buffered = '';
      late.clear();
      ended = true;
      peeked = undefined;
    },

    get spilled() {
      return file !== undefined;
    },
  };
}
