import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunSummary, FacturaError } from '../../src/index.js';
import { validateSheet } from '../../src/index.js';
import { limaToday } from '../../src/invoice/lima-today.js';
import { tempDir } from '../helpers/temp-dir.js';
import { mappingOfRefusal, refusal } from '../helpers/refusal.js';

/**
 * A register whose header takes one row and heads two columns alike: «Número» of the comprobante
 * and, after «Tipo Doc.», «Número» of the customer's document. Nothing on that row says which is
 * which: the sheet was refused for «Falta receptorNumeroDocumento» without naming the two columns.
 * It is refused naming both by their letters, with the mapping that reads it, as a header of two
 * rows no title tells apart is.
 */
const HEADER = ['Fecha de Emisión', 'Serie', 'Número', 'Tipo Doc.', 'Número', 'Razón Social', 'Concepto', 'Base Imponible', 'IGV', 'Importe Total'];
const SALES = [
  ['F001', 501, 6, '20602988431', 'Restaurante El Piurano S.A.C.', 'Servicio de mantenimiento de equipos', 1000, 180, 1180],
  ['F001', 502, 6, '20499873205', 'Agroexportadora Valle de Ica S.A.', 'Asesoría contable noviembre', 2500, 450, 2950],
] as const;

let dir: { path: string; cleanup: () => Promise<void> };
beforeAll(async () => {
  dir = await tempDir('one-row-alike-');
});
afterAll(async () => dir.cleanup());

async function writeCsv(path: string, header: readonly string[]): Promise<void> {
  const [y, m, d] = limaToday(Date.now()).split('-');
  const rows = [header, ...SALES.map((s) => [`${d}/${m}/${y}`, ...s])];
  await writeFile(path, `${rows.map((r) => r.join(',')).join('\r\n')}\r\n`);
}

async function writeXlsx(path: string, header: readonly string[]): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Ventas');
  ws.addRow([...header]);
  const today = new Date(`${limaToday(Date.now())}T00:00:00Z`);
  for (const s of SALES) ws.addRow([today, ...s]);
  await wb.xlsx.writeFile(path);
}

/** The refusal of a sheet, thrown by the check. */
const refusalOf = (path: string): Promise<FacturaError> => refusal(validateSheet(path, { writeFiles: false, wording: 'command-line' }));

const problemsOf = (result: RunSummary): string[] => result.problemGroups.map((g) => `${g.code}: ${g.example}`);

describe('a header of one row with two columns headed alike', () => {
  it('is refused naming both «Número» by their letters and the mapping that reads it, from a CSV and from an XLSX', async () => {
    for (const [name, write] of [
      ['registro.csv', writeCsv],
      ['registro.xlsx', writeXlsx],
    ] as const) {
      const path = join(dir.path, name);
      await write(path, HEADER);
      const error = await refusalOf(path);
      expect(error.code).toBe('INPUT');
      expect(error.text.es).toBe(
        [
          `En ${path} (fila de encabezados 1) hay columnas con el mismo encabezado que no se pueden distinguir:`,
          '  - «Número» (C) y «Número» (E) se llaman igual: las dos se leerían como numero (Número)',
          'Indique cuál es cuál en un archivo de mapeo (--map mapping.json) que nombre cada una por su encabezado y su letra, por ejemplo {"numero": "Número (columna C)", "receptorNumeroDocumento": "Número (columna E)"} (el espacio de trabajo web, «factura-import serve», lo prepara al elegir las columnas). O cambie el nombre de una de ellas (por ejemplo «Número doc. cliente»). No se procesó ninguna factura.',
        ].join('\n'),
      );
      expect(error.text.en).toContain(
        `In ${path} (header row 1) some columns are headed alike and cannot be told apart:\n  - «Número» (C) and «Número» (E) are headed alike`,
      );
      expect(error.text.en).toContain('for example {"numero": "Número (column C)", "receptorNumeroDocumento": "Número (column E)"}');
      // The mapping the message gives reads the sheet: each number from its own column.
      const result = await validateSheet(path, { mapping: mappingOfRefusal(error), writeFiles: false });
      expect(result.byStatus.VALID, problemsOf(result).join('\n')).toBe(SALES.length);
      expect(result.totals).toEqual([{ moneda: 'PEN', invoices: 2, base: '3500.00', igv: '630.00', total: '4130.00' }]);
    }
  });

  it('is refused so when nothing is missing too: two «Número» beside a «RUC» column still feed one field', async () => {
    const path = join(dir.path, 'con-ruc.csv');
    await writeCsv(path, ['Fecha de Emisión', 'Serie', 'Número', 'RUC', 'Número', 'Razón Social', 'Concepto', 'Base Imponible', 'IGV', 'Importe Total']);
    const error = await refusalOf(path);
    expect(error.text.es).toContain('  - «Número» (C) y «Número» (E) se llaman igual: las dos se leerían como numero (Número)\n');
    expect(error.text.es).toContain('por ejemplo {"numero": "Número (columna C)"}');
  });
});
