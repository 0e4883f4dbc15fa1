import { localized } from '../i18n/localized-text.js';
import { BUILTIN_CATALOGUES, resolveCatalogueValue } from '../invoice/catalogues.js';
import type { SheetAmounts } from '../invoice/line-record.js';
import type { Problem } from '../invoice/problem.js';
import type { DecimalConvention } from './normalize-decimal.js';
import { normalizeDecimal } from './normalize-decimal.js';
import { collapseWhitespace } from './normalize-result.js';
import type { Wording } from '../remedies.js';
import type { Cell } from './source-row.js';

/** The sheet amounts compared with the invoice (a discount is kept as the sheet shows it). */
export type ComparedAmount = Exclude<keyof SheetAmounts, 'discount'>;

/** Where the amount is: its row, the sheet's header of its column, and what the column holds. */
export interface SheetAmountPlace {
  readonly row: number;
  readonly header: string;
  readonly kind: ComparedAmount;
  /** Whether the row names its tax treatment («Tipo de afectación»). */
  readonly treated: boolean;
}

/** A dash alone, with or without a currency symbol: how Excel's accounting format shows a zero («S/ -»), and how registers write none. */
const DASH = /^(?:s\/\.?|us\$|\$)?\s*[-\u2012-\u2015]+$/i;

/**
 * One cell of a sheet's own amount column (Total, Subtotal, IGV, Importe: sheet-amount-columns.ts),
 * read as the unit values are (a currency symbol allowed). A dash alone is 0. A cell that holds no
 * amount («ANULADO», «Exonerado», «#N/A», «1.234,50» in a file that writes decimal points) is an
 * error at that cell: the column is what the invoice's amounts are checked against, and an invoice
 * the sheet does not let us check is not sent. It used to be left out without a word, so an «ANULADO»
 * in the total went unnoticed while the rest of the row was sent. «Exonerado» where the IGV goes, on
 * a row that names no tax treatment, says what the sheet lacks: that column.
 */
export function readSheetAmount(
  cell: Cell,
  place: SheetAmountPlace,
  convention: DecimalConvention | undefined,
  wording?: Wording,
): { value: string } | { problem: Problem } | undefined {
  if (cell.kind === 'text' && DASH.test(collapseWhitespace(cell.text))) return { value: '0' };
  const n = normalizeDecimal(cell, { row: place.row, column: 'valorVentaUnitario' }, convention, wording);
  if (n.kind === 'value') return { value: n.value };
  if (n.kind !== 'problem') return undefined;
  const shown = n.problem.value ?? '';
  const at = `Fila ${place.row}, «${place.header}»:`;
  const atEn = `Row ${place.row}, "${place.header}":`;
  const error = (es: string, en: string): { problem: Problem } => ({
    problem: {
      severity: 'error',
      code: n.problem.code,
      row: place.row,
      column: place.header,
      value: shown,
      message: localized(`${at} ${es}`, `${atEn} ${en}`),
    },
  });
  if (place.kind === 'igv' && !place.treated && untaxedTreatment(shown)) {
    return error(
      `la hoja dice «${shown}» en lugar del IGV, pero no tiene una columna «Tipo de afectación», y sin ella cada línea se trata como gravada (18 %). Agregue en su hoja una columna «Tipo de afectación» con «${shown}» en esta fila, escriba 0 en «${place.header}», y revise la hoja otra vez.`,
      `the sheet says «${shown}» instead of the IGV, but it has no «Tipo de afectación» column, and without it every line is taxed (18%). Add a «Tipo de afectación» column to your sheet with «${shown}» on this row, write 0 in "${place.header}", and check the sheet again.`,
    );
  }
  const mixed = n.problem.code === 'MIXED_DECIMAL_SEPARATOR' && convention !== undefined;
  const what = mixed
    ? localized(
        `«${shown}» no se lee como importe: este archivo escribe los decimales con ${convention === 'comma' ? 'coma (1.234,56)' : 'punto (1,234.56)'}.`,
        `«${shown}» does not read as an amount: this file writes decimals with a ${convention === 'comma' ? 'comma (1.234,56)' : 'point (1,234.56)'}.`,
      )
    : localized(`«${shown}» no es un importe.`, `«${shown}» is not an amount.`);
  const todo =
    place.kind === 'igv'
      ? localized('Escriba el IGV de la línea (0 si no lleva IGV) o deje la celda vacía', 'Write the line’s IGV (0 when it has none) or leave the cell empty')
      : localized('Escriba el importe o deje la celda vacía', 'Write the amount or leave the cell empty');
  return error(
    `${what.es} Con esta columna se comprueban los montos de la factura, y una factura que no se puede comprobar no se envía. ${todo.es}; si la venta está anulada, quite sus filas de la hoja.`,
    `${what.en} This column is what the invoice’s amounts are checked against, and an invoice that cannot be checked is not sent. ${todo.en}; if the sale was voided, take its rows out of the sheet.`,
  );
}

/** «Exonerado», «Inafecto», «Exportación»…: a tax treatment without IGV, written where the IGV goes. */
function untaxedTreatment(text: string): boolean {
  const value = resolveCatalogueValue(BUILTIN_CATALOGUES, 'tipoAfectacion', text);
  return value !== undefined && !value.startsWith('GRAVADO');
}
