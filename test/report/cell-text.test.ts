import { describe, expect, it } from 'vitest';
import { escapeCsvField, looksLikeFormula, toCellText, toCellValue } from '../../src/report/cell-text.js';
import { formatRowRanges } from '../../src/report/row-ranges.js';

describe('cell text', () => {
  it('recognises what a spreadsheet would take for a formula', () => {
    for (const t of ['=1+1', '+51 999', '-5', '@SUM(A1)', '\tx', '\rx']) expect(looksLikeFormula(t)).toBe(true);
    for (const t of ['F001', '20123456786', ' =1', '']) expect(looksLikeFormula(t)).toBe(false);
  });

  it('prefixes an apostrophe to CSV fields that look like formulas, and only to those', () => {
    expect(escapeCsvField('=HYPERLINK("http://x")')).toBe('\'=HYPERLINK("http://x")');
    expect(escapeCsvField('Arena')).toBe('Arena');
  });

  it('drops characters XML forbids and hands exceljs only primitives', () => {
    expect(toCellText('a\u0001b\tc')).toBe('ab\tc');
    expect(toCellValue({ formula: 'SUM(A1)' })).toBe('{"formula":"SUM(A1)"}');
    expect(toCellValue(Number.NaN)).toBe('NaN');
    expect(toCellValue(undefined)).toBeNull();
  });
});

describe('row ranges', () => {
  it('writes source rows as a person reads them', () => {
    expect(formatRowRanges([12, 13, 14, 15])).toBe('12-15');
    expect(formatRowRanges([16, 12, 15])).toBe('12, 15-16');
    expect(formatRowRanges([7])).toBe('7');
    expect(formatRowRanges([5, 5, 6])).toBe('5-6');
    expect(formatRowRanges([9, 8])).toBe('8-9');
    expect(formatRowRanges([])).toBe('');
    expect(formatRowRanges([7])).toBe('7');
    expect(formatRowRanges([])).toBe('');
  });
});
