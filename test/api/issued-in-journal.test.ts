import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { issuedInJournal } from '../../src/index.js';
import { tempDir } from '../helpers/temp-dir.js';

/** What a journal shows as issued, read without changing it: accepted outcomes only, by issuer, serie and number. */
describe('issuedInJournal', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  beforeEach(async () => {
    dir = await tempDir('issued-in-journal-');
  });
  afterEach(async () => dir.cleanup());

  it('names the invoices accepted, not those only tried, refused or of another issuer, and passes over a torn last line', async () => {
    const path = join(dir.path, 'envios.journal.jsonl');
    const text = [
      { t: 'attempt', key: '20512333797-F001-1', hash: 'aa', attempt: 1, at: '2026-11-27T10:00:00.000Z' },
      { t: 'outcome', key: '20512333797-F001-1', hash: 'aa', status: 'ACCEPTED', at: '2026-11-27T10:00:01.000Z' },
      { t: 'attempt', key: '20512333797-F001-2', hash: 'bb', attempt: 1, at: '2026-11-27T10:00:02.000Z' },
      { t: 'outcome', key: '20512333797-F001-3', hash: 'cc', status: 'REJECTED', at: '2026-11-27T10:00:03.000Z' },
      { t: 'outcome', key: '20100070970-F001-4', hash: 'dd', status: 'ACCEPTED', at: '2026-11-27T10:00:04.000Z' },
    ]
      .map((r) => JSON.stringify(r))
      .join('\n');
    await writeFile(path, `${text}\n{"t":"outcome","key":"20512333797-F001-5","ha`);
    const issued = await issuedInJournal(path);
    expect(issued('20512333797', 'F001', '1')).toBe('2026-11-27T10:00:01.000Z');
    expect([
      issued('20512333797', 'F001', '2'),
      issued('20512333797', 'F001', '3'),
      issued('20512333797', 'F001', '4'),
      issued('20512333797', 'F001', '5'),
    ]).toEqual([undefined, undefined, undefined, undefined]);
    expect(issued('20100070970', 'F001', '4')).toBe('2026-11-27T10:00:04.000Z');
    // No journal yet: nothing issued.
    expect((await issuedInJournal(join(dir.path, 'ninguno.jsonl')))('20512333797', 'F001', '1')).toBeUndefined();
    // An issuer not known to the caller cannot be told among this journal's two.
    expect(issued(undefined, 'F001', '1')).toBeUndefined();
  });

  it('keeps the identificador and hashes of the first acceptance, as a submission that skips the invoice shows them', async () => {
    const path = join(dir.path, 'envios.journal.jsonl');
    const lines = [
      { t: 'outcome', key: '20512333797-F001-1', hash: 'aa', status: 'ACCEPTED', at: '2026-11-27T10:00:01.000Z', identificador: 'id-1', answerHash: 'h-1' },
      { t: 'outcome', key: '20512333797-F001-1', hash: 'bb', status: 'ACCEPTED', at: '2026-11-28T10:00:01.000Z', identificador: 'id-x' },
      // A journal written before the service's hash was kept.
      { t: 'outcome', key: '20512333797-F001-2', hash: 'cc', status: 'ACCEPTED', at: '2026-11-27T10:00:02.000Z', identificador: 'id-2' },
      { t: 'outcome', key: '20512333797-F001-3', hash: 'dd', status: 'REJECTED', at: '2026-11-27T10:00:03.000Z' },
    ];
    await writeFile(path, `${lines.map((r) => JSON.stringify(r)).join('\n')}\n`);
    const issued = await issuedInJournal(path);
    expect([issued.acceptance('20512333797', 'F001', '1'), issued.acceptance(undefined, 'F001', '2'), issued.acceptance('20512333797', 'F001', '3')]).toEqual([
      { at: '2026-11-27T10:00:01.000Z', identificador: 'id-1', hash: 'h-1', documentHash: 'aa' },
      { at: '2026-11-27T10:00:02.000Z', identificador: 'id-2', documentHash: 'cc' },
      undefined,
    ]);
  });

  it("takes the one issuer of a company's journal for an invoice whose issuer the caller does not know", async () => {
    const path = join(dir.path, 'una-empresa.journal.jsonl');
    const lines = [
      { t: 'outcome', key: '20512333797-F001-1', hash: 'aa', status: 'ACCEPTED', at: '2026-11-27T10:00:01.000Z' },
      { t: 'outcome', key: '20512333797-F001-2', hash: 'bb', status: 'REJECTED', at: '2026-11-27T10:00:02.000Z' },
    ];
    await writeFile(path, `${lines.map((r) => JSON.stringify(r)).join('\n')}\n`);
    const issued = await issuedInJournal(path);
    expect([issued(undefined, 'F001', '1'), issued(undefined, 'F001', '2'), issued('20100070970', 'F001', '1')]).toEqual([
      '2026-11-27T10:00:01.000Z',
      undefined,
      undefined,
    ]);
  });
});
