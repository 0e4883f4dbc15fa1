import { localized } from '../i18n/localized-text.js';
import type { Problem } from '../invoice/problem.js';
import type { HeaderMatch } from './column-mapping.js';
import { withColumnFeeding } from './column-mapping.js';
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
  if (match.matches.has('cantidad') || match.matches.has('valorVentaUnitario')) return match;
  const wanted: readonly string[] = options.pricesWithIgv ? ['total', 'amount'] : ['base'];
  for (const kind of wanted) {
    const column = match.unknown.find((c) => sheetAmountKind(c.header) === kind);
    if (column !== undefined) return withColumnFeeding(match, column, ['valorVentaUnitario']);
  }
  return match;
}

/**
 * Whether a sheet without a quantity column reads each line as one unit: its unit value comes
 * from a line's amount («Valor venta», «Total», «Importe»: by withLineAmountAsUnitValue, or by the
 * user's mapping or choice of columns), never from a unit price, whose quantity is not known.
 */
export function isUnitQuantity(columns: { readonly cantidad?: HeaderColumn | undefined; readonly valorVentaUnitario?: HeaderColumn | undefined }): boolean {
  const unit = columns.valorVentaUnitario;
  return columns.cantidad === undefined && unit !== undefined && isLineAmountHeader(unit.header);
}

/** Whether a header names a line's amount («Valor venta», «Total», «Importe»), not a unit's price. */
export function isLineAmountHeader(header: string): boolean {
  const kind = sheetAmountKind(header);
  return kind === 'base' || kind === 'total' || kind === 'amount';
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
