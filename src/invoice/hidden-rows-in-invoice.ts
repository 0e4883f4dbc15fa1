import { localized } from '../i18n/localized-text.js';
import type { Problem } from './problem.js';
import type { Wording } from '../remedies.js';
import { remedy } from '../remedies.js';
import { rowRanges } from './row-ranges.js';

/**
 * The error on a visible row of an invoice some of whose rows the sheet hides (by hand or with a
 * filter) and were left out: the invoice would go out incomplete. `invoice` is its `serie-numero`;
 * `hidden` the rows left out so far.
 */
export function hiddenRowsInInvoice(row: number, invoice: string, hidden: readonly number[], wording?: Wording): Problem {
  const list = rowRanges(hidden);
  const include = remedy('includeHidden', wording);
  return {
    severity: 'error',
    code: 'HIDDEN_ROWS_IN_INVOICE',
    row,
    column: 'serie',
    value: list,
    message: localized(
      `Fila ${row}: La factura ${invoice} tiene filas ocultas o filtradas (${hidden.length === 1 ? 'fila' : 'filas'} ${list}) que no se leyeron; no se envía una factura incompleta. Muestre esas filas${include.es}`,
      `Row ${row}: Invoice ${invoice} has hidden or filtered-out rows (${hidden.length === 1 ? 'row' : 'rows'} ${list}) that were not read; an incomplete invoice is not sent. Unhide those rows${include.en}`,
    ),
  };
}
