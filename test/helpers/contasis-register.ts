import ExcelJS from 'exceljs';
import { limaToday } from '../../src/invoice/lima-today.js';

/** The register's invoices: serie, number, the customer's RUC and name, the concept, the base without IGV. */
export const CONTASIS_SALES = [
  ['F001', 501, '20602988431', 'Restaurante El Piurano S.A.C.', 'Servicio de mantenimiento de equipos', 1000],
  ['F001', 502, '20499873205', 'Agroexportadora Valle de Ica S.A.', 'Asesoría contable noviembre', 2500],
  ['F001', 503, '20133700855', 'Minera Los Andes S.A.', 'Alquiler de camioneta', 3389.83],
] as const;

/**
 * The mapping the workspace's columns step confirms for that register once the customer's
 * «Número» (F) is chosen as the customer's document: the two «Número» columns each by its letter,
 * «Base Imponible» as the unit value of one unit (each row is one invoice of one service).
 */
export const CONTASIS_CONFIRMED_MAPPING = {
  fechaEmision: 'Fecha de Emisión',
  serie: 'Serie',
  numero: 'Número (columna D)',
  receptorTipoDocumento: 'Tipo Doc.',
  receptorNumeroDocumento: 'Número (columna F)',
  receptorNombreLegal: 'Razón Social',
  descripcion: 'Concepto',
  valorVentaUnitario: 'Base Imponible',
} as const;

/**
 * A sales register as Contasis exports it (an accountant's review file): two title rows merged
 * across, a blank row, then a header of two rows: «Comprobante de Pago» merged over «Tipo»,
 * «Serie», «Número» and «Cliente» over «Tipo Doc.», «Número», «Razón Social», the other headers
 * merged down both rows; two columns named «Número» (the invoice's and the customer's document);
 * no quantity and no unit value, the base, the IGV and the total of each invoice; a totals row.
 * `customerDocument` heads the customer's document otherwise (a register whose second «Número» is
 * «RUC», say).
 */
export async function writeContasisRegister(path: string, options: { readonly customerDocument?: string } = {}): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Registro Ventas');
  const today = new Date(`${limaToday(Date.now())}T00:00:00Z`);
  ws.getCell('A1').value = 'REGISTRO DE VENTAS - NOVIEMBRE 2026';
  ws.mergeCells('A1:K1');
  ws.getCell('A2').value = 'COMERCIAL ANDINA S.A.C. RUC 20512333797';
  ws.mergeCells('A2:K2');
  ws.getRow(4).values = ['Fecha de Emisión', 'Comprobante de Pago', null, null, 'Cliente', null, null, 'Concepto', 'Base Imponible', 'IGV', 'Importe Total'];
  ws.getRow(5).values = [null, 'Tipo', 'Serie', 'Número', 'Tipo Doc.', options.customerDocument ?? 'Número', 'Razón Social'];
  for (const range of ['A4:A5', 'B4:D4', 'E4:G4', 'H4:H5', 'I4:I5', 'J4:J5', 'K4:K5']) ws.mergeCells(range);
  CONTASIS_SALES.forEach(([serie, numero, ruc, name, concept, base], i) => {
    const igv = Math.round(base * 18) / 100;
    ws.getRow(6 + i).values = [today, '01', serie, numero, 6, Number(ruc), name, concept, base, igv, Math.round((base + igv) * 100) / 100];
  });
  const last = 5 + CONTASIS_SALES.length;
  ws.getRow(last + 1).values = [null, null, null, null, null, null, 'TOTALES', null, ...['I', 'J', 'K'].map((c) => ({ formula: `SUM(${c}6:${c}${last})` }))];
  await wb.xlsx.writeFile(path);
}
