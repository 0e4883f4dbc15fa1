/**
 * Generates templates/factura-import.xlsx and templates/factura-import.csv from the one column
 * definition (src/invoice/canonical-columns.ts). Run: `npx tsx scripts/make-templates.ts [dir]`.
 * A test regenerates them into a temp dir and compares cell values with the committed files.
 *
 * - `Facturas` (first sheet, the one read): the header row is exactly the canonical names, so a
 *   filled template reads back without a mapping file, and nothing below it: a blank template sends
 *   nothing. (Its examples once stood there, valid: a user who typed the month's sales under them
 *   issued F001-1 and F001-2 to made-up customers.) Identity and code columns are text-formatted
 *   (a RUC typed there keeps its digits), dates `dd/mm/yyyy`, and enumerated columns offer a
 *   drop-down list (a warning, not a refusal, for other values: SUNAT codes and Spanish words are
 *   accepted too).
 * - `Instrucciones`: every column in Spanish: name, label, required, default, allowed values, example.
 * - `Ejemplo`: the same header with two example invoices (F001-1 with two lines, F001-2 with one).
 *   Never read unless asked (`--sheet Ejemplo`): only the first sheet is, when it has its header.
 * - `Listas` (hidden): the allowed values the drop-downs refer to.
 * - The CSV: UTF-8 WITH a BOM (Excel on Windows reads a BOM-less file as ANSI and breaks «Razón»),
 *   `,` delimiter, CRLF line ends: the header alone (a CSV has one sheet, and examples in it would be sent).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import type { ColumnDefinition, ColumnName } from '../src/invoice/canonical-columns.js';
import { CANONICAL_COLUMNS, COLUMN_NAMES } from '../src/invoice/canonical-columns.js';
import { allowedValues, BUILTIN_CATALOGUES } from '../src/invoice/catalogues.js';
import { TEMPLATE_SHEETS } from '../src/sheet/template-sheets.js';

export const TEMPLATE_DATA_SHEET = TEMPLATE_SHEETS.data;
export const TEMPLATE_EXAMPLE_SHEET = TEMPLATE_SHEETS.example;
/** Rows of the data sheet that get the drop-down lists. */
const VALIDATED_ROWS = 1000;

type Example = Partial<Record<ColumnName, string>>;

/** The template's example rows, as the normalised values reading them must give back. */
export const TEMPLATE_EXAMPLES: readonly Example[] = [
  {
    serie: 'F001',
    numero: '1',
    fechaEmision: '2026-11-20',
    horaEmision: '10:30:00',
    moneda: 'PEN',
    formaPago: 'CONTADO',
    condicionPago: 'CONTADO',
    medioPago: 'DEPOSITO_CUENTA',
    ordenCompra: 'OC-2026-0153',
    glosa: 'Entrega en almacén central',
    coVendedor: 'V01',
    tipoOperacion: 'VENTA_INTERNA',
    receptorTipoDocumento: 'RUC',
    receptorNumeroDocumento: '20512333797',
    receptorNombreLegal: 'Comercial Andina S.A.C.',
    receptorNombreComercial: 'Andina Market',
    receptorCorreo: 'compras@andina.com.pe',
    receptorCorreoCopia: 'contabilidad@andina.com.pe',
    receptorDireccion: 'Av. Argentina 1234, Cercado de Lima',
    receptorUbigeo: '150101',
    codigoProducto: 'P001',
    descripcion: 'Arroz extra bolsa 5 kg',
    cantidad: '10',
    unidadMedida: 'UNIDAD_BIENES',
    valorVentaUnitario: '18.5',
    tipoAfectacion: 'GRAVADO_OPERACION_ONEROSA',
  },
  {
    serie: 'F001',
    numero: '1',
    codigoProducto: 'P002',
    descripcion: 'Aceite vegetal botella 1 L',
    cantidad: '12',
    unidadMedida: 'UNIDAD_BIENES',
    valorVentaUnitario: '7.9',
    tipoAfectacion: 'GRAVADO_OPERACION_ONEROSA',
  },
  {
    serie: 'F001',
    numero: '2',
    fechaEmision: '2026-11-20',
    moneda: 'PEN',
    formaPago: 'CONTADO',
    receptorNumeroDocumento: '20100070970',
    receptorNombreLegal: 'Servicios Generales del Sur E.I.R.L.',
    receptorCorreo: 'pagos@sgsur.pe',
    descripcion: 'Servicio de mantenimiento de equipos de cómputo',
    cantidad: '1',
    unidadMedida: 'UNIDAD_SERVICIOS',
    valorVentaUnitario: '850',
  },
];

const EXAMPLE_BY_COLUMN: Readonly<Partial<Record<ColumnName, string>>> = { receptorTipoDocumento: 'RUC', horaEmision: '10:30:00' };

function defaultText(c: ColumnDefinition): string {
  if (c.defaultValue !== undefined) return c.defaultValue;
  if (c.name === 'receptorTipoDocumento') return 'Según el número: 11 dígitos RUC, 8 dígitos DNI';
  return '';
}

function allowedText(c: ColumnDefinition): string {
  return c.catalogue === undefined ? '' : allowedValues(BUILTIN_CATALOGUES, c.catalogue).join(', ');
}

function exampleOf(c: ColumnDefinition): string {
  return TEMPLATE_EXAMPLES[0]?.[c.name] ?? EXAMPLE_BY_COLUMN[c.name] ?? '';
}

/** A cell value as the XLSX template stores it: numbers as numbers, the date as a date, the rest as text. */
function xlsxValue(c: ColumnDefinition, value: string | undefined): ExcelJS.CellValue {
  if (value === undefined) return null;
  if (c.type === 'decimal' || c.type === 'integer') return Number(value);
  if (c.type === 'date') return new Date(`${value}T00:00:00Z`);
  return value;
}

