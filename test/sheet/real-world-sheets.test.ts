import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Decimal } from 'decimal.js';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealWorldCase } from '../../scripts/make-real-world-fixtures.js';
import { PROJECT_ROOT } from '../helpers/cli-process.js';
import { jsonSummary, runMain } from '../helpers/run-main.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * Issue 13's "done when": `validate` on every sheet of fixtures/real-world/ (written by SheetJS,
 * exceljs and by hand, see its README.md) gives exactly the table's valid/invalid counts and
 * problems at their rows and columns, and no VALID invoice has a total other than the sheet's own.
 */
const DIR = join(PROJECT_ROOT, 'fixtures/real-world');
const cases = JSON.parse(await readFile(join(DIR, 'expected.json'), 'utf8')) as RealWorldCase[];

let out: { path: string; cleanup: () => Promise<void> };
beforeAll(async () => {
  out = await tempDir('real-world-');
});
afterAll(async () => out.cleanup());

async function sheetRows(path: string, name: string): Promise<Record<string, unknown>[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const ws = wb.getWorksheet(name);
  const rows: unknown[][] = [];
  ws?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  const [header = [], ...body] = rows;
  return body.map((r) => Object.fromEntries((header as string[]).map((h, i) => [h, r[i]])));
}

describe('validate on real-world sheets (fixtures/real-world/README.md)', () => {
  it('has at least 25 sheets, and both a refused and an invalid case among them', () => {
    expect(new Set(cases.map((c) => c.file)).size).toBeGreaterThanOrEqual(25);
    expect(cases.some((c) => c.exit === 2) && cases.some((c) => c.invalid > 0)).toBe(true);
  });

  for (const [i, c] of cases.entries()) {
    it(`${c.file}${c.args === undefined ? '' : ` ${c.args.join(' ')}`}: ${c.what}`, async () => {
      const results = join(out.path, `${i}.resultados.xlsx`);
      const run = await runMain(['validate', join(DIR, c.file), '--json', '--quiet', '--out', results, ...(c.args ?? [])]);
      expect(run.code, run.stderr).toBe(c.exit);
      if (c.exit === 2) {
        expect(run.stderr).toContain(c.refusal ?? '');
        expect(run.stderr).not.toMatch(/interno|at .*\.ts:\d+/);
        return;
      }
      const summary = jsonSummary(run);
      expect(summary.byStatus['VALID'] ?? 0).toBe(c.valid);
      expect(summary.byStatus['INVALID'] ?? 0).toBe(c.invalid);

      const problems = (await sheetRows(results, 'Errores')).map((p) => ({ code: p['Código'], row: p['Fila'], column: p['Columna'] }));
      for (const expected of c.problems) {
        expect(problems).toContainEqual(expect.objectContaining(expected));
      }
      // Every error is one the table expects (warnings such as the SUNAT date window may add up).
      const errors = (await sheetRows(results, 'Errores')).filter((p) => p['Gravedad'] === 'Error').map((p) => p['Código']);
      for (const code of errors) expect(c.problems.map((p) => p.code)).toContain(code);

      const invoices = await sheetRows(results, 'Comprobantes');
      expect(invoices).toHaveLength(c.valid + c.invalid);
      for (const inv of invoices) {
        const own = c.sheetTotals?.[`${String(inv['Serie'])}-${String(inv['Número'])}`];
        if (own === undefined || inv['Estado'] !== 'VÁLIDO') continue;
        // No valid invoice may differ from the sheet's own total.
        expect(new Decimal(String(inv['Total'])).toFixed(2), `${String(inv['Serie'])}-${String(inv['Número'])}`).toBe(own);
      }
    });
  }
});

describe('the new checks speak Spanish by default and English with --lang en', () => {
  it.each([
    [[], 'La diferencia es justo el IGV (18 %)'],
    [['--lang', 'en'], 'The difference is exactly the IGV (18%)'],
  ])('%j', async (flags, said) => {
    const run = await runMain([
      'validate',
      join(DIR, '06-precios-con-igv.xlsx'),
      '--json',
      '--quiet',
      '--out',
      join(out.path, `lang-${flags.length}.xlsx`),
      ...flags,
    ]);
    const first = (jsonSummary(run)['firstProblems'] as { message: string; row?: number; letter?: string }[])[0];
    expect(first).toMatchObject({ row: 2, letter: 'K' });
    expect(first?.message).toContain(said);
    expect(first?.message).toContain('--tipo-registro PRECIOS_CON_IGV');
  });
});

describe('a sheet whose dates are written month first', () => {
  it('reads 11/03/2026 as 3 November once two other dates showed the order, and says so once', async () => {
    const results = join(out.path, 'mes-primero.resultados.xlsx');
    const run = await runMain(['validate', join(DIR, '34-fechas-mes-primero.csv'), '--json', '--quiet', '--out', results]);
    expect(run.code, run.stderr).toBe(0);
    const problems = await sheetRows(results, 'Errores');
    expect(problems.filter((p) => p['Código'] === 'DATES_MONTH_FIRST')).toHaveLength(1);
    // Each invoice's date, as the SUNAT window's warning names it (the fixture's dates are in the past).
    // Its «Precio unitario», with no total to check it, is said once to be read without IGV.
    expect(problems.filter((p) => p['Código'] === 'UNIT_PRICE_WITHOUT_IGV')).toHaveLength(1);
    const dated = problems
      .filter((p) => p['Código'] !== 'DATES_MONTH_FIRST' && p['Código'] !== 'UNIT_PRICE_WITHOUT_IGV')
      .map((p) => [p['Fila'], /\d{2}\/\d{2}\/\d{4}/.exec(String(p['Mensaje']))?.[0]]);
    expect(dated).toEqual([
      [2, '13/11/2026'],
      [4, '03/11/2026'],
      [5, '16/11/2026'],
    ]);
  });
});
