import { localized } from '../i18n/localized-text.js';
import type { Cell } from './source-row.js';
import { withoutTextMarker } from './text-marker.js';
import { zeroPadded } from './zero-padded.js';
import type { CellPlace, Normalized } from './normalize-result.js';
import { ABSENT, cellErrorProblem, cellProblem, cleanedValue, collapseWhitespace, controlCharacterProblem, normalizedValue } from './normalize-result.js';

const SCIENTIFIC_TEXT = /^[+-]?\d+(?:[.,]\d+)?\s*[eE]\s*[+-]?\d+$/;
/** Invisible characters copied in from web pages and PDFs: zero-width spaces and joiners, word joiner, BOM, soft hyphen, non-breaking spaces. */
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff\u00ad\u00a0\u2007\u202f]/gu;
/** A whole number written by a program that stores every number as a float (pandas): `20455309817.0`. */
const FLOAT_WHOLE = /^(\d+)\.0+$/;
/** Digits written in groups for reading: `20 100 070 970`, `20.100.070.970`, `4567-8901`. */
const GROUPED_DIGITS = /^\d+(?:[ .-]\d+)+$/;
/**
 * The document's type written before its number, as some registers do: `RUC 20512333797`,
 * `R.U.C.: 20512333797`, `DNI N° 45678912`. The number is what is read.
 */
const TYPE_LABEL = /^(?:(R\.?\s?U\.?\s?C)|D\.?\s?N\.?\s?I)\.?\s*(?:N\s?[°º.]\s*)?[:#-]?\s*(\d+(?:[ .-]\d+)*)$/i;
/** The separators of digits grouped for reading, taken out to read the digits. */
const GROUP_SEPARATORS = /[ .-]/g;
/** The digits a labelled number must have to be read without its label: a RUC's (also a wrong count, which the RUC rule explains), a DNI's. */
const LABEL_DIGITS = { ruc: /^\d{9,13}$/, dni: /^\d{8}$/ };
/** How many digits a grouped number must have to be read as one: a RUC, a DNI, an ubigeo. */
const GROUPED_LENGTHS = new Set([6, 8, 11]);
/** Excel keeps 15 significant digits: a longer number in a cell has already lost some. */
const MAX_EXACT_DIGITS = 15;

/**
 * Identity columns (RUC, DNI, ubigeo) → the digits as text. Text is kept as written (trimmed, and
 * without an ERP's `="…"` or `'` text marker: text-marker.ts; other documents such as passports
 * may hold letters), but for 6, 8 or 11 digits grouped with spaces, dots or hyphens
 * (`20 100 070 970`), and a number after its type (`RUC 20512333797`, `DNI N° 45678912`), which
 * are read as the digits. A number cell holding a whole number gives its
 * digits, but a number shown in scientific notation (`2.05123E+10`, as text or as a number cell
 * formatted that way) has lost digits and is an error, as is a DNI (fewer than 8 digits) or an
 * ubigeo (fewer than 6) whose leading zeros the number cell dropped; a number cell formatted to
 * show them (`00000000`) gives the digits it shows.
 */
export function normalizeIdentity(cell: Cell | null, place: CellPlace): Normalized {
  if (cell === null) return ABSENT;
  switch (cell.kind) {
    case 'text': {
      const stripped = cell.text.replace(INVISIBLE, '');
      const text = withoutTextMarker(collapseWhitespace(stripped));
      if (text === '') return ABSENT;
      if (SCIENTIFIC_TEXT.test(text)) return fromScientificText(place, text);
      const control = controlCharacterProblem(text, place);
      if (control !== undefined) return control;
      const whole = FLOAT_WHOLE.exec(text)?.[1];
      if (whole !== undefined) return normalizedValue(whole);
      const labelled = TYPE_LABEL.exec(text);
      if (labelled !== null) {
        const digits = (labelled[2] ?? '').replace(GROUP_SEPARATORS, '');
        if ((labelled[1] !== undefined ? LABEL_DIGITS.ruc : LABEL_DIGITS.dni).test(digits)) return normalizedValue(digits);
      }
      if (GROUPED_DIGITS.test(text)) {
        // A RUC or DNI spaced or dotted for reading is its digits (the check digit still guards a RUC); other numbers stay as written.
        const digits = text.replace(GROUP_SEPARATORS, '');
        if (GROUPED_LENGTHS.has(digits.length)) return normalizedValue(digits);
      }
      return stripped === cell.text ? normalizedValue(text) : invisibleRemoved(place, cell.text.trim(), text);
    }
    case 'number': {
      const shown = String(cell.value);
      if (!Number.isInteger(cell.value) || cell.value < 0) return notDigits(place, shown);
      const written = BigInt(cell.value).toString();
      if (written.length > MAX_EXACT_DIGITS) return scientific(place, shown);
      // A number formatted «00000000» shows its leading zeros, as Excel keeps a DNI or an ubigeo typed as a number: read what it shows.
      const digits = zeroPadded(written, cell.numFmt);
      // A cell only formatted as 2.05E+10 still holds every digit; one typed that way ends in zeros.
      if (cell.numFmt !== undefined && /[eE][+-]/.test(cell.numFmt) && /000$/.test(digits)) return scientific(place, shown);
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

/**
 * `2.0512333797E+10` still holds all 11 digits and is read as them (with a warning); `2.05123E+10`
 * (what Excel saves in a CSV for a number column) lost six and is an error.
 */
function fromScientificText(place: CellPlace, text: string): Normalized {
  const [mantissa = '', exponent = '0'] = text.replace(/\s/g, '').replace(',', '.').split(/[eE]/);
  const [int = '', frac = ''] = mantissa.replace(/^[+-]/, '').split('.');
  const power = Number(exponent);
  const significant = (int + frac).replace(/^0+/, '');
  if (mantissa.startsWith('-') || !Number.isInteger(power) || power < frac.length || significant.length < int.replace(/^0+/, '').length + power) {
    return scientific(place, text);
  }
  const digits = (int + frac + '0'.repeat(power - frac.length)).replace(/^0+(?=\d)/, '');
  return cleanedValue(
    digits,
    place,
    'SCIENTIFIC_NOTATION_READ',
    text,
    `«${text}» está en notación científica pero conserva todos sus dígitos; se lee como ${digits}. Dé a la columna formato de texto para evitarlo.`,
    `«${text}» is in scientific notation but keeps all its digits; it is read as ${digits}. Format the column as text to avoid it.`,
  );
}

function invisibleRemoved(place: CellPlace, raw: string, text: string): Normalized {
  const shown = raw.replace(INVISIBLE, (ch) => `<U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}>`);
  return cleanedValue(
    text,
    place,
    'INVISIBLE_CHARACTER_REMOVED',
    shown,
    `«${shown}» tenía caracteres invisibles (espacios de ancho cero, espacios duros o guiones suaves, copiados de una web o un PDF); se quitaron y se lee ${text}.`,
    `«${shown}» held invisible characters (zero-width or non-breaking spaces, soft hyphens, copied from a web page or a PDF); they were removed and ${text} is read.`,
  );
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
  const what = expected === 6 ? localized('un ubigeo tiene 6 dígitos', 'an ubigeo has 6 digits') : localized('un DNI tiene 8 dígitos', 'a DNI has 8 digits');
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
