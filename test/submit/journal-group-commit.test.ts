import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { documentHash } from '../../src/submit/document-hash.js';
import { openJournal } from '../../src/submit/journal.js';
import { journalKey } from '../../src/submit/journal-state.js';
import { tempDir } from '../helpers/temp-dir.js';

let dir: { path: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  dir = await tempDir('journal-group-');
});
afterEach(() => dir.cleanup());

const HASH = documentHash({ a: 1 });
const key = (n: number): string => journalKey('20512333797', 'F001', n);
const linesIn = async (path: string): Promise<number> => (await readFile(path, 'utf8')).trim().split('\n').length;

describe('journal group commit', () => {
  it('covers the lines appended in one turn with one write and fdatasync, each on disk when its promise resolves', async () => {
    const path = join(dir.path, 'j.jsonl');
    const journal = await openJournal(path);
    await Promise.all(Array.from({ length: 32 }, (_, i) => journal.recordAttempt({ key: key(i + 1), hash: HASH, attempt: 1 })));
    expect(journal.stats()).toEqual({ lines: 32, batches: 1 });
    expect(await linesIn(path)).toBe(32);
    await journal.recordOutcome({ key: key(1), hash: HASH, status: 'ACCEPTED' });
    expect(journal.stats()).toEqual({ lines: 33, batches: 2 });
    expect(await linesIn(path)).toBe(33);
    await journal.close();
  });

  it('puts lines appended while a batch is being synced in the next batch, none left behind', async () => {
    const path = join(dir.path, 'j.jsonl');
    const journal = await openJournal(path);
    const first = journal.recordAttempt({ key: key(1), hash: HASH, attempt: 1 });
    // Appended on later turns, while the first batch is on its way to the disk.
    const later = new Promise<void>((resolve, reject) => {
      setImmediate(() => {
        Promise.all([2, 3, 4].map((n) => journal.recordAttempt({ key: key(n), hash: HASH, attempt: 1 }))).then(() => resolve(), reject);
      });
    });
    await Promise.all([first, later]);
    expect(journal.stats().lines).toBe(4);
    expect(await linesIn(path)).toBe(4);
    await journal.close();
    const reread = await openJournal(path);
    expect(reread.report).toEqual({ records: 4, keys: 4 });
    await reread.close();
  });
});
