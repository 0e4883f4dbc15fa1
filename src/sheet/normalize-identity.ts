import type { Cell } from './source-row.js';
import type { CellPlace, Normalized } from './normalize-result.js';
import { ABSENT, cellErrorProblem, cellProblem, collapseWhitespace, controlCharacterProblem, normalizedValue } from './normalize-result.js';

const SCIENTIFIC_TEXT = /^[+-]?\d+(?:[.,]\d+)?\s*[eE]\s*[+-]?\d+$/;
/** Excel keeps 15 significant digits: a longer number in a cell has already lost some. */
const MAX_EXACT_DIGITS = 15;

/**
 * Identity columns (RUC, DNI, ubigeo) → the digits as text. Text is kept as written (trimmed; other
 * documents such as passports may hold letters). A number cell holding a whole number gives its
 * digits, but a number shown in scientific notation (`2.05123E+10`, as text or as a number cell
 * formatted that way) has lost digits and is an error, as is a DNI (fewer than 8 digits) or an
 * ubigeo (fewer than 6) whose leading zeros the number cell dropped.
 */
export function normalizeIdentity(cell: Cell | null, place: CellPlace): Normalized {
  if (cell === null) return ABSENT;
  switch (cell.kind) {
    case 'text': {
      const text = collapseWhitespace(cell.text);
      if (text === '') return ABSENT;
      return SCIENTIFIC_TEXT.test(text) ? scientific(place, text) : (controlCharacterProblem(text, place) ?? normalizedValue(text));
    }
    case 'number': {
      const shown = String(cell.value);
      if (cell.numFmt !== undefined && /[eE][+-]/.test(cell.numFmt)) return scientific(place, shown);
      if (!Number.isInteger(cell.value) || cell.value < 0) return notDigits(place, shown);
      const digits = BigInt(cell.value).toString();
      if (digits.length > MAX_EXACT_DIGITS) return scientific(place, shown);
      const expected = place.column === 'receptorUbigeo' ? 6 : place.column === 'receptorNumeroDocumento' ? 8 : 0;
      if (digits.length < expected) return lostLeadingZero(place, digits, expected);
      return normalizedValue(digits);
    }
    case 'error':
      return cellErrorProblem(cell, place);
    case 'date':
      return notDigits(place, cell.iso.slice(0, 10));
    case 'boolean':
      return notDigits(place, cell.value ? 'TRUE' : 'FALSE');
  }
}

function scientific(place: CellPlace, shown: string): Normalized {
  return cellProblem(
    place,
    'SCIENTIFIC_NOTATION',
    shown,
    `«${shown}» está en notación científica y el número perdió dígitos (un RUC tiene 11). Dé a la columna formato de texto y vuelva a escribir el número completo.`,
    `«${shown}» is in scientific notation and the number lost digits (a RUC has 11). Format the column as text and type the full number again.`,
  );
}

function lostLeadingZero(place: CellPlace, digits: string, expected: number): Normalized {
  const what = expected === 6 ? { es: 'un ubigeo tiene 6 dígitos', en: 'an ubigeo has 6 digits' } : { es: 'un DNI tiene 8 dígitos', en: 'a DNI has 8 digits' };
  return cellProblem(
    place,
    'LOST_LEADING_ZERO',
    digits,
    `«${digits}» perdió su cero inicial porque la celda es numérica (${what.es}). Dé a la columna formato de texto y escriba el número con sus ceros.`,
    `«${digits}» lost its leading zero because the cell is numeric (${what.en}). Format the column as text and type the number with its zeros.`,
  );
}

function notDigits(place: CellPlace, shown: string): Normalized {
  return cellProblem(
    place,
    'INVALID_IDENTITY',
    shown,
    `«${shown}» no es un número de documento (se esperan dígitos escritos como texto).`,
    `«${shown}» is not a document number (digits written as text are expected).`,
  );
}
