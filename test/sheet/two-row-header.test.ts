import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunSummary, FacturaError } from '../../src/index.js';
import { previewSheet, validateSheet } from '../../src/index.js';
import { matchHeaderCells } from '../../src/sheet/column-mapping.js';
import { mappedHeaderText, readMappedHeader } from '../../src/sheet/mapped-header.js';
import type { Cell } from '../../src/sheet/source-row.js';
import { CONTASIS_CONFIRMED_MAPPING, CONTASIS_SALES, writeContasisCsv, writeContasisRegister, writeContasisSheetJs } from '../helpers/contasis-register.js';
import { tempDir } from '../helpers/temp-dir.js';
import { mappingOfRefusal, refusal } from '../helpers/refusal.js';

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

  it('is read from the row a --map file names, when the merged row above is a header row too, and without a mapping as well', async () => {
    // Without a mapping the merged row (4: «Fecha de Emisión», «Cliente», «Concepto») was the header and the sheet was
    // refused for «Serie» and «Número» missing: the two rows are read as one header.
    const unmapped = await validateSheet(withRuc, { writeFiles: false });
    expect(unmapped.byStatus.VALID, problemsOf(unmapped).join('\n')).toBe(CONTASIS_SALES.length);
    // A mapping file naming headers of row 5 only, no letters: row 5 is the header.
    const result = await validateSheet(withRuc, { mapping: { serie: 'Serie', numero: 'Número' }, writeFiles: false });
    expect(result.byStatus.VALID, problemsOf(result).join('\n')).toBe(CONTASIS_SALES.length);
  });

  it('is proposed on the columns step as the check reads it: row 5, «Base Imponible» the unit value of one unit, the customer’s «Número» its document', async () => {
    const preview = await previewSheet(register);
    expect(preview.headerRow).toBe(5);
    expect(preview.header).toMatchObject({ row: 5, groupRow: 4 });
    // Nothing to choose: the columns step is passed over, as for any sheet whose columns are all recognised.
    expect(preview.missing).toEqual([]);
    const column = (letter: string) => preview.columns.find((c) => c.letter === letter);
    expect(preview.columns.map((c) => c.letter)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K']);
    expect(column('D')).toMatchObject({ header: 'Número', column: 'numero' });
    expect(column('F')).toMatchObject({ header: 'Número', column: 'receptorNumeroDocumento', sample: CONTASIS_SALES[0][2] });
    expect(column('I')).toMatchObject({ header: 'Base Imponible', column: 'valorVentaUnitario', lineAmount: 'base' });
    // With the mapping confirmed, the preview finds the whole header: the check can run.
    const mapped = await previewSheet(register, { mapping: CONTASIS_CONFIRMED_MAPPING });
    expect(mapped.header?.row).toBe(5);
    expect(mapped.missing).toEqual([]);
    expect(mapped.columns.find((c) => c.letter === 'F')?.column).toBe('receptorNumeroDocumento');
  });
});

/** The invoices as the check reads them: all valid, the same totals as the register's. */
async function expectReadAsTheRegister(path: string): Promise<void> {
  const result = await validateSheet(path, { writeFiles: false, wording: 'command-line' });
  expect(result.byStatus.VALID, problemsOf(result).join('\n')).toBe(CONTASIS_SALES.length);
  expect(result.totals).toEqual([{ moneda: 'PEN', invoices: 3, base: '6889.83', igv: '1240.17', total: '8130.00' }]);
  const said = problemsOf(result);
  expect(said).toContain(
    'TITLE_ROWS_SKIPPED: Se omitieron las filas 1-2 sobre los encabezados («REGISTRO DE VENTAS - NOVIEMBRE 2026»…); los encabezados están en las filas 4 y 5.',
  );
  expect(said).toContain(
    'TWO_ROW_HEADER: Los encabezados ocupan las filas 4 y 5 y se leen juntos: «Comprobante de Pago» → «Tipo», «Serie», «Número»; «Cliente» → «Tipo Doc.», «Número», «Razón Social». Columnas con el mismo encabezado: «Número» (D, bajo «Comprobante de Pago») → Número; «Número» (F, bajo «Cliente») → Documento del cliente. Si alguna columna no es lo indicado, indíquelo con --map mapping.json.',
  );
  // The customer's document is column F: the preview the columns step shows says so.
  const preview = await previewSheet(path);
  expect(preview.header?.columns).toMatchObject({
    numero: { letter: 'D', header: 'Número' },
    receptorNumeroDocumento: { letter: 'F', header: 'Número' },
    fechaEmision: { letter: 'A', header: 'Fecha de Emisión' },
    descripcion: { letter: 'H', header: 'Concepto' },
  });
}

/** The refusal of a sheet, thrown by the check. */
const refusalOf = (path: string): Promise<FacturaError> => refusal(validateSheet(path, { writeFiles: false, wording: 'command-line' }));

describe('a register with a header of two rows, without a mapping (the command line’s `validate register.xlsx`)', () => {
  it('tells its two «Número» apart by the title over each: the comprobante’s is the invoice’s number, the customer’s its document', async () => {
    await expectReadAsTheRegister(register);
  });

  it('is read the same when SheetJS wrote it, and from a CSV of two header rows, as Excel saves it and with its merged cells filled', async () => {
    for (const [name, write] of [
      ['sheetjs.xlsx', (p: string) => writeContasisSheetJs(p)],
      ['excel.csv', (p: string) => writeContasisCsv(p)],
      ['lleno.csv', (p: string) => writeContasisCsv(p, { filled: true })],
    ] as const) {
      const path = join(dir.path, `registro-${name}`);
      await write(path);
      await expectReadAsTheRegister(path);
    }
  });

  it('is refused when no title tells the two «Número» apart, naming both by their letters and the mapping that reads it', async () => {
    for (const [name, write] of [
      ['datos.xlsx', (p: string) => writeContasisRegister(p, { customerTitle: 'Datos' })],
      ['datos.csv', (p: string) => writeContasisCsv(p, { customerTitle: 'Datos' })],
    ] as const) {
      const path = join(dir.path, `registro-${name}`);
      await write(path);
      const error = await refusalOf(path);
      expect(error.code).toBe('INPUT');
      expect(error.text.es).toBe(
        [
          `En ${path} los encabezados ocupan las filas 4 y 5 y hay columnas con el mismo encabezado que no se pueden distinguir:`,
          '  - «Número» (D, bajo «Comprobante de Pago») y «Número» (F, bajo «Datos») se llaman igual: las dos se leerían como numero (Número)',
          'Indique cuál es cuál en un archivo de mapeo (--map mapping.json) que nombre cada una por su encabezado y su letra, por ejemplo {"numero": "Número (columna D)", "receptorNumeroDocumento": "Número (columna F)"} (el espacio de trabajo web, «factura-import serve», lo prepara al elegir las columnas). O escriba en la fila 4, sobre las columnas del cliente, el título «Cliente» (o sobre las del comprobante, «Comprobante de pago»), o cambie el nombre de una de ellas (por ejemplo «Número doc. cliente»). No se procesó ninguna factura.',
        ].join('\n'),
      );
      expect(error.text.en).toContain('«Número» (D, under «Comprobante de Pago») and «Número» (F, under «Datos») are headed alike');
      // The mapping the message gives reads the sheet.
      const result = await validateSheet(path, { mapping: mappingOfRefusal(error), writeFiles: false });
      expect(result.byStatus.VALID, problemsOf(result).join('\n')).toBe(CONTASIS_SALES.length);
    }
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
