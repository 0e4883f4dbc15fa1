import type { Cell } from './source-row.js';
import type { CellPlace, Normalized } from './normalize-result.js';
import {
  ABSENT,
  cellErrorProblem,
  cellProblem,
  collapseWhitespace,
  controlCharacterProblem,
  garbledTextProblem,
  isPlainText,
  normalizedValue,
} from './normalize-result.js';
import { exactNumberText } from './normalize-decimal.js';

/**
 * Text columns (names, descriptions, remarks): trimmed, inner whitespace collapsed, empty → absent;
 * an invisible control character (NUL…) is a problem, never sent.
 * A number cell gives the number as typed (no float noise); a date cell its `YYYY-MM-DD` (and time).
 */
export function normalizeText(cell: Cell | null, place: CellPlace): Normalized {
  if (cell === null) return ABSENT;
  switch (cell.kind) {
    case 'text': {
      // Most cells: one test says there is nothing to collapse and no control character.
      if (isPlainText(cell.text)) return normalizedValue(cell.text);
      const text = collapseWhitespace(cell.text);
      if (text === '') return ABSENT;
      return controlCharacterProblem(text, place) ?? garbledTextProblem(text, place) ?? normalizedValue(text);
    }
    case 'number': {
      const text = exactNumberText(cell.value);
      return text === undefined
        ? cellProblem(place, 'NOT_A_NUMBER', String(cell.value), 'el número no es válido.', 'the number is not valid.')
        : normalizedValue(text);
    }
    case 'date':
      return normalizedValue(cell.iso.endsWith('T00:00:00') ? cell.iso.slice(0, 10) : cell.iso.replace('T', ' '));
    case 'boolean':
      return cellProblem(
        place,
        'UNEXPECTED_BOOLEAN',
        cell.value ? 'TRUE' : 'FALSE',
        `la celda contiene un valor lógico (${cell.value ? 'VERDADERO' : 'FALSO'}), no un texto.`,
        `the cell holds a logical value (${cell.value ? 'TRUE' : 'FALSE'}), not text.`,
      );
    case 'error':
      return cellErrorProblem(cell, place);
  }
}

/** Codes (serie, product code): like text; a number cell keeps its digits (`1` → "1"). */
export function normalizeCode(cell: Cell | null, place: CellPlace): Normalized {
  return normalizeText(cell, place);
}

/** E-mail addresses: trimmed text; the format is checked by validation, which knows the rules. */
export function normalizeEmail(cell: Cell | null, place: CellPlace): Normalized {
  const n = normalizeText(cell, place);
  // The text is collapsed already: its only whitespace can be single spaces.
  return n.kind === 'value' && n.value.includes(' ') ? normalizedValue(n.value.replace(/\s*([@;,])\s*/g, '$1')) : n;
}

/**
 * Enumerated columns (moneda, unidadMedida…): the value stays as written (trimmed); the catalogue
 * resolves names, SUNAT codes and Spanish words during validation. A number cell (`10`) gives its digits.
 */
export function normalizeEnum(cell: Cell | null, place: CellPlace): Normalized {
  return normalizeText(cell, place);
}
