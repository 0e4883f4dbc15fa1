import { describe, expect, it } from 'vitest';
import { storedCells } from '../../src/web/wide-row-cells.js';

describe('storedCells', () => {
  it('keeps a row within the grid as it is, with nothing apart', () => {
    const cells = ['F001', '1', null];
    expect(storedCells(cells, 3)).toEqual({ near: cells });
    expect(storedCells(['F001'], 3)).toEqual({ near: ['F001'] });
  });

  it('keeps the cells past the grid that hold something by their column, and no blank between', () => {
    const cells: (string | null)[] = Array.from({ length: 16_384 }, () => null);
    cells[0] = 'F001';
    cells[1] = '7';
    cells[16_383] = 'nota';
    expect(storedCells(cells, 8)).toEqual({ near: ['F001', '7', null, null, null, null, null, null], far: { 16383: 'nota' } });
  });

  it('keeps no far part for blanks past the grid', () => {
    expect(storedCells(['F001', '1', null, null], 2)).toEqual({ near: ['F001', '1'] });
  });
});
