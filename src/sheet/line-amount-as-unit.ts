import { localized } from '../i18n/localized-text.js';
import { matchKey } from '../invoice/match-key.js';
import type { Problem } from '../invoice/problem.js';
import type { HeaderMatch } from './column-mapping.js';
import { headerKey, withColumnFeeding } from './column-mapping.js';
import type { HeaderColumn } from './header-map.js';
import { sheetAmountKind } from './sheet-amount-columns.js';

/**
 * A register of one amount per line and no quantity: a services firm writes «Servicio de asesoría
 * contable» and its «Valor venta», never a quantity or a unit value. Such a sheet was refused whole
 * for the two missing columns. Each of its lines is one unit of that amount: the amount is the unit
 * value, and the quantity is 1.
 *
 * Only where the amount says whether it includes IGV as the run reads unit values: a base («Valor
 * venta», «Subtotal», «Base imponible») in a run of prices without IGV (the default); a total with
 * IGV («Total», «Importe total»), or an «Importe», which offices write both ways, in a run of
 * `--tipo-registro PRECIOS_CON_IGV`, which is the user saying so. Anything else stays refused, its
 * message saying which of the two to do (detect-header.ts): read the other way, every invoice would
 * be 18 % off.
 */
export function withLineAmountAsUnitValue(match: HeaderMatch, options: { readonly pricesWithIgv: boolean }): HeaderMatch {
  if (match.matches.has('cantidad') || match.matches.has('valorVentaUnitario') || match.unknown.some((c) => looksLikeQuantity(c.header))) return match;
  const wanted: readonly string[] = options.pricesWithIgv ? ['total', 'amount'] : ['base'];
  for (const kind of wanted) {
    const column = match.unknown.find((c) => lineAmountKind(c.header) === kind);
    if (column !== undefined) return withColumnFeeding(match, column, ['valorVentaUnitario']);
  }
  return match;
}

/**
 * Whether a sheet without a quantity column reads each line as one unit: its unit value comes
 * from a line's amount («Valor venta», «Total», «Importe»: by withLineAmountAsUnitValue, or by the
 * user's mapping or choice of columns), never from a unit price, whose quantity is not known.
 */
export function isUnitQuantity(
  columns: { readonly cantidad?: HeaderColumn | undefined; readonly valorVentaUnitario?: HeaderColumn | undefined },
  unknown: readonly HeaderColumn[],
): boolean {
  const unit = columns.valorVentaUnitario;
  return columns.cantidad === undefined && unit !== undefined && isLineAmountHeader(unit.header) && !unknown.some((c) => looksLikeQuantity(c.header));
}

/** The beginnings of a quantity's header we do not read as one («Cantidad facturada», «Unid.», «Horas»): the quantity is asked for, never taken as 1. */
const QUANTITY_LIKE = ['cant', 'qty', 'unid', 'nrounid', 'numunid', 'horas', 'piezas', 'pzas', 'bultos'];

/** Whether an unread header may be a quantity: then a line is not one unit by default. */
function looksLikeQuantity(header: string): boolean {
  const key = matchKey(header);
  return QUANTITY_LIKE.some((q) => key.startsWith(q));
}

/** Whether a header names a line's amount («Valor venta», «Total», «Importe»), not a unit's price. */
export function isLineAmountHeader(header: string): boolean {
  return lineAmountKind(header) !== undefined;
}

/**
 * A register's base of its taxed sales («Base imponible gravada», SUNAT's register's «Base imponible
 * de la operación gravada»): a line's value without IGV, read as the value of one unit when the sheet
 * has no quantity and no unit value. Not one of the sheet's amounts each invoice is checked against
 * (sheet-amount-columns.ts): an exonerated sale's base is in another column, and checked against it
 * such an invoice, valid, would be refused.
 */
const TAXED_BASE_KEYS: ReadonlySet<string> = new Set(
  [
    'Base imponible gravada',
    'Base imponible op. gravada',
    'Base imponible operación gravada',
    'Base imponible de la operación gravada',
    'Valor venta gravado',
    'Valor de venta gravada',
  ].map(headerKey),
);

/** Which line's amount a header names: without IGV (`base`), with it (`total`), or either (`amount`, «Importe»). */
export function lineAmountKind(header: string): 'base' | 'total' | 'amount' | undefined {
  const kind = sheetAmountKind(header);
  if (kind === 'base' || kind === 'total' || kind === 'amount') return kind;
  return TAXED_BASE_KEYS.has(headerKey(header)) ? 'base' : undefined;
}

/**
 * The error of a second row of one invoice in a sheet read as one unit per line: whether its
 * amount is the line's or the whole invoice's repeated on every row («Total factura», which
 * reconcile-sheet-amounts.ts takes either way) cannot be told, and read as the line's the invoice
 * would add up to twice its total. A register of one amount per line has one row per invoice.
 */
export function severalLinesProblem(row: number, invoice: string, unit: HeaderColumn): Problem {
  const where = `«${unit.header}»`;
  return {
    severity: 'error',
    code: 'ONE_UNIT_SEVERAL_LINES',
    row,
    column: 'valorVentaUnitario',
    value: invoice,
    message: localized(
      `Fila ${row}: la factura ${invoice} tiene más de una fila y la hoja no tiene columna de cantidad: no se sabe si ${where} es el importe de cada línea o el de toda la factura repetido en cada fila (leído como de cada línea, la factura sumaría de más). Agregue las columnas «Cantidad» y «Valor unitario».`,
      `Row ${row}: invoice ${invoice} has more than one row and the sheet has no quantity column: whether ${where} is each line's amount or the whole invoice's repeated on every row cannot be told (read as each line's, the invoice would add up to more). Add the «Cantidad» and «Valor unitario» columns.`,
    ),
  };
}

/** The note of a sheet read so: which column is each line's value, and that each line is one unit. */
export function unitQuantityNote(unit: HeaderColumn, headerRow: number, pricesWithIgv: boolean): Problem {
  const where = `«${unit.header}» (${unit.letter})`;
  const igv = pricesWithIgv ? localized('con IGV', 'with IGV') : localized('sin IGV', 'without IGV');
  return {
    severity: 'warning',
    code: 'LINE_AMOUNT_AS_UNIT_VALUE',
    row: headerRow,
    value: unit.header,
    message: localized(
      `La hoja no tiene columna de cantidad: cada línea se lee como 1 unidad, y ${where} como su valor ${igv.es}. Si alguna línea es de varias unidades, agregue las columnas «Cantidad» y «Valor unitario».`,
      `The sheet has no quantity column: each line is read as 1 unit, and ${where} as its value ${igv.en}. If a line is of several units, add the «Cantidad» and «Valor unitario» columns.`,
    ),
  };
}
