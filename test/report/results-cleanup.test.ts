import { existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveSettings } from '../../src/config/resolve-settings.js';
import { FacturaError } from '../../src/factura-error.js';
import { createLogger } from '../../src/logger.js';
import { createResultsWorkbook } from '../../src/report/results-workbook.js';
import { createSummary } from '../../src/report/run-summary.js';
import { runImport } from '../../src/run-import.js';
import { salesRow, writeSalesSheet } from '../helpers/write-sales-sheet.js';
import { tempDir } from '../helpers/temp-dir.js';

describe('results workbook cleanup (written in its own thread)', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  beforeEach(async () => {
    dir = await tempDir('results-cleanup-');
    await writeFile(join(dir.path, 'a-file'), 'not a folder');
  });
  afterEach(() => dir.cleanup());

  it('removes the streamed results when the run fails after them (here: the fix file cannot be written)', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [salesRow(1), salesRow(2, { receptorNumeroDocumento: '20512333798' }), salesRow(3)]);
    const results = join(dir.path, 'ventas.resultados.xlsx');
    const fixAndResend = join(dir.path, 'a-file', 'ventas.corregir.xlsx'); // ENOTDIR, even as root
    const run = runImport({
      command: 'validate',
      input,
      settings: resolveSettings({ lang: 'es' }, undefined),
      paths: { results, fixAndResend, journal: join(dir.path, 'ventas.journal.jsonl') },
      logger: createLogger({ level: 'silent' }),
      clock: Date.now,
      lang: 'es',
    });
    await expect(run).rejects.toMatchObject({ code: 'OUTPUT' });
    expect(await readdir(dir.path)).toEqual(['a-file', 'ventas.xlsx']);
  });

  it('reports a results path that cannot be written before any row, and leaves nothing', async () => {
    const path = join(dir.path, 'a-file', 'resultados.xlsx');
    const err: unknown = await createResultsWorkbook({ path }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FacturaError);
    expect((err as FacturaError).text.es).toContain('una parte de la ruta no es una carpeta');
  });

  it('aborts after rows were sent: no partial file, no spool left in its temporary folder', async () => {
    const path = join(dir.path, 'resultados.xlsx');
    const spoolDir = join(dir.path, 'spool');
    await mkdir(spoolDir);
    const workbook = await createResultsWorkbook({ path, tempDir: spoolDir });
    for (let i = 1; i <= 2_000; i++) {
      await workbook.addOutcome({ serie: 'F001', numero: String(i), rows: [i + 1], status: 'VALID', problems: [], attempts: 0 });
    }
    await workbook.abort();
    expect(await readdir(dir.path)).toEqual(['a-file', 'spool']); // no partial file of any name
    expect(existsSync(path)).toBe(false);
    expect(await readdir(spoolDir)).toEqual([]);
  });

  it('closes a workbook of many rows whose batches crossed to the thread in order', async () => {
    const path = join(dir.path, 'resultados.xlsx');
    const workbook = await createResultsWorkbook({ path });
    const summary = createSummary();
    for (let i = 1; i <= 5_000; i++) {
      const outcome = { serie: 'F001', numero: String(i), rows: [i + 1], status: 'VALID' as const, problems: [], attempts: 0 };
      summary.add(outcome);
      await workbook.addOutcome(outcome);
    }
    await workbook.close(summary.result(), { inputPath: 'ventas.xlsx', command: 'validate', dryRun: true, startedAt: new Date(), finishedAt: new Date() });
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path);
    const sheet = book.getWorksheet('Comprobantes');
    expect(sheet?.rowCount).toBe(5_001);
    const numeros: unknown[] = [];
    sheet?.eachRow((row, n) => {
      if (n > 1) numeros.push(row.getCell(2).value);
    });
    expect(numeros).toEqual(Array.from({ length: 5_000 }, (_, i) => i + 1));
    expect(await readdir(dir.path)).toEqual(['a-file', 'resultados.xlsx']);
  });

  it('two writers of one results path (two runs of a sheet) never collide on a temporary file', async () => {
    const path = join(dir.path, 'resultados.xlsx');
    const write = async (serie: string): Promise<void> => {
      const workbook = await createResultsWorkbook({ path });
      const summary = createSummary();
      for (let i = 1; i <= 1_000; i++) {
        const outcome = { serie, numero: String(i), rows: [i + 1], status: 'VALID' as const, problems: [], attempts: 0 };
        summary.add(outcome);
        await workbook.addOutcome(outcome);
      }
      await workbook.close(summary.result(), { inputPath: 'ventas.xlsx', command: 'validate', dryRun: true, startedAt: new Date(), finishedAt: new Date() });
    };
    await Promise.all([write('F001'), write('F002')]);
    // Each renamed its own complete file into place; the last one stands, whole.
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path);
    const sheet = book.getWorksheet('Comprobantes');
    expect(sheet?.rowCount).toBe(1_001);
    const series = new Set<unknown>();
    sheet?.eachRow((row, n) => {
      if (n > 1) series.add(row.getCell(1).value);
    });
    expect(series.size).toBe(1);
    expect(await readdir(dir.path)).toEqual(['a-file', 'resultados.xlsx']);
  });
});
