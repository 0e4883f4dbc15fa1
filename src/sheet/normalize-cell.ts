import type { ColumnType } from '../invoice/canonical-columns.js';
import type { Cell } from './source-row.js';
import type { DecimalConvention } from './normalize-decimal.js';
import { normalizeDecimal } from './normalize-decimal.js';
import type { DateOrder } from './normalize-date.js';
import { normalizeDate } from './normalize-date.js';
import { normalizeIdentity } from './normalize-identity.js';
import { normalizeInteger } from './normalize-integer.js';
import type { CellPlace, Normalized } from './normalize-result.js';
import { ABSENT } from './normalize-result.js';
import { normalizeCode, normalizeEmail, normalizeEnum, normalizeText } from './normalize-text.js';
import { normalizeTime } from './normalize-time.js';
import type { Wording } from '../remedies.js';
import { isPlaceholderText } from './placeholder-text.js';

const KEY_COLUMNS: ReadonlySet<string> = new Set(['serie', 'numero', 'emisorRuc']);

/** Normalises one cell by its column's type (canonical-columns.ts); `convention` matters for decimals only, `dateOrder` for dates. */
export function normalizeCell(
  cell: Cell | null,
  type: ColumnType,
  place: CellPlace,
  convention: DecimalConvention | undefined,
  dateOrder: DateOrder = 'day-first',
  /** Whom the messages speak to (remedies.ts). */
  wording?: Wording,
): Normalized {
  // Not in the invoice's key: a blank serie and number continue the invoice above, and a row a register
  // marks «-» there (a separator, an adjustment) must not become a line of another invoice. Nor in a
  // catalogue's column: blank, it takes its default, and «N/A» in «Tipo IGV» (no IGV) became «gravado».
  if (cell?.kind === 'text' && type !== 'enum' && !KEY_COLUMNS.has(place.column) && isPlaceholderText(cell.text)) return ABSENT;
  switch (type) {
    case 'text':
      return normalizeText(cell, place);
    case 'code':
      return normalizeCode(cell, place);
    case 'identity':
      return normalizeIdentity(cell, place);
    case 'integer':
      return normalizeInteger(cell, place);
    case 'decimal':
      return normalizeDecimal(cell, place, convention, wording);
    case 'date':
      return normalizeDate(cell, place, dateOrder, wording);
    case 'time':
      return normalizeTime(cell, place);
    case 'email':
      return normalizeEmail(cell, place);
    case 'enum':
      return normalizeEnum(cell, place);
  }
}
