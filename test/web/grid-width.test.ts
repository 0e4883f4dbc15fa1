import { describe, expect, it } from 'vitest';
import { GRID_SHOWN_COLUMNS, shownGridWidth } from '../../src/web/grid-width.js';

describe('the columns the grid shows', () => {
  it('shows every column of a sheet up to the cap, and the first ones past it', () => {
    expect(shownGridWidth(27, [0, 5, 26])).toBe(27);
    expect(shownGridWidth(200_016, [0, 1, 2])).toBe(GRID_SHOWN_COLUMNS);
  });

  it('never leaves out a column the check reads, however far to the right', () => {
    expect(shownGridWidth(200_016, [0, 150_000])).toBe(150_001);
    expect(shownGridWidth(300, [299])).toBe(300);
  });
});
