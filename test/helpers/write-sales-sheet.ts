import ExcelJS from 'exceljs';
import { COLUMN_NAMES } from '../../src/invoice/canonical-columns.js';
import type { ColumnName } from '../../src/invoice/canonical-columns.js';
import { limaToday } from '../../src/invoice/lima-today.js';

export type SalesRow = Partial<Record<ColumnName, string | number>>;

/** A valid one-line invoice (receptor RUC 20512333797 is valid), to be overridden field by field. */
export function salesRow(numero: number, overrides: SalesRow = {}): SalesRow {
  return {
    serie: 'F001',
    numero,
    fechaEmision: limaToday(Date.now()),
    receptorNumeroDocumento: '20512333797',
    receptorNombreLegal: 'Comercial Andina S.A.C.',
    descripcion: `Arroz extra bolsa 5 kg (${numero})`,
    cantidad: '2',
    valorVentaUnitario: '18.50',
    ...overrides,
  };
}

/** Writes an XLSX sales sheet with the template's canonical header (identity numbers as text). */
export async function writeSalesSheet(path: string, rows: readonly SalesRow[]): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Ventas');
  ws.addRow([...COLUMN_NAMES]);
  for (const r of rows) ws.addRow(COLUMN_NAMES.map((c) => r[c] ?? null));
  await wb.xlsx.writeFile(path);
}
