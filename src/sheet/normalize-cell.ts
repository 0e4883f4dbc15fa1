import type { ColumnType } from '../invoice/canonical-columns.js';
import type { Cell } from './source-row.js';
import type { DecimalConvention } from './normalize-decimal.js';
import { normalizeDecimal } from './normalize-decimal.js';
import type { DateOrder } from './normalize-date.js';
import { normalizeDate } from './normalize-date.js';
import { normalizeIdentity } from './normalize-identity.js';
import { normalizeInteger } from './normalize-integer.js';
import type { CellPlace, Normalized } from './normalize-result.js';
import { normalizeCode, normalizeEmail, normalizeEnum, normalizeText } from './normalize-text.js';
import { normalizeTime } from './normalize-time.js';

/** Normalises one cell by its column's type (canonical-columns.ts); `convention` matters for decimals only, `dateOrder` for dates. */
export function normalizeCell(
  cell: Cell | null,
  type: ColumnType,
  place: CellPlace,
  convention: DecimalConvention | undefined,
  dateOrder: DateOrder = 'day-first',
): Normalized {
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
      return normalizeDecimal(cell, place, convention);
    case 'date':
      return normalizeDate(cell, place, dateOrder);
    case 'time':
      return normalizeTime(cell, place);
    case 'email':
      return normalizeEmail(cell, place);
    case 'enum':
      return normalizeEnum(cell, place);
  }
}
