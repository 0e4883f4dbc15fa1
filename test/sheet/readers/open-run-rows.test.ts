import { describe, expect, it } from 'vitest';
import { readsInThread, THREAD_READ_BYTES } from '../../../src/sheet/open-run-rows.js';

describe('readsInThread', () => {
  it('reads a workbook in a thread from 1 MiB, a CSV only from 10 MiB: parsing a workbook costs more per byte', () => {
    const MiB = 1024 * 1024;
    expect(readsInThread('xlsx', MiB)).toBe(true);
    expect(readsInThread('xlsx', MiB - 1)).toBe(false);
    expect(readsInThread('ods', MiB)).toBe(true);
    expect(readsInThread('text', 9 * MiB)).toBe(false);
    expect(readsInThread('text', 10 * MiB)).toBe(true);
  });

  it('never starts a thread for a file that is no sheet (it is refused as it is opened)', () => {
    expect(readsInThread('other', Number.MAX_SAFE_INTEGER)).toBe(false);
  });

  it('takes other limits when given', () => {
    expect(readsInThread('text', 0, { ...THREAD_READ_BYTES, text: 0 })).toBe(true);
  });
});
