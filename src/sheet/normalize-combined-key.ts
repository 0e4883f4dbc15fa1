import { cellDisplayText } from './cell-display-text.js';
import type { Cell } from './source-row.js';
import type { Normalized } from './normalize-result.js';
import { ABSENT, collapseWhitespace } from './normalize-result.js';
import type { Problem } from '../invoice/problem.js';
import { localized } from '../i18n/localized-text.js';
import { normalizeCode } from './normalize-text.js';
import { normalizeInteger } from './normalize-integer.js';
import { splitInvoiceKey } from './split-invoice-key.js';
import { withoutTextMarker } from './text-marker.js';

const NOTHING = { serie: ABSENT, numero: ABSENT } as const;

/**
 * A cell of the column that holds the serie and the number together («F001-00000123»,
 * combined-key-column.ts): the serie read as the serie column reads it, the number as the number
 * column does («00000123» → «123»). A cell that does not split so is one problem at the cell (never
 * a guess at which half is which); a blank cell gives neither, as blank key cells do.
 */
export function normalizeCombinedKey(cell: Cell | null, row: number): { readonly serie: Normalized; readonly numero: Normalized } {
  if (cell === null) return NOTHING;
  const text = cell.kind === 'text' ? withoutTextMarker(collapseWhitespace(cell.text)) : undefined;
  if (text === '') return NOTHING;
  const parts = text === undefined ? undefined : splitInvoiceKey(text);
  if (parts === undefined) {
    const shown = text ?? cellDisplayText(cell) ?? '';
    const problem: Problem = {
      severity: 'error',
      code: 'INVOICE_KEY_NOT_SPLIT',
      row,
      column: 'serie',
      value: shown,
      message: localized(
        `Fila ${row}, Serie y número: «${shown}» no trae la serie y el número como «F001-00000123» (4 letras o dígitos, un guion y el número).`,
        `Row ${row}, Serie and number: «${shown}» does not hold the serie and the number as «F001-00000123» (4 letters or digits, a hyphen and the number).`,
      ),
    };
    return { serie: { kind: 'problem', problem }, numero: ABSENT };
  }
  return {
    serie: normalizeCode({ kind: 'text', text: parts.serie }, { row, column: 'serie' }),
    numero: normalizeInteger({ kind: 'text', text: parts.numero }, { row, column: 'numero' }),
  };
}
