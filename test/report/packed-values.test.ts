import { describe, expect, it } from 'vitest';
import { createValuePacker, readPacked } from '../../src/report/packed-values.js';
import type { TableValue } from '../../src/report/render-row-xml.js';

describe('packed values (what crosses to the results thread)', () => {
  it('give back every value in order: text (empty text too, not null), null, numbers, booleans, dates, errors', () => {
    const values: TableValue[] = [
      'F001',
      '',
      null,
      'Café «Señor» — €',
      0,
      -12.5,
      true,
      false,
      new Date(Date.UTC(2026, 10, 26, 9, 30)),
      { error: '#N/A' },
      'x'.repeat(40_000),
      null,
    ];
    const packer = createValuePacker();
    for (const v of values) packer.add(v);
    expect(packer.size).toBe(values.length);
    const packed = structuredClone(packer.take());
    expect(packer.size).toBe(0);
    const reader = readPacked(packed);
    const back: TableValue[] = [];
    while (!reader.done) back.push(reader.next());
    expect(back).toEqual(values);
    expect(reader.at).toBe(values.length);
  });

  it('start a new pack after each take', () => {
    const packer = createValuePacker();
    packer.add('a');
    packer.take();
    packer.add('b');
    packer.add(null);
    const reader = readPacked(packer.take());
    expect([reader.next(), reader.next(), reader.done]).toEqual(['b', null, true]);
  });
});
