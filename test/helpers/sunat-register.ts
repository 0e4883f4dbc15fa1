import { writeFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { limaToday } from '../../src/invoice/lima-today.js';

/** The register's sales, one line each: serie, number, the customer's RUC and name, the line's description, quantity and unit value without IGV. */
export const SUNAT_SALES = [
  ['F001', 1201, '20602988431', 'Restaurante El Piurano S.A.C.', 'Cocina industrial de 6 hornillas', 2, 1500],
  ['F001', 1202, '20499873205', 'Agroexportadora Valle de Ica S.A.', 'Servicio de mantenimiento de cámaras de frío', 1, 2500],
  ['F001', 1203, '20133700855', 'Minera Los Andes S.A.', 'Casco de seguridad', 40, 35.5],
] as const;

/** The register's width: SUNAT's 22 columns (A-V), then the line's description, quantity and unit value (W-Y). */
const WIDTH = 25;

/** Where the header starts: four title rows and a blank row above it. */
export const SUNAT_HEADER_ROW = 6;

/**
 * The merged ranges of SUNAT's Registro de Ventas e Ingresos (Formato 14.1), as an office keeps it in
 * Excel: the title rows merged across, then a header of three rows: «COMPROBANTE DE PAGO O DOCUMENTO»
 * over «TIPO», «N° SERIE…», «NÚMERO»; «INFORMACIÓN DEL CLIENTE» over «DOCUMENTO DE IDENTIDAD» (over
 * «TIPO», «NÚMERO») and «APELLIDOS Y NOMBRES…» (merged down rows 7-8); «IMPORTE TOTAL DE LA OPERACIÓN
 * EXONERADA O INAFECTA» (rows 6-7) over «EXONERADA», «INAFECTA»; «REFERENCIA DEL COMPROBANTE…» (rows
 * 6-7) over «FECHA», «TIPO», «SERIE», «N° DEL COMPROBANTE…»; every other header merged down the three rows.
 */
const MERGES = [
  'A1:Y1',
  'A2:Y2',
  'A3:Y3',
  'A4:Y4',
  'A6:A8',
  'B6:B8',
  'C6:C8',
  'D6:F6',
  'D7:D8',
  'E7:E8',
  'F7:F8',
  'G6:I6',
  'G7:H7',
  'I7:I8',
  'J6:J8',
  'K6:K8',
  'L6:M7',
  'N6:N8',
  'O6:O8',
  'P6:P8',
  'Q6:Q8',
  'R6:R8',
  'S6:V7',
  'W6:W8',
  'X6:X8',
  'Y6:Y8',
];

type Value = string | number | Date | null;

/** A row of the register's width with `texts` at the given letters, the other cells blank. */
function rowOf(texts: Readonly<Record<string, Value>>): Value[] {
  const row: Value[] = new Array<Value>(WIDTH).fill(null);
  for (const [letter, value] of Object.entries(texts)) row[letter.charCodeAt(0) - 65] = value;
  return row;
}

export interface SunatOptions {
  /** The title over the customer's columns (one that does not say whose they are, «DATOS», say). */
  readonly customerTitle?: string;
  /** The title over the customer's document's type and number. */
  readonly documentTitle?: string;
  /** The unit values written with IGV (an office's slip), the register's base, IGV and total as they should be. */
  readonly unitValuesWithIgv?: boolean;
}

/** The register's rows as a grid, row 1 first, each merged range's text in its first cell only. */
export function sunatGrid(options: SunatOptions, date: (d: Date) => Value): Value[][] {
  const today = new Date(`${limaToday(Date.now())}T00:00:00Z`);
  return [
    rowOf({ A: 'FORMATO 14.1: REGISTRO DE VENTAS E INGRESOS' }),
    rowOf({ A: 'PERIODO: NOVIEMBRE 2026' }),
    rowOf({ A: 'RUC: 20512333797' }),
    rowOf({ A: 'APELLIDOS Y NOMBRES, DENOMINACIÓN O RAZÓN SOCIAL: COMERCIAL ANDINA S.A.C.' }),
    [],
    rowOf({
      A: 'NÚMERO CORRELATIVO DEL REGISTRO O CÓDIGO ÚNICO DE LA OPERACIÓN',
      B: 'FECHA DE EMISIÓN DEL COMPROBANTE DE PAGO O DOCUMENTO',
      C: 'FECHA DE VENCIMIENTO Y/O PAGO',
      D: 'COMPROBANTE DE PAGO O DOCUMENTO',
      G: options.customerTitle ?? 'INFORMACIÓN DEL CLIENTE',
      J: 'VALOR FACTURADO DE LA EXPORTACIÓN',
      K: 'BASE IMPONIBLE DE LA OPERACIÓN GRAVADA',
      L: 'IMPORTE TOTAL DE LA OPERACIÓN EXONERADA O INAFECTA',
      N: 'ISC',
      O: 'IGV Y/O IPM',
      P: 'OTROS TRIBUTOS Y CARGOS QUE NO FORMAN PARTE DE LA BASE IMPONIBLE',
      Q: 'IMPORTE TOTAL DEL COMPROBANTE DE PAGO',
      R: 'TIPO DE CAMBIO',
      S: 'REFERENCIA DEL COMPROBANTE DE PAGO O DOCUMENTO ORIGINAL QUE SE MODIFICA',
      W: 'DESCRIPCIÓN',
      X: 'CANTIDAD',
      Y: 'VALOR UNITARIO',
    }),
    rowOf({
      D: 'TIPO (TABLA 10)',
      E: 'N° SERIE O N° DE SERIE DE LA MÁQUINA REGISTRADORA',
      F: 'NÚMERO',
      G: options.documentTitle ?? 'DOCUMENTO DE IDENTIDAD',
      I: 'APELLIDOS Y NOMBRES, DENOMINACIÓN O RAZÓN SOCIAL',
    }),
    rowOf({
      G: 'TIPO (TABLA 2)',
      H: 'NÚMERO',
      L: 'EXONERADA',
      M: 'INAFECTA',
      S: 'FECHA',
      T: 'TIPO (TABLA 10)',
      U: 'SERIE',
      V: 'N° DEL COMPROBANTE DE PAGO O DOCUMENTO',
    }),
    ...SUNAT_SALES.map(([serie, numero, ruc, name, description, quantity, unit], i) => {
      const base = Math.round(quantity * unit * 100) / 100;
      const igv = Math.round(base * 18) / 100;
      return rowOf({
        A: `M${String(i + 1).padStart(4, '0')}`,
        B: date(today),
        D: '01',
        E: serie,
        F: numero,
        G: '6',
        H: ruc,
        I: name,
        K: base,
        O: igv,
        Q: Math.round((base + igv) * 100) / 100,
        W: description,
        X: quantity,
        Y: options.unitValuesWithIgv === true ? Math.round(unit * 118) / 100 : unit,
      });
    }),
  ];
}

const ddmmyyyy = (d: Date): string => `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;

/** The register written by exceljs, with real merged cells. */
export async function writeSunatRegister(path: string, options: SunatOptions = {}): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Registro de Ventas');
  sunatGrid(options, (d) => d).forEach((values, i) => {
    ws.getRow(i + 1).values = values;
  });
  for (const range of MERGES) ws.mergeCells(range);
  await wb.xlsx.writeFile(path);
}

/** The register written by SheetJS, with the same merged ranges. */
export async function writeSunatSheetJs(path: string, options: SunatOptions = {}): Promise<void> {
  const ws = XLSX.utils.aoa_to_sheet(sunatGrid(options, (d) => d));
  ws['!merges'] = MERGES.map((r) => XLSX.utils.decode_range(r));
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, 'Registro de Ventas');
  await writeFile(path, XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
}

/**
 * The register as a CSV, as Excel saves the workbook «CSV UTF-8»: a merged range's text in its
 * first cell only. `filled`: as other programs export it, every cell of a merged range repeats its text.
 * `registerOnly`: SUNAT's 22 columns alone, as the register is printed, without the line columns an office adds.
 */
export async function writeSunatCsv(path: string, options: SunatOptions & { readonly filled?: boolean; readonly registerOnly?: boolean } = {}): Promise<void> {
  // registerOnly: SUNAT's 22 columns alone (A-V), without the line's description, quantity and unit value.
  const grid = sunatGrid(options, ddmmyyyy).map((r) => (options.registerOnly === true ? r.slice(0, 22) : r));
  if (options.filled === true) {
    for (const range of MERGES.map((r) => XLSX.utils.decode_range(r))) {
      const text = grid[range.s.r]?.[range.s.c] ?? null;
      for (let r = range.s.r; r <= range.e.r; r++) for (let c = range.s.c; c <= range.e.c; c++) (grid[r] ??= [])[c] = text;
    }
  }
  const cell = (v: Value): string => (v === null || v === undefined ? '' : /[",\n]/.test(String(v)) ? `"${String(v).replaceAll('"', '""')}"` : String(v));
  await writeFile(path, `\uFEFF${grid.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`);
}
