import { describe, expect, it } from 'vitest';
import { HEADER_SEARCH_ROWS } from '../../../src/sheet/detect-header.js';
import { readTopBatches } from '../../../src/sheet/read-top-batches.js';
import { rowsFromArrays } from '../mapping/rows-from-arrays.js';

const sheet = (rows: number, batch: number): ReturnType<typeof rowsFromArrays> =>
  rowsFromArrays(
    Array.from({ length: rows }, (_, i) => ['F001', i + 1]),
    { batch },
  );

describe('readTopBatches', () => {
  it('reads the batches that hold the first HEADER_SEARCH_ROWS rows, whole, and no more', async () => {
    const source = sheet(1000, 30);
    const iterator = source.batches[Symbol.asyncIterator]();
    const top = await readTopBatches(iterator);
    const rows = top.batches.flat();
    // 100 rows lie in 4 batches of 30: the fourth is kept whole, its last 20 rows included.
    expect(top.batches.map((b) => b.length)).toEqual([30, 30, 30, 30]);
    expect(rows.map((r) => r.row)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    expect(rows.length).toBeGreaterThanOrEqual(HEADER_SEARCH_ROWS);
    expect(top).toMatchObject({ ended: false, stopped: false });
    expect(source.pulled()).toBe(120);
    // The caller goes on from the next batch.
    const next = await iterator.next();
    expect(next.done === true ? undefined : next.value[0]?.row).toBe(121);
  });

  it('stops at the batch of the first row `stop` holds for', async () => {
    const source = sheet(1000, 10);
    const top = await readTopBatches(source.batches[Symbol.asyncIterator](), (row) => row.row === 25);
    expect(top).toMatchObject({ ended: false, stopped: true });
    expect(top.batches.flat().map((r) => r.row)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(source.pulled()).toBe(30);
  });

  it('never asks `stop` about a row past the first HEADER_SEARCH_ROWS', async () => {
    const asked: number[] = [];
    const top = await readTopBatches(sheet(1000, 64).batches[Symbol.asyncIterator](), (row) => {
      asked.push(row.row);
      return row.row === HEADER_SEARCH_ROWS + 1;
    });
    expect(top.stopped).toBe(false);
    expect(asked).toEqual(Array.from({ length: HEADER_SEARCH_ROWS }, (_, i) => i + 1));
  });

  it('says when the sheet ended within its top', async () => {
    const top = await readTopBatches(sheet(7, 3).batches[Symbol.asyncIterator]());
    expect(top).toMatchObject({ ended: true, stopped: false });
    expect(top.batches.map((b) => b.length)).toEqual([3, 3, 1]);
  });
});
