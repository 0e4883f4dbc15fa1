import { describe, expect, it } from 'vitest';
import { outputPaths } from '../../src/report/output-paths.js';

describe('output paths', () => {
  it('puts the results, the file to fix and the journal beside the input, named after it', () => {
    expect(outputPaths('/data/ventas-nov.xlsx')).toEqual({
      results: '/data/ventas-nov.resultados.xlsx',
      fixAndResend: '/data/ventas-nov.corregir.xlsx',
      journal: '/data/ventas-nov.journal.jsonl',
    });
    expect(outputPaths('/data/ventas.csv').fixAndResend).toBe('/data/ventas.corregir.xlsx');
  });

  it('lets --out choose the results workbook, and puts the file to fix beside it; the journal stays with the sheet', () => {
    expect(outputPaths('/data/ventas.xlsx', { out: '/tmp/r.xlsx' })).toEqual({
      results: '/tmp/r.xlsx',
      fixAndResend: '/tmp/ventas.corregir.xlsx',
      journal: '/data/ventas.journal.jsonl',
    });
    expect(outputPaths('/data/ventas.xlsx', { out: '/tmp/r.xlsx', fixAndResend: '/srv/c.xlsx' }).fixAndResend).toBe('/srv/c.xlsx');
  });

  it('gives the file to fix, sent as it is, the journal of the sheet it came from', () => {
    expect(outputPaths('/data/ventas.corregir.xlsx')).toEqual({
      results: '/data/ventas.corregir.resultados.xlsx',
      fixAndResend: '/data/ventas.corregir.corregir.xlsx',
      journal: '/data/ventas.journal.jsonl',
    });
  });

  it('refuses to write over the input itself', () => {
    expect(() => outputPaths('/data/ventas.xlsx', { out: '/data/../data/ventas.xlsx' })).toThrow(expect.objectContaining({ code: 'USAGE' }));
  });

  it('refuses two outputs on one file', () => {
    expect(() => outputPaths('/data/ventas.xlsx', { out: '/data/ventas.corregir.xlsx' })).toThrow(expect.objectContaining({ code: 'USAGE' }));
  });
});
