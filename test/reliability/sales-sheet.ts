import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { stringify } from 'csv-stringify/sync';
import type { ColumnName } from '../../src/invoice/canonical-columns.js';
import { limaToday } from '../../src/invoice/lima-today.js';
import { withRucCheckDigit } from '../../src/invoice/rules/identity-document-rules.js';

/** The canonical header of a sales sheet, as the template writes it (a subset: the usual columns). */
export const SALES_HEADER = [
  'serie',
  'numero',
  'fechaEmision',
  'moneda',
  'receptorNumeroDocumento',
  'receptorNombreLegal',
  'receptorCorreo',
  'codigoProducto',
  'descripcion',
  'cantidad',
  'unidadMedida',
  'valorVentaUnitario',
  'tipoAfectacion',
] as const satisfies readonly ColumnName[];

/** A RUC with a correct check digit (docs/service-contract.md §9): `20` + eight digits from `n`, then the digit. */
export function validRuc(n: number): string {
  return withRucCheckDigit(`20${String(n % 100_000_000).padStart(8, '0')}`);
}

export interface SalesSheetOptions {
  readonly invoices: number;
  readonly linesPerInvoice?: number;
  readonly serie?: string;
  readonly firstNumero?: number;
  /** `YYYY-MM-DD`; default today in Lima (a date in the future is refused, an old one warned). */
  readonly fecha?: string;
}

/** One sale line: every value valid, amounts with two decimals. */
export function salesLine(invoice: number, line: number, options: SalesSheetOptions): string[] {
  const numero = (options.firstNumero ?? 1) + invoice;
  return [
    options.serie ?? 'F001',
    String(numero),
    options.fecha ?? limaToday(Date.now()),
    'PEN',
    validRuc(1_000_000 + invoice * 7),
    `Cliente ${invoice} S.A.C.`,
    `compras${invoice}@cliente.pe`,
    `P-${line}`,
    `Producto ${line} de la factura ${numero}`,
    String(1 + (line % 5)),
    'UNIDAD_BIENES',
    `${10 + (invoice % 90)}.${String(line % 100).padStart(2, '0')}`,
    'GRAVADO_OPERACION_ONEROSA',
  ];
}

/** Writes a valid sales CSV (UTF-8, comma) of `invoices` invoices; returns the number of data rows. */
export async function writeSalesCsv(path: string, options: SalesSheetOptions): Promise<number> {
  const out = createWriteStream(path);
  const lines = options.linesPerInvoice ?? 1;
  let rows = 0;
  const write = async (text: string): Promise<void> => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(stringify([[...SALES_HEADER]]));
  for (let i = 0; i < options.invoices; i++) {
    const batch: string[][] = [];
    for (let l = 0; l < lines; l++) batch.push(salesLine(i, l, options));
    rows += batch.length;
    await write(stringify(batch));
  }
  out.end();
  await once(out, 'close');
  return rows;
}