/** A sheet with the canonical header (coloured, each heading's note explaining it) and the columns' formats. */
function addInvoiceSheet(wb: ExcelJS.Workbook, name: string): ExcelJS.Worksheet {
  const sheet = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = CANONICAL_COLUMNS.map((c) => ({
    header: c.name,
    key: c.name,
    width: Math.max(12, c.name.length + 4),
    style: c.type === 'identity' || c.type === 'code' ? { numFmt: '@' } : c.type === 'date' ? { numFmt: 'dd/mm/yyyy' } : {},
  }));
  const headerRow = sheet.getRow(1);
  CANONICAL_COLUMNS.forEach((c, i) => {
    const cell = headerRow.getCell(i + 1);
    cell.font = { bold: true, color: { argb: 'FFFFFFFF' } };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: c.required ? 'FF1F4E79' : 'FF5B9BD5' } };
    cell.note = `${c.label.es}${c.required ? ' (obligatoria)' : ''}: ${c.description.es}`;
  });
  return sheet;
}

export function buildTemplateWorkbook(): ExcelJS.Workbook {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'factura-import';
  wb.created = new Date(Date.UTC(2026, 10, 1));
  wb.modified = wb.created;

  const data = addInvoiceSheet(wb, TEMPLATE_DATA_SHEET);

  const help = wb.addWorksheet(TEMPLATE_SHEETS.help);
  help.columns = [
    { header: 'Columna', key: 'name', width: 26 },
    { header: 'Nombre', key: 'label', width: 30 },
    { header: 'Obligatoria', key: 'required', width: 12 },
    { header: 'Valor por defecto', key: 'default', width: 28 },
    { header: 'Valores permitidos', key: 'allowed', width: 60 },
    { header: 'Ejemplo', key: 'example', width: 28 },
    { header: 'Descripción', key: 'description', width: 90 },
  ];
  help.getRow(1).font = { bold: true };
  for (const c of CANONICAL_COLUMNS) {
    help.addRow({
      name: c.name,
      label: c.label.es,
      required: c.required ? 'Sí' : 'No',
      default: defaultText(c),
      allowed: allowedText(c),
      example: exampleOf(c),
      description: c.description.es,
    });
  }
  help.addRow([]);
  for (const note of [
    'Una fila por cada línea (ítem) de la factura. Las filas de una misma factura van juntas y repiten la serie y el número.',
    'Las columnas de la factura (fecha, cliente, moneda…) pueden repetirse en cada línea o dejarse en blanco en las líneas siguientes a la primera.',
    'No cambie los encabezados de la hoja Facturas: el programa los reconoce por su nombre. Las columnas opcionales pueden borrarse.',
    'Escriba el RUC, el DNI y el ubigeo como texto, con todos sus dígitos y ceros iniciales.',
    'Los precios son valores unitarios SIN IGV; el IGV (18 %) y los totales se calculan al importar.',
    'En las columnas con lista desplegable también se aceptan los códigos SUNAT (NIU, ZZ, 10…) y palabras como «Soles» o «Unidad».',
    `La hoja ${TEMPLATE_EXAMPLE_SHEET} muestra dos facturas llenadas, para guiarse; no se lee ni se envía. Escriba sus ventas en la hoja ${TEMPLATE_DATA_SHEET}.`,
  ]) {
    help.addRow([note]);
  }

  const example = addInvoiceSheet(wb, TEMPLATE_EXAMPLE_SHEET);
  for (const row of TEMPLATE_EXAMPLES) example.addRow(CANONICAL_COLUMNS.map((c) => xlsxValue(c, row[c.name])));

  const lists = wb.addWorksheet(TEMPLATE_SHEETS.lists, { state: 'hidden' });
  const enumColumns = CANONICAL_COLUMNS.filter((c) => c.catalogue !== undefined);
  enumColumns.forEach((c, i) => {
    const values = allowedText(c).split(', ');
    const col = lists.getColumn(i + 1);
    col.values = [c.name, ...values];
    col.width = 30;
    const letter = col.letter;
    const dataCol = data.getColumn(c.name).number;
    for (let row = 2; row <= VALIDATED_ROWS; row += 1) {
      data.getCell(row, dataCol).dataValidation = {
        type: 'list',
        allowBlank: true,
        formulae: [`${TEMPLATE_SHEETS.lists}!$${letter}$2:$${letter}$${values.length + 1}`],
        showErrorMessage: true,
        errorStyle: 'warning',
        errorTitle: c.label.es,
        error: `Valor no reconocido. Valores permitidos: ${values.slice(0, 8).join(', ')}${values.length > 8 ? '…' : ''}`,
      };
    }
  });
  return wb;
}

/** The CSV template's text: BOM, the header of canonical names, CRLF. */
export function templateCsv(): string {
  return `\uFEFF${stringify([COLUMN_NAMES], { record_delimiter: 'windows' })}`;
}

/** Writes both templates into `dir`; returns their paths. */
export async function writeTemplates(dir: string): Promise<{ xlsx: string; csv: string }> {
  await mkdir(dir, { recursive: true });
  const xlsx = join(dir, 'factura-import.xlsx');
  const csv = join(dir, 'factura-import.csv');
  await buildTemplateWorkbook().xlsx.writeFile(xlsx);
  await writeFile(csv, templateCsv(), 'utf8');
  return { xlsx, csv };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? fileURLToPath(new URL('../templates', import.meta.url));
  const written = await writeTemplates(dir);
  console.log(`wrote ${written.xlsx}\nwrote ${written.csv}`);
}
