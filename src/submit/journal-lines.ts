import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { JournalRecord } from './journal-state.js';
import { parseJournalRecord } from './journal-state.js';

/** One line of a journal file: its 1-based number, its text, and its record (undefined when it is not one, or blank). */
export interface JournalLine {
  readonly line: number;
  readonly text: string;
  readonly record: JournalRecord | undefined;
}

/**
 * Every line of a journal file, in order, streamed, with the record it holds (a byte order mark
 * before the first is not part of it). What a line that is
 * not a record means (a torn last line, damage) is each reader's to say: the appender's
 * (journal.ts), the merge's and the read-only lookup's. A missing file rejects with ENOENT.
 */
export async function* journalLines(path: string): AsyncGenerator<JournalLine> {
  let line = 0;
  for await (const read of createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity })) {
    line++;
    // A journal opened and saved in Notepad starts with a byte order mark: its first record is still one.
    const text = line === 1 && read.startsWith('\uFEFF') ? read.slice(1) : read;
    yield { line, text, record: text.trim() === '' ? undefined : parseJournalRecord(text) };
  }
}
