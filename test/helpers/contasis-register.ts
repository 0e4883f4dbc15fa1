import { writeFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
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
 * «RUC», say); `customerTitle` the title over the customer's columns (one that does not say whose they are, «Datos», say).
 */
export async function writeContasisRegister(path: string, options: ContasisOptions = {}): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Registro Ventas');
  const today = new Date(`${limaToday(Date.now())}T00:00:00Z`);
  // The title and header rows as the other producers write them (contasisGrid), merged as Contasis merges them.
  contasisGrid(options, today)
    .slice(0, 5)
    .forEach((values, i) => {
      ws.getRow(i + 1).values = values;
    });
  for (const range of ['A1:K1', 'A2:K2']) ws.mergeCells(range);
  for (const range of ['A4:A5', 'B4:D4', 'E4:G4', 'H4:H5', 'I4:I5', 'J4:J5', 'K4:K5']) ws.mergeCells(range);
  CONTASIS_SALES.forEach(([serie, numero, ruc, name, concept, base], i) => {
    const igv = Math.round(base * 18) / 100;
    ws.getRow(6 + i).values = [today, '01', serie, numero, 6, Number(ruc), name, concept, base, igv, Math.round((base + igv) * 100) / 100];
  });
  const last = 5 + CONTASIS_SALES.length;
  ws.getRow(last + 1).values = [null, null, null, null, null, null, 'TOTALES', null, ...['I', 'J', 'K'].map((c) => ({ formula: `SUM(${c}6:${c}${last})` }))];
  await wb.xlsx.writeFile(path);
}

export interface ContasisOptions {
  readonly customerDocument?: string;
  readonly customerTitle?: string;
}

/** The register's rows as a grid, row 1 first (a blank row 3), each merged range's text in its first cell only, its other cells blank. */
function contasisGrid(options: ContasisOptions, date: string | Date): (string | number | Date | null)[][] {
  return [
    ['REGISTRO DE VENTAS - NOVIEMBRE 2026'],
    ['COMERCIAL ANDINA S.A.C. RUC 20512333797'],
    [],
    [
      'Fecha de Emisión',
      'Comprobante de Pago',
      null,
      null,
      options.customerTitle ?? 'Cliente',
      null,
      null,
      'Concepto',
      'Base Imponible',
      'IGV',
      'Importe Total',
    ],
    [null, 'Tipo', 'Serie', 'Número', 'Tipo Doc.', options.customerDocument ?? 'Número', 'Razón Social', null, null, null, null],
    ...CONTASIS_SALES.map(([serie, numero, ruc, name, concept, base]) => {
      const igv = Math.round(base * 18) / 100;
      return [date, '01', serie, numero, 6, ruc, name, concept, base, igv, Math.round((base + igv) * 100) / 100];
    }),
  ];
}

/**
 * The same register as a CSV with two header rows, as Excel saves the workbook above «CSV UTF-8»:
 * a merged range's text in its first cell only (a header merged down both rows is blank on the
 * second). `filled`: as other programs export it, every cell of a merged range repeats its text.
 */
export async function writeContasisCsv(path: string, options: ContasisOptions & { readonly filled?: boolean } = {}): Promise<void> {
  const [y, m, d] = limaToday(Date.now()).split('-');
  const grid = contasisGrid(options, `${d}/${m}/${y}`);
  if (options.filled === true) {
    const [upper, lower] = [grid[3] ?? [], grid[4] ?? []];
    for (let i = 0; i < upper.length; i++) {
      if (upper[i] === null) upper[i] = upper[i - 1] ?? null;
      else if (lower[i] === null) lower[i] = upper[i] ?? null;
    }
  }
  const cell = (v: string | number | Date | null): string => (v === null ? '' : /[",\n]/.test(String(v)) ? `"${String(v).replaceAll('"', '""')}"` : String(v));
  await writeFile(path, `${grid.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`);
}

/** The same register written by SheetJS (another producer of XLSX files): the same merged ranges, the customer's RUC as text. */
export async function writeContasisSheetJs(path: string, options: ContasisOptions = {}): Promise<void> {
  const today = new Date(`${limaToday(Date.now())}T00:00:00Z`);
  const ws = XLSX.utils.aoa_to_sheet(contasisGrid(options, today));
  ws['!merges'] = ['A1:K1', 'A2:K2', 'A4:A5', 'B4:D4', 'E4:G4', 'H4:H5', 'I4:I5', 'J4:J5', 'K4:K5'].map((r) => XLSX.utils.decode_range(r));
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, 'Registro Ventas');
  await writeFile(path, XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
}
