import { link, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FacturaError } from '../../src/factura-error.js';
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

/** The FacturaError `f` throws. */
function refusal(f: () => unknown): FacturaError {
  try {
    f();
  } catch (error) {
    if (error instanceof FacturaError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('output paths on the disk', () => {
  // A review's repro: `out: 'mismo/ventas.xlsx'`, `mismo` a link to the sheet's folder, replaced the sales sheet by the results.
  it('refuses an output that reaches the input through a linked folder or a hard link, naming which output', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'factura-paths-'));
    try {
      const input = join(dir, 'ventas.xlsx');
      await writeFile(input, 'hoja');
      await symlink(dir, join(dir, 'mismo'));
      const alias = refusal(() => outputPaths(input, { out: join(dir, 'mismo', 'ventas.xlsx') }));
      expect(alias.code).toBe('USAGE');
      expect(alias.text.es).toContain('El libro de resultados');
      await link(input, join(dir, 'copia.xlsx'));
      expect(() => outputPaths(input, { out: join(dir, 'copia.xlsx') })).toThrow(expect.objectContaining({ code: 'USAGE' }));
      // The journal named as the sheet: the message names the journal and its option, not out; as the caller names it.
      expect(refusal(() => outputPaths(input, { journal: join(dir, 'mismo', 'ventas.xlsx') })).text.es).toMatch(/^El diario de envíos .*\(journal\)/);
      const flags = { out: '--out', fixAndResendOut: '--out', journal: '--journal' };
      expect(refusal(() => outputPaths(input, { journal: join(dir, 'mismo', 'ventas.xlsx') }, flags)).text.es).toMatch(/^El diario de envíos .*\(--journal\)/);
      // Two outputs through the link, not yet written: one file.
      expect(refusal(() => outputPaths(input, { out: join(dir, 'r.xlsx'), journal: join(dir, 'mismo', 'r.xlsx') })).text.es).toContain(
        'serían el mismo archivo',
      );
      // A results workbook already there, beside the sheet, is not the sheet.
      await writeFile(join(dir, 'ventas.resultados.xlsx'), 'antes');
      expect(outputPaths(input).results).toBe(join(dir, 'ventas.resultados.xlsx'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
