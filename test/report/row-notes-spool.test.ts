import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createRowNotesSpool } from '../../src/report/row-notes-spool.js';
import { createRowSet } from '../../src/report/row-set.js';
import { tempDir } from '../helpers/temp-dir.js';

describe('row notes spool (fix-and-resend notes on disk)', () => {
  it('spills to a file that never shows in its folder, and reads every note back in row order', async () => {
    const dir = await tempDir('notes-spool-');
    try {
      const spool = createRowNotesSpool({ tempDir: dir.path, spillChars: 1024 });
      const expected = new Map<number, string[]>();
      // 20,000 rows, 3 per invoice; accented text and a tab, newline and quote in the notes: the
      // 64 KiB reads split multi-byte characters.
      for (let first = 2; first < 20_002; first += 3) {
        const text = `RUC cliente: El RUC «${first}» debe tener 11 dígitos\t"ñ"\n`;
        const notes = [
          [first + 2, `fila ${first + 2}`],
          [first, 'INVÁLIDO'],
          [first, text],
        ] as const;
        spool.add(notes);
        expected.set(first, ['INVÁLIDO', text]);
        expected.set(first + 2, [`fila ${first + 2}`]);
      }
      expect(spool.spilled).toBe(true);
      expect(await readdir(dir.path)).toEqual([]);
      for (let row = 1; row < 20_010; row++) expect(spool.notesOf(row)).toEqual(expected.get(row) ?? []);
      // Asked again from the start: read again.
      expect(spool.notesOf(2)).toEqual(expected.get(2));
      spool.close();
      spool.close();
      expect(await readdir(dir.path)).toEqual([]);
    } finally {
      await dir.cleanup();
    }
  });

  it('keeps notes that arrive behind (merged invoices) and small runs without touching the disk', () => {
    const spool = createRowNotesSpool();
    spool.add([
      [10, 'a'],
      [12, 'b'],
    ]);
    spool.add([
      [11, 'c'],
      [12, 'd'],
      [20, 'e'],
    ]);
    expect(spool.spilled).toBe(false);
    expect([10, 11, 12, 13, 20].map((r) => spool.notesOf(r))).toEqual([['a'], ['c'], ['b', 'd'], [], ['e']]);
    expect(() => spool.add([[30, 'x']])).toThrow();
    spool.close();
  });
});

describe('row set', () => {
  it('grows, counts each row once and knows the last', () => {
    const set = createRowSet();
    expect(set.add(5)).toBe(true);
    expect(set.add(1_048_576)).toBe(true);
    expect(set.add(5)).toBe(false);
    expect([set.size, set.last, set.has(5), set.has(6), set.has(1_048_576), set.has(9_999_999)]).toEqual([2, 1_048_576, true, false, true, false]);
  });
});
