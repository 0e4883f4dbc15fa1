import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunSummary } from '../../src/index.js';
import { FacturaError, previewSheet, validateSheet } from '../../src/index.js';
import { matchHeaderCells } from '../../src/sheet/column-mapping.js';
import { mappedHeaderText, readMappedHeader } from '../../src/sheet/mapped-header.js';
import type { Cell } from '../../src/sheet/source-row.js';
import { CONTASIS_CONFIRMED_MAPPING, CONTASIS_SALES, writeContasisRegister } from '../helpers/contasis-register.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * A register whose header takes two rows (merged cells over the row that names the columns) and
 * names two columns «Número»: the workspace's columns step shows the second row and tells the two
 * apart by their letters; the check must read the sheet so, and so must a `--map` file naming that
 * row's headers.
 */
let dir: { path: string; cleanup: () => Promise<void> };
let register: string;
let withRuc: string;
beforeAll(async () => {
  dir = await tempDir('two-row-header-');
  register = join(dir.path, 'registro-contasis.xlsx');
  await writeContasisRegister(register);
  withRuc = join(dir.path, 'registro-ruc.xlsx');
  await writeContasisRegister(withRuc, { customerDocument: 'RUC' });
});
afterAll(async () => dir.cleanup());

const problemsOf = (result: RunSummary): string[] => result.problemGroups.map((g) => `${g.code}: ${g.example}`);

describe('a register with a header of two rows', () => {
  it('is checked with the mapping the columns step confirms: the row it showed, each «Número» from its own column', async () => {
    const result = await validateSheet(register, { mapping: CONTASIS_CONFIRMED_MAPPING, writeFiles: false });
    expect(result.byStatus.VALID, problemsOf(result).join('\n')).toBe(CONTASIS_SALES.length);
    expect(result.totals).toEqual([{ moneda: 'PEN', invoices: 3, base: '6889.83', igv: '1240.17', total: '8130.00' }]);
    const said = problemsOf(result);
    expect(said).toContain(
      'TITLE_ROWS_SKIPPED: Se omitieron las filas 1-2, 4 sobre los encabezados («REGISTRO DE VENTAS - NOVIEMBRE 2026»…); los encabezados están en la fila 5.',
    );
    expect(said.some((s) => s.startsWith('LINE_AMOUNT_AS_UNIT_VALUE') && s.includes('«Base Imponible» (I)'))).toBe(true);
    // Nothing says a mapped column is missing, nor that two columns feed one.
    expect(said.filter((s) => /MAPPED_COLUMN_NOT_FOUND|DUPLICATE/.test(s))).toEqual([]);
  });

  it('is read from the row a --map file names, when the merged row above is a header row too', async () => {
    // Without a mapping the merged row (4: «Fecha de Emisión», «Cliente», «Concepto») is the header, as before.
    const unmapped = await validateSheet(withRuc, { writeFiles: false }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(unmapped).toBeInstanceOf(FacturaError);
    expect((unmapped as FacturaError).text.es).toContain('(fila de encabezados 4)');
    // A mapping file naming headers of row 5 only, no letters: row 5 is the header.
    const result = await validateSheet(withRuc, { mapping: { serie: 'Serie', numero: 'Número' }, writeFiles: false });
    expect(result.byStatus.VALID, problemsOf(result).join('\n')).toBe(CONTASIS_SALES.length);
  });

  it('is proposed on the columns step as the check reads it: row 5, «Base Imponible» the unit value of one unit, only the customer’s document to choose', async () => {
    const preview = await previewSheet(register);
    expect(preview.headerRow).toBe(5);
    expect(preview.missing).toEqual(['receptorNumeroDocumento']);
    const column = (letter: string) => preview.columns.find((c) => c.letter === letter);
    expect(column('D')).toMatchObject({ header: 'Número', column: 'numero' });
    expect(column('F')).toMatchObject({ header: 'Número' });
    expect(column('F')?.column).toBeUndefined();
    expect(column('I')).toMatchObject({ header: 'Base Imponible', column: 'valorVentaUnitario', lineAmount: 'base' });
    // With the mapping confirmed, the preview finds the whole header: the check can run.
    const mapped = await previewSheet(register, { mapping: CONTASIS_CONFIRMED_MAPPING });
    expect(mapped.header?.row).toBe(5);
    expect(mapped.missing).toEqual([]);
    expect(mapped.columns.find((c) => c.letter === 'F')?.column).toBe('receptorNumeroDocumento');
  });
});

describe('a mapping that names a column by its letter', () => {
  const cells = (...texts: string[]): Cell[] => texts.map((text) => ({ kind: 'text', text }));
  const fed = (texts: string[], mapping: Record<string, string>): Record<string, string[]> =>
    Object.fromEntries([...matchHeaderCells(cells(...texts), mapping).matches].map(([k, v]) => [k, v.map((c) => c.letter)]));

  it('writes the letter only for a header another column repeats', () => {
    const columns = [
      { header: 'Número', letter: 'D' },
      { header: 'NUMERO', letter: 'F' },
      { header: 'Serie', letter: 'C' },
    ];
    expect(columns.map((c) => mappedHeaderText(c, columns))).toEqual(['Número (columna D)', 'NUMERO (columna F)', 'Serie']);
    expect(readMappedHeader('Número (columna f)')).toEqual({ header: 'Número', letter: 'F' });
    expect(readMappedHeader('Total (S/)')).toEqual({ header: 'Total (S/)' });
  });

  it('feeds each field from its own column of two headed alike, and a header written with a letter is that header', () => {
    const row = ['Serie', 'Número', 'RUC', 'Número'];
    expect(fed(row, { numero: 'Número (columna B)', receptorNumeroDocumento: 'Número (columna D)' })).toEqual({
      serie: ['A'],
      numero: ['B'],
      receptorNumeroDocumento: ['D'],
    });
    // Without letters both columns feed both fields (the sheet is refused for it, as before).
    expect(fed(row, { numero: 'Número', receptorNumeroDocumento: 'Número' })).toMatchObject({ numero: ['B', 'D'], receptorNumeroDocumento: ['B', 'D'] });
    // A letter that is not the header's names nothing.
    expect(fed(row, { numero: 'Número (columna C)' })).toEqual({ serie: ['A'], receptorNumeroDocumento: ['C'] });
    expect(fed(['Serie', 'Número (columna F)'], { numero: 'Número (columna F)' })).toEqual({ serie: ['A'], numero: ['B'] });
  });
});
