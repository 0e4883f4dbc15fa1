import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FacturaError } from '../../src/factura-error.js';
import { documentHash } from '../../src/submit/document-hash.js';
import { openJournal } from '../../src/submit/journal.js';
import { journalKey } from '../../src/submit/journal-state.js';
import { tempDir } from '../helpers/temp-dir.js';

let dir: { path: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  dir = await tempDir('journal-');
});
afterEach(() => dir.cleanup());

const KEY = journalKey('20512333797', 'F001', 7);
const HASH = documentHash({ a: 1 });
const OTHER = documentHash({ a: 2 });
const THIRD = documentHash({ a: 3 });

describe('documentHash', () => {
  it('gives the same hash whatever the key order, and another for other content', () => {
    expect(documentHash({ b: [1, { y: 2, x: 1 }], a: 'z' })).toBe(documentHash({ a: 'z', b: [1, { x: 1, y: 2 }] }));
    expect(documentHash({ a: 1 })).not.toBe(documentHash({ a: '1' }));
    expect(HASH).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('journal', () => {
  it('writes one JSON line before a request and one after the outcome, on disk when the promise resolves', async () => {
    const path = join(dir.path, 'j.jsonl');
    const journal = await openJournal(path, { clock: () => Date.UTC(2026, 10, 21) });
    await journal.recordAttempt({ key: KEY, hash: HASH, attempt: 1 });
    await journal.recordOutcome({ key: KEY, hash: HASH, status: 'ACCEPTED', identificador: '20512333797-01-F001-7', httpStatus: 200 });
    const lines = (await readFile(path, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as unknown);
    expect(lines).toEqual([
      { t: 'attempt', key: '20512333797-F001-7', hash: HASH, attempt: 1, at: '2026-11-21T00:00:00.000Z' },
      {
        t: 'outcome',
        key: '20512333797-F001-7',
        hash: HASH,
        status: 'ACCEPTED',
        identificador: '20512333797-01-F001-7',
        httpStatus: 200,
        at: '2026-11-21T00:00:00.000Z',
      },
    ]);
    await journal.close();
  });

  it('tells a rerun what happened to each key: accepted, accepted with other content, sent without outcome, or nothing', async () => {
    const path = join(dir.path, 'j.jsonl');
    const first = await openJournal(path);
    const k = (n: number) => journalKey('20512333797', 'F001', n);
    await first.recordAttempt({ key: k(1), hash: HASH, attempt: 1 });
    await first.recordOutcome({ key: k(1), hash: HASH, status: 'ACCEPTED' });
    await first.recordAttempt({ key: k(2), hash: HASH, attempt: 1 }); // killed before the answer
    await first.recordAttempt({ key: k(3), hash: HASH, attempt: 1 });
    await first.recordOutcome({ key: k(3), hash: HASH, status: 'REJECTED', httpStatus: 400 });
    await first.recordAttempt({ key: k(4), hash: HASH, attempt: 5 });
    await first.recordOutcome({ key: k(4), hash: HASH, status: 'FAILED', httpStatus: 500 });
    await first.close();

    const rerun = await openJournal(path);
    expect(rerun.report).toEqual({ records: 7, keys: 3 });
    expect(rerun.priorState(k(1), HASH)).toBe('accepted');
    expect(rerun.priorState(k(1), OTHER)).toBe('accepted-different-content');
    expect(rerun.priorState(k(2), HASH)).toBe('sent-unknown');
    expect(rerun.priorState(k(2), OTHER)).toBe('other-sent-unknown'); // other content: a "ya existe" would not confirm it
    expect(rerun.priorState(k(3), HASH)).toBe('none');
    expect(rerun.priorState(k(4), HASH)).toBe('sent-unknown');
    expect(rerun.priorState(k(99), HASH)).toBe('none');
    await rerun.close();
  });

  it('knows a serie written in small letters as the same number: the service takes «f001» as F001', async () => {
    const path = join(dir.path, 'j.jsonl');
    const first = await openJournal(path);
    await first.recordAttempt({ key: journalKey('20512333797', 'f001', 1), hash: HASH, attempt: 1 });
    await first.recordOutcome({ key: journalKey('20512333797', 'f001', 1), hash: HASH, status: 'ACCEPTED' });
    await first.close();
    // And a journal written before keys were in capitals.
    await appendFile(path, `${JSON.stringify({ t: 'outcome', key: '20512333797-f002-9', hash: HASH, status: 'ACCEPTED', at: '2026-11-20T10:00:00.000Z' })}\n`);
    const rerun = await openJournal(path);
    expect(rerun.priorState(journalKey('20512333797', 'F001', 1), HASH)).toBe('accepted');
    expect(rerun.priorState(journalKey('20512333797', 'F001', 1), OTHER)).toBe('accepted-different-content');
    expect(rerun.priorState(journalKey('20512333797', 'F002', 9), OTHER)).toBe('accepted-different-content');
    await rerun.close();
  });

  it('keeps every version of an invoice that went out without an answer until the service answers for it', async () => {
    const path = join(dir.path, 'j.jsonl');
    const first = await openJournal(path);
    await first.recordAttempt({ key: KEY, hash: HASH, attempt: 1 });
    await first.recordOutcome({ key: KEY, hash: HASH, status: 'UNKNOWN' });
    // The sheet changed: the new version goes out, unanswered too.
    await first.recordAttempt({ key: KEY, hash: OTHER, attempt: 1 });
    await first.close();
    const second = await openJournal(path);
    expect(second.priorState(KEY, HASH)).toBe('versions-sent-unknown');
    expect(second.priorState(KEY, OTHER)).toBe('versions-sent-unknown');
    expect(second.priorState(KEY, THIRD)).toBe('other-sent-unknown');
    // The service refuses the new version as existing: the first one is what it may hold.
    await second.recordOutcome({ key: KEY, hash: OTHER, status: 'DUPLICATE', httpStatus: 400 });
    expect(second.priorState(KEY, HASH)).toBe('sent-unknown');
    expect(second.priorState(KEY, OTHER)).toBe('other-sent-unknown');
    await second.recordOutcome({ key: KEY, hash: HASH, status: 'ACCEPTED' });
    await second.close();
    const third = await openJournal(path);
    expect(third.priorState(KEY, HASH)).toBe('accepted');
    expect(third.priorState(KEY, OTHER)).toBe('accepted-different-content');
    await third.close();
  });

  it('tolerates and reports a torn last line, and appends after it on a fresh line', async () => {
    const path = join(dir.path, 'j.jsonl');
    const first = await openJournal(path);
    await first.recordAttempt({ key: KEY, hash: HASH, attempt: 1 });
    await first.close();
    await appendFile(path, '{"t":"outcome","key":"2051233');
    const rerun = await openJournal(path);
    expect(rerun.report.tornLastLine).toEqual({ line: 2, text: '{"t":"outcome","key":"2051233' });
    expect(rerun.priorState(KEY, HASH)).toBe('sent-unknown');
    await rerun.recordOutcome({ key: KEY, hash: HASH, status: 'ACCEPTED' });
    await rerun.close();
    const third = await openJournal(path);
    expect(third.priorState(KEY, HASH)).toBe('accepted');
    expect(third.report.records).toBe(2);
    await third.close();
  });

  it('refuses a journal damaged before its last line, naming the line', async () => {
    const path = join(dir.path, 'j.jsonl');
    const good = JSON.stringify({ t: 'attempt', key: KEY, hash: HASH, attempt: 1, at: '2026-11-21T00:00:00.000Z' });
    await writeFile(path, `${good}\n${good}\nnot json at all\n${good}\n`);
    const error = await openJournal(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FacturaError);
    expect((error as FacturaError).code).toBe('INPUT');
    expect((error as FacturaError).text.es).toContain('línea 3');
    expect((error as FacturaError).text.en).toContain('line 3');
  });

  it('reads a journal saved by Notepad (a byte order mark, Windows line ends) whole: its one acceptance is neither damage nor a torn line', async () => {
    const path = join(dir.path, 'j.jsonl');
    const first = await openJournal(path);
    await first.recordAttempt({ key: KEY, hash: HASH, attempt: 1 });
    await first.recordOutcome({ key: KEY, hash: HASH, status: 'ACCEPTED' });
    await first.close();
    const lines = (await readFile(path, 'utf8')).trimEnd().split('\n');
    // One line only, as a journal an accountant trimmed to its acceptance: alone, a line not read as a record would be cut off as torn.
    await writeFile(path, `\uFEFF${lines[1] ?? ''}\r\n`);
    const rerun = await openJournal(path);
    expect(rerun.report.tornLastLine).toBeUndefined();
    expect(rerun.report.records).toBe(1);
    expect(rerun.priorState(KEY, HASH)).toBe('accepted');
    await rerun.close();
    expect((await readFile(path, 'utf8')).startsWith(`\uFEFF${lines[1] ?? ''}\r\n`)).toBe(true);
  });

  it('keeps every line whole when many invoices write at once', async () => {
    const path = join(dir.path, 'j.jsonl');
    const journal = await openJournal(path);
    await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const key = journalKey('20512333797', 'F001', i + 1);
        await journal.recordAttempt({ key, hash: HASH, attempt: 1 });
        await journal.recordOutcome({ key, hash: HASH, status: 'ACCEPTED' });
      }),
    );
    await journal.close();
    const reread = await openJournal(path);
    expect(reread.report).toEqual({ records: 400, keys: 200 });
    await reread.close();
  });
});

describe('journal recovery', () => {
  it('starts a new line after a last record whose newline was lost', async () => {
    const path = join(dir.path, 'j.jsonl');
    await writeFile(path, JSON.stringify({ t: 'attempt', key: KEY, hash: HASH, attempt: 1, at: '2026-11-21T00:00:00.000Z' }));
    const j = await openJournal(path);
    await j.recordOutcome({ key: KEY, hash: HASH, status: 'ACCEPTED' });
    await j.close();
    const again = await openJournal(path);
    expect(again.report).toEqual({ records: 2, keys: 1 });
    expect(again.priorState(KEY, HASH)).toBe('accepted');
    await again.close();
  });
});
