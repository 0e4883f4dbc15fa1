import type { ColumnName } from '../invoice/canonical-columns.js';
import type { PriceCurrency } from '../invoice/line-record.js';
import { columnDefinition } from '../invoice/canonical-columns.js';
import type { Problem } from '../invoice/problem.js';
import type { ProblemCode } from '../invoice/problem-code.js';
import { localized } from '../i18n/localized-text.js';
import { repairGarbled } from './garbled-text.js';
import type { Cell } from './source-row.js';

/** What normalising one cell gives: a value, nothing (blank), or a problem for the user. */
export type Normalized =
  /**
   * A value; `warning` when it was cleaned on the way (an invisible character removed…); `currency`
   * when the cell named one with a symbol (a unit value written `S/ 43.26`, normalize-decimal.ts).
   */
  | { readonly kind: 'value'; readonly value: string; readonly warning?: Problem; readonly currency?: PriceCurrency['currency'] }
  | { readonly kind: 'absent' }
  | { readonly kind: 'problem'; readonly problem: Problem };

/** Where the cell is: its source row and the canonical column it feeds. */
export interface CellPlace {
  readonly row: number;
  readonly column: ColumnName;
}

export const ABSENT: Normalized = { kind: 'absent' };

export function normalizedValue(value: string): Normalized {
  return { kind: 'value', value };
}

/** A value read after cleaning, with a warning at the cell saying what was done. */
export function cleanedValue(value: string, place: CellPlace, code: ProblemCode, shown: string, es: string, en: string): Normalized {
  const said = cellProblem(place, code, shown, es, en);
  return said.kind === 'problem' ? { kind: 'value', value, warning: { ...said.problem, severity: 'warning' } } : normalizedValue(value);
}

/**
 * A cell-level error, its message prefixed with the row and the column's label:
 * «Fila 5, Fecha de emisión: …» / «Row 5, Issue date: …».
 */
export function cellProblem(place: CellPlace, code: ProblemCode, value: string, es: string, en: string): Normalized {
  const label = columnDefinition(place.column).label;
  return {
    kind: 'problem',
    problem: {
      severity: 'error',
      code,
      row: place.row,
      column: place.column,
      value,
      message: localized(`Fila ${place.row}, ${label.es}: ${es}`, `Row ${place.row}, ${label.en}: ${en}`),
    },
  };
}

/** Trims and collapses inner whitespace (including non-breaking spaces); `''` means absent. */
export function collapseWhitespace(text: string): string {
  // Most cells have nothing to collapse: return them as they are, without building a new string.
  if (!NEEDS_COLLAPSE.test(text)) return text;
  return text.replace(/[\s\u00a0\u2007\u202f]+/gu, ' ').trim();
}

/** Anything collapseWhitespace would change: a space at either end, two in a row, or any other whitespace character. */
const NEEDS_COLLAPSE = /^ | $| {2}|[\t-\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/u;

/**
 * Neither anything collapseWhitespace would change nor a control character: the two tests above in
 * one (every C0 control character, DEL and the other whitespace), so that the common text cell is
 * read with a single regular-expression test. Such a text is its own normalised value. «Â» and «Ã»
 * send a text to the longer path too, where garbled-text.ts looks at it: the letters a wrong
 * conversion of character sets leaves, and nearly never in Spanish.
 */
// eslint-disable-next-line no-control-regex -- control characters are among what it finds
const UNUSUAL_TEXT = /^ | $| {2}|[\u0000-\u001f\u007f\u00a0\u00c2\u00c3\u00e2\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/;

/** A non-empty text that collapseWhitespace leaves as it is, that holds no control character and no «Â» or «Ã». */
export function isPlainText(text: string): boolean {
  return text !== '' && !UNUSUAL_TEXT.test(text);
}

/** An error cell (`#N/A`, `#REF!`) or a formula with no saved result: never a blank or a zero. */
export function cellErrorProblem(cell: Extract<Cell, { kind: 'error' }>, place: CellPlace): Normalized {
  if (cell.error === 'NO_CACHED_RESULT') {
    const formula = cell.formula === undefined ? '' : ` =${cell.formula}`;
    return cellProblem(
      place,
      'FORMULA_WITHOUT_RESULT',
      formula.trim() || cell.error,
      // The reader cannot tell the two apart (xlsx-cell.ts: a saved #N/A and no saved value both arrive as NaN).
      `la fórmula${formula} no da un valor que se pueda leer: da un error (como #N/A, cuando BUSCARV no encuentra lo que busca) o el archivo se guardó sin calcularla. Ábralo en Excel: si la celda muestra un error, corrija la fórmula o escriba el dato; si no, guarde el archivo para que se calcule.`,
      `the formula${formula} gives no value that can be read: it gives an error (such as #N/A, when VLOOKUP does not find what it looks for) or the file was saved without calculating it. Open it in Excel: if the cell shows an error, fix the formula or type the value; otherwise save the file so it is calculated.`,
    );
  }
  return cellProblem(
    place,
    'CELL_ERROR',
    cell.error,
    `la celda contiene el error ${cell.error}${cell.formula === undefined ? '' : ` (fórmula =${cell.formula})`}; corrija la celda.`,
    `the cell holds the error ${cell.error}${cell.formula === undefined ? '' : ` (formula =${cell.formula})`}; fix the cell.`,
  );
}

/** C0 control characters (and DEL) other than tab and line breaks, which collapse to a space. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/u;

/** A text a wrong conversion of character sets garbled (garbled-text.ts), refused with the words it was. */
export function garbledTextProblem(text: string, place: CellPlace): Normalized | undefined {
  const repaired = repairGarbled(text);
  if (repaired === undefined) return undefined;
  return cellProblem(
    place,
    'GARBLED_TEXT',
    text,
    `«${text}» tiene letras cambiadas: debería decir «${repaired}». El archivo pasó por una conversión de caracteres equivocada (se abrió y se volvió a guardar con otra codificación); vuelva a exportarlo desde el original como «CSV UTF-8 (delimitado por comas)» o como libro de Excel, o corrija el texto.`,
    `«${text}» has garbled letters: it should read «${repaired}». The file went through a wrong conversion of characters (opened and saved again in another encoding); export it again from the original as «CSV UTF-8 (comma delimited)» or as an Excel workbook, or fix the text.`,
  );
}

/**
 * A text with an invisible control character (a NUL from a broken export…): no electronic invoice
 * can carry it, so it is reported, naming the character, instead of being sent.
 */
export function controlCharacterProblem(text: string, place: CellPlace): Normalized | undefined {
  const found = CONTROL_CHARACTER.exec(text);
  if (found === null) return undefined;
  const code = `U+${(found[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
  const shown = text.replace(new RegExp(CONTROL_CHARACTER.source, 'gu'), '\uFFFD');
  return cellProblem(
    place,
    'CONTROL_CHARACTER',
    shown,
    `«${shown}» contiene un carácter de control invisible (${code}) que una factura electrónica no admite; borre la celda y escriba el texto de nuevo.`,
    `«${shown}» holds an invisible control character (${code}) that an electronic invoice cannot carry; clear the cell and type the text again.`,
  );
}
