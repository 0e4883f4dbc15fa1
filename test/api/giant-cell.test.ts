import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportEvent } from '../../src/index.js';
import { previewSheet, validateSheet } from '../../src/index.js';
import { limaToday } from '../../src/invoice/lima-today.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * A security review uploaded a CSV whose one description was 190 MB: counting its characters as an
 * array of one string each failed past V8's array limit, and the run (with the web workspace) died.
 * Here 140 million characters (past that limit: `[...text]` throws at this size), written in chunks.
 */
const CHARS = 140_000_000;

describe('a cell of 140 million characters', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  let sheet = '';
  beforeAll(async () => {
    dir = await tempDir('giant-cell-');
    sheet = join(dir.path, 'ventas.csv');
    const file = await open(sheet, 'w');
    await file.write(
      `serie,numero,fechaEmision,receptorNumeroDocumento,receptorNombreLegal,descripcion,cantidad,valorVentaUnitario\nF001,1,${limaToday(Date.now())},20100070970,ACME,"`,
    );
    const chunk = 'x'.repeat(1_000_000);
    for (let i = 0; i < CHARS / chunk.length; i++) await file.write(chunk);
    await file.write('",1,10\nF001,2,' + limaToday(Date.now()) + ',20100070970,ACME,Arroz,1,10\n');
    await file.close();
  }, 60_000);
  afterAll(async () => dir.cleanup());

  it('is refused at its cell with its length, the run goes on, and no event or preview carries it whole', async () => {
    const rowCells: number[] = [];
    const problems: Extract<ImportEvent, { type: 'problem' }>['problem'][] = [];
    const summary = await validateSheet(sheet, {
      writeFiles: false,
      onEvent: (e: ImportEvent) => {
        if (e.type === 'row') rowCells.push(Math.max(...e.cells.map((c) => c?.length ?? 0)));
        if (e.type === 'problem') problems.push(e.problem);
      },
    });
    expect(summary.byStatus).toMatchObject({ INVALID: 1, VALID: 1 });
    const problem = problems.find((p) => p.code === 'DESCRIPTION_TOO_LONG');
    expect(problem?.message.es).toContain(`tiene ${CHARS} caracteres; el máximo es 500.`);
    expect(problem?.value?.length).toBeLessThanOrEqual(1_001);
    // What a grid stores and shows: what a spreadsheet cell holds.
    expect(Math.max(...rowCells)).toBe(32_767);
    const preview = await previewSheet(sheet);
    expect(preview.columns.find((c) => c.header === 'descripcion')?.sample.length).toBeLessThanOrEqual(201);
  }, 120_000);
});
