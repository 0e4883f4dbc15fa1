import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { limaToday } from '../../src/invoice/lima-today.js';
import { DEMO_INVOICES, demoInvoices, writeDemoWorkbook } from '../../scripts/make-fixtures.js';
import { jsonSummary, runMain } from '../helpers/run-main.js';
import { tempDir } from '../helpers/temp-dir.js';

let dir: { path: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  dir = await tempDir('demo-sheet-');
});
afterEach(() => dir.cleanup());

const daysBefore = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

describe('the demo sheet of today (scripts/demo.ts)', () => {
  it('is the fixture\'s 50 invoices on today\'s dates: all ACEPTADO by the sandbox, with no "tiene N días" warning', async () => {
    const today = limaToday(Date.now());
    const invoices = demoInvoices([daysBefore(today, 2), daysBefore(today, 1), today]);
    expect(invoices.map(({ fechaEmision: _f, ...rest }) => rest)).toEqual(DEMO_INVOICES.map(({ fechaEmision: _f, ...rest }) => rest));
    const sheet = join(dir.path, `ventas-${today}.xlsx`);
    await writeDemoWorkbook(sheet, invoices, 'Ventas');
    const run = await runMain(['submit', sheet, '--sandbox', '--json', '--quiet']);
    expect(run.code, run.stderr).toBe(0);
    const summary = jsonSummary(run);
    expect(summary.byStatus['ACCEPTED']).toBe(50);
    expect(summary['withWarnings']).toBe(0);
    expect(run.stderr).not.toContain('días');
  });
});
