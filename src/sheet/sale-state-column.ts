import { localized } from '../i18n/localized-text.js';
import type { Problem } from '../invoice/problem.js';
import { isVoidedWord } from '../invoice/voided-word.js';
import { matchKey } from '../invoice/match-key.js';
import { cellDisplayText } from './cell-display-text.js';
import { headerKey } from './column-mapping.js';
import type { HeaderColumn } from './header-map.js';
import type { Cell } from './source-row.js';

/**
 * A register's state column: an ERP's sales report lists voided documents beside the others and
 * says so there («Estado: ANULADO»), or in a column of its own («Anulado: Sí»). It is not one of our
 * columns, so it was ignored with the others, and a voided sale was issued. Now a row it marks as
 * voided is an error at that cell: its invoice is not sent.
 */
const STATE_HEADERS = [
  'Estado',
  'Estado comprobante',
  'Estado del comprobante',
  'Estado documento',
  'Estado del documento',
  'Estado doc',
  'Estado de la venta',
  'Estado venta',
  'Situación',
  'Situación del comprobante',
  'Situación documento',
];
/** A column whose header is the word itself: a yes marks the row voided. */
const FLAG_HEADERS = ['Anulado', 'Anulada', 'Anulación', 'Anulados'];
const YES = new Set(['si', 's', 'x', '1', 'verdadero', 'true', 'yes']);

const KINDS: ReadonlyMap<string, 'state' | 'flag'> = new Map([
  ...STATE_HEADERS.map((h) => [headerKey(h), 'state'] as const),
  ...FLAG_HEADERS.map((h) => [headerKey(h), 'flag'] as const),
]);

export interface SaleStateColumn {
  readonly index: number;
  readonly header: string;
  readonly kind: 'state' | 'flag';
}

/** Whether a header names a register's state column (so it is read, not listed as ignored). */
export function isSaleStateHeader(header: string): boolean {
  return KINDS.has(headerKey(header));
}

/** The first state column among the sheet's unknown columns. */
export function findSaleStateColumn(unknown: readonly HeaderColumn[]): SaleStateColumn | undefined {
  for (const column of unknown) {
    const kind = KINDS.get(headerKey(column.header));
    if (kind !== undefined) return { index: column.index, header: column.header, kind };
  }
  return undefined;
}

/** The error of a row the state column marks as voided; undefined for any other row. */
export function voidedStateProblem(cell: Cell | null, row: number, column: SaleStateColumn): Problem | undefined {
  if (cell === null) return undefined;
  const text = cellDisplayText(cell);
  if (text === null || text.length > 40) return undefined;
  const voided = column.kind === 'flag' ? YES.has(matchKey(text)) || isVoidedWord(text) : isVoidedWord(text);
  if (!voided) return undefined;
  const shown = text.trim();
  return {
    severity: 'error',
    code: 'VOIDED_SALE',
    row,
    column: column.header,
    value: shown,
    message: localized(
      `Fila ${row}, «${column.header}»: la hoja dice «${shown}», es una venta anulada, y una venta anulada no se emite. Quite sus filas de la hoja; si no está anulada, corrija «${column.header}».`,
      `Row ${row}, "${column.header}": the sheet says "${shown}", it is a voided sale, and a voided sale is not issued. Take its rows out of the sheet; if it was not voided, correct "${column.header}".`,
    ),
  };
}
