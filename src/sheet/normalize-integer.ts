import type { Cell } from './source-row.js';
import { withoutTextMarker } from './text-marker.js';
import type { CellPlace, Normalized } from './normalize-result.js';
import { ABSENT, cellErrorProblem, cellProblem, collapseWhitespace, normalizedValue } from './normalize-result.js';

/**
 * Integer columns (numero) → digits without leading zeros (`00001234` → "1234", so a legacy
 * export's padded numbers name the same invoice as the plain ones; `431.0` → "431"; an ERP's
 * `="00001234"` or `'00001234`, text-marker.ts, the same; `N° 1234` too). Signs, real decimals and
 * other letters are errors.
 */
export function normalizeInteger(cell: Cell | null, place: CellPlace): Normalized {
  if (cell === null) return ABSENT;
  switch (cell.kind) {
    case 'number':
      return Number.isSafeInteger(cell.value) && cell.value >= 0 ? normalizedValue(String(cell.value)) : notAWholeNumber(place, String(cell.value));
    case 'text': {
      const text = withoutTextMarker(collapseWhitespace(cell.text));
      if (text === '') return ABSENT;
      // pandas and other float-minded exporters write whole numbers as `431.0`: the same digits.
      // The sign («N° 103») is looked for only when the plain digits do not read: most cells are plain.
      const digits = (WHOLE.exec(text) ?? WHOLE.exec(text.replace(NUMBER_SIGN, '')))?.[1];
      if (digits === undefined) return notAWholeNumber(place, text);
      return normalizedValue(digits.replace(/^0+(?=\d)/, ''));
    }
    case 'error':
      return cellErrorProblem(cell, place);
    case 'date':
      return notAWholeNumber(place, cell.iso.slice(0, 10));
    case 'boolean':
      return notAWholeNumber(place, cell.value ? 'TRUE' : 'FALSE');
  }
}

/** Digits, or digits with a zero fraction (`431.0`). */
const WHOLE = /^(\d+)(?:\.0+)?$/;

/** «N° 103», «Nº103», «No. 103», «Nro. 103», «Núm. 103», «#103»: the sign a hand-typed number may start with. */
const NUMBER_SIGN = /^(?:n\s?[°º]|no\.?|nro\.?|n[úu]m\.?|#)\s?(?=\d)/i;

function notAWholeNumber(place: CellPlace, text: string): Normalized {
  return cellProblem(
    place,
    'NOT_A_WHOLE_NUMBER',
    text,
    `«${text}» no es un número entero sin signo (solo dígitos, por ejemplo 1234).`,
    `«${text}» is not an unsigned whole number (digits only, for example 1234).`,
  );
}
