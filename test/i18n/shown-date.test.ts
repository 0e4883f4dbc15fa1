import { describe, expect, it } from 'vitest';
import { shownDate } from '../../src/i18n/shown-date.js';

describe('shownDate', () => {
  it.each([
    ['2026-11-03', '03/11/2026'],
    ['2026-11-03T00:00:00', '03/11/2026'],
    ['2026-11-03T10:30:00', '03/11/2026 10:30:00'],
    ['03/11/2026', '03/11/2026'],
    ['ayer', 'ayer'],
  ])('shows %s as %s', (iso, shown) => {
    expect(shownDate(iso)).toBe(shown);
  });
});
