import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MERGED_SUFFIX, mergeJournals } from '../../src/index.js';
import { openJournal } from '../../src/submit/journal.js';
import { tempDir } from '../helpers/temp-dir.js';

const line = (r: Record<string, unknown>): string => JSON.stringify({ at: '2026-11-27T10:00:00.000Z', ...r });

/** Journals as runs wrote them, folded into one: what it then says about each invoice, and what became of each source. */
describe('mergeJournals', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  beforeEach(async () => {
    dir = await tempDir('merge-journals-');
  });
  afterEach(async () => dir.cleanup());

  it('keeps every invoice accepted in any source accepted with its content, whatever came after it elsewhere', async () => {
    const first = join(dir.path, 'a.journal.jsonl');
    const second = join(dir.path, 'b.journal.jsonl');
    const target = join(dir.path, 'envios.journal.jsonl');
    // The first upload sent A (accepted) and B (no answer: unknown).
    await writeFile(
      first,
      [
        line({ t: 'attempt', key: 'R-F001-1', hash: 'aaaa', attempt: 1 }),
        line({ t: 'outcome', key: 'R-F001-1', hash: 'aaaa', status: 'ACCEPTED', identificador: 'X-1' }),
        line({ t: 'attempt', key: 'R-F001-2', hash: 'bbbb', attempt: 1 }),
        '',
      ].join('\n'),
    );
    // The same sheet uploaded again: A met «ya existe»; the run was killed while writing C's line (torn).
    await writeFile(
      second,
      [line({ t: 'outcome', key: 'R-F001-1', hash: 'aaaa', status: 'DUPLICATE', httpStatus: 400 }), '{"t":"attempt","key":"R-F001-3","ha'].join('\n'),
    );
    // The target has a whole last record whose newline never reached the disk.
    await writeFile(target, line({ t: 'outcome', key: 'R-F001-9', hash: '9999', status: 'ACCEPTED' }));

    const merged = await mergeJournals([first, second], target);
    expect(merged).toEqual([
      { path: first, merged: 3, renamedTo: `${first}${MERGED_SUFFIX}` },
      { path: second, merged: 1, renamedTo: `${second}${MERGED_SUFFIX}` },
    ]);
    expect(existsSync(first) || existsSync(second)).toBe(false);
    expect(existsSync(`${first}${MERGED_SUFFIX}`) && existsSync(`${second}${MERGED_SUFFIX}`)).toBe(true);

    const journal = await openJournal(target);
    try {
      expect(journal.report).toMatchObject({ records: 5 });
      expect(journal.report.tornLastLine).toBeUndefined();
      expect(journal.priorState('R-F001-1', 'aaaa')).toBe('accepted');
      expect(journal.priorState('R-F001-1', 'cccc')).toBe('accepted-different-content');
      expect(journal.priorState('R-F001-2', 'bbbb')).toBe('sent-unknown');
      expect(journal.priorState('R-F001-3', 'dddd')).toBe('none');
      expect(journal.priorState('R-F001-9', '9999')).toBe('accepted');
    } finally {
      await journal.close();
    }
    // Folding again finds nothing left to fold.
    expect(await mergeJournals([], target)).toEqual([]);
  });

  it('leaves a source with a damaged line before its last where it is, and says so', async () => {
    const damaged = join(dir.path, 'dañado.journal.jsonl');
    const target = join(dir.path, 'envios.journal.jsonl');
    const text = [
      line({ t: 'attempt', key: 'R-F001-1', hash: 'aaaa', attempt: 1 }),
      'no es un registro',
      line({ t: 'attempt', key: 'R-F001-2', hash: 'bbbb', attempt: 1 }),
      '',
    ].join('\n');
    await writeFile(damaged, text);
    const [result] = await mergeJournals([damaged], target);
    expect(result).toEqual({
      path: damaged,
      refused: {
        es: `El diario de envíos ${damaged} está dañado en la línea 2: no se unió a los demás. Revíselo o restáurelo.`,
        en: `The submission journal ${damaged} is damaged at line 2: it was not merged. Check or restore it.`,
      },
    });
    expect(await readFile(damaged, 'utf8')).toBe(text);
    expect(await readFile(target, 'utf8')).toBe('');
  });
});
