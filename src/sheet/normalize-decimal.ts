import { Decimal } from 'decimal.js';
import { currencyAffix } from './currency-affix.js';
import type { Cell } from './source-row.js';
import type { CellPlace, Normalized } from './normalize-result.js';
import type { Wording } from '../remedies.js';
import { remedy } from '../remedies.js';
import { ABSENT, cellErrorProblem, cellProblem, collapseWhitespace, normalizedValue } from './normalize-result.js';

/** How a file writes decimals in text: `1,234.56` (point) or `1.234,56` (comma). */
export type DecimalConvention = 'point' | 'comma';

/**
 * The number a person typed, from the binary double a spreadsheet stored: Excel keeps 15
 * significant digits, so `0.30000000000000004` → "0.3", `1e-7` → "0.0000001" (never an exponent).
 * `undefined` for NaN or an infinity.
 */
export function exactNumberText(value: number): string | undefined {
  if (!Number.isFinite(value)) return undefined;
  if (value === 0) return '0';
  // Most cells (35, 70.68) print as their shortest round-trip text with at most 15 significant
  // digits and no exponent: that text is the 15-digit rounding itself, without a Decimal.
  const shortest = String(value);
  if (PLAIN_NUMBER.test(shortest) && significantDigits(shortest) <= 15) return shortest;
  return new Decimal(value.toPrecision(15)).toFixed();
}

/** What String(number) gives without an exponent. */
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

function significantDigits(plain: string): number {
  let digits = 0;
  let leading = true;
  for (let i = 0; i < plain.length; i++) {
    const c = plain.charCodeAt(i);
    if (c < 48 || c > 57) continue; // the sign and the point
    if (leading && c === 48) continue;
    leading = false;
    digits++;
  }
  return digits;
}

const POINT_READING = /^[+-]?(?:(?:\d+|\d{1,3}(?:,\d{3})+)(?:\.\d+)?|\.\d+)$/;
const COMMA_READING = /^[+-]?(?:(?:\d+|\d{1,3}(?:\.\d{3})+)(?:,\d+)?|,\d+)$/;

/** Digits with optional thousands spaces ("1 234,56") lose the spaces; everything else is kept. */
function compact(text: string): string {
  const collapsed = collapseWhitespace(text);
  return collapsed.includes(' ') ? collapsed.replace(/(\d) (?=\d)/g, '$1') : collapsed;
}

/** Plain digits, optionally a point and decimals, already without leading or trailing zeros: its own exact text. */
const CANONICAL_POINT = /^(?:0|[1-9]\d*)(?:\.\d*[1-9])?$/;
/** The same, written with a decimal comma. */
const CANONICAL_COMMA = /^(?:0|[1-9]\d*)(?:,\d*[1-9])?$/;

/** Plain digits, optionally a point and more digits: no sign, no thousands. */
const PLAIN_POINT = /^\d+(?:\.\d+)?$/;
/** The same, written with a decimal comma. */
const PLAIN_COMMA = /^\d+(?:,\d+)?$/;

/**
 * The text Decimal#toFixed writes for plain digits with an optional point (`010.50` → "10.5",
 * `3.00` → "3", `0.0` → "0"): the same digits without the zeros that pad either end. Prices
 * written with two decimals (`12.50`) are a tenth of a sheet's amounts; no Decimal for them.
 */
function withoutPaddingZeros(plain: string): string {
  const point = plain.indexOf('.');
  let end = plain.length;
  if (point >= 0) {
    while (plain.charCodeAt(end - 1) === 48) end--;
    if (end === point + 1) end = point;
  }
  const integerEnd = point >= 0 ? point : end;
  let start = 0;
  while (start < integerEnd - 1 && plain.charCodeAt(start) === 48) start++;
  return plain.slice(start, end);
}

/**
 * An apostrophe between digits: the separator of thousands or millions that Peruvian accounting
 * writes («1'234,567.89», «S/ 1'250.00»). It groups like the convention's own separator does.
 */
const APOSTROPHE_GROUP = /(?<=\d)['\u2019](?=\d)/g;

function readAs(written: string, convention: DecimalConvention): string | undefined {
  const text = written.includes("'") || written.includes('\u2019') ? written.replace(APOSTROPHE_GROUP, convention === 'point' ? ',' : '.') : written;
  // The common case (`12`, `12.5`) is already the exact text Decimal#toFixed would give: skip Decimal.
  if (convention === 'point' && CANONICAL_POINT.test(text)) return text;
  if (convention === 'comma' && CANONICAL_COMMA.test(text)) return text.replace(',', '.');
  if (convention === 'point' && PLAIN_POINT.test(text)) return withoutPaddingZeros(text);
  if (convention === 'comma' && PLAIN_COMMA.test(text)) return withoutPaddingZeros(text.replace(',', '.'));
  if (convention === 'point') return POINT_READING.test(text) ? new Decimal(text.replace(/,/g, '')).toFixed() : undefined;
  return COMMA_READING.test(text) ? new Decimal(text.replace(/\./g, '').replace(',', '.')).toFixed() : undefined;
}

/**
 * What a text value says about the file's convention: `comma` for `1.234,56`, `1234,5`, `0,75`;
 * `point` for `1,234.56`, `1234.5`; `undefined` when it says nothing (`12`) or is ambiguous
 * (`1,234` and `1.234` read differently under each convention) or is not a number at all.
 */
export function decimalEvidence(text: string): DecimalConvention | undefined {
  const s = compact(currencyAffix(collapseWhitespace(text))?.number ?? text);
  const point = readAs(s, 'point');
  const comma = readAs(s, 'comma');
  if (point !== undefined && comma === undefined) return 'point';
  if (comma !== undefined && point === undefined) return 'comma';
  return undefined;
}

/**
 * Decimal columns (cantidad, valorVentaUnitario) → an exact decimal string without exponent.
 * Number cells give the value as typed (15 significant digits, no float noise). Text cells are read
 * with the file's `convention`; when it is not known (`undefined`) a value is read only when both
 * conventions agree or only one of them can read it, and an ambiguous `1,234` is reported, never guessed.
 * A value that only the other convention can read is reported as mixing separators.
 * A unit value (and the sheet's own amounts, read as one) may carry its currency's symbol, as a
 * CSV saved from a currency-formatted column does (`S/ 1,234.50`): the number is read without it
 * and the result says the currency, for validation to hold against the invoice's moneda. A
 * quantity with a currency is not a number.
 */
export function normalizeDecimal(cell: Cell | null, place: CellPlace, convention: DecimalConvention | undefined, wording?: Wording): Normalized {
  if (cell === null) return ABSENT;
  switch (cell.kind) {
    case 'number': {
      const text = exactNumberText(cell.value);
      return text === undefined
        ? cellProblem(place, 'NOT_A_NUMBER', String(cell.value), 'el número no es válido.', 'the number is not valid.')
        : normalizedValue(text);
    }
    case 'text':
      return decimalFromText(cell.text, place, convention, wording);
    case 'error':
      return cellErrorProblem(cell, place);
    case 'date':
    case 'boolean':
      return notANumber(place, cell.kind === 'date' ? cell.iso.slice(0, 10) : String(cell.value));
  }
}

function decimalFromText(raw: string, place: CellPlace, convention: DecimalConvention | undefined, wording: Wording | undefined): Normalized {
  // The common cell (`35`, `70.68` in the file's convention) is already its exact text: no
  // whitespace to collapse, no thousands to drop, nothing for Decimal.
  if (convention === 'point' && CANONICAL_POINT.test(raw)) return normalizedValue(raw);
  if (convention === 'comma' && CANONICAL_COMMA.test(raw)) return normalizedValue(raw.replace(',', '.'));
  const shown = collapseWhitespace(raw);
  if (shown === '') return ABSENT;
  // «(120.00)»: a negative amount as accounting writes it. Read as one, for the rules to say what a negative value means here.
  const negative = ACCOUNTING_NEGATIVE.exec(shown);
  if (negative !== null) {
    const inner = decimalFromText(negative[1] ?? '', place, convention, wording);
    if (inner.kind !== 'value' || inner.value.startsWith('-')) return notANumber(place, shown);
    return inner.value === '0' ? inner : { ...inner, value: `-${inner.value}` };
  }
  const affix = place.column === 'valorVentaUnitario' ? currencyAffix(shown) : undefined;
  if (affix !== undefined) {
    const read = decimalFromText(affix.number, place, convention, wording);
    return read.kind === 'value' ? { ...read, currency: affix.currency } : read;
  }
  const s = compact(raw);
  if (convention !== undefined) {
    // The file's convention first; the other one only to explain a value it cannot read.
    const value = readAs(s, convention);
    if (value !== undefined) return normalizedValue(value);
    if (readAs(s, convention === 'point' ? 'comma' : 'point') !== undefined) {
      return convention === 'comma'
        ? cellProblem(
            place,
            'MIXED_DECIMAL_SEPARATOR',
            shown,
            `«${shown}» usa punto decimal, pero este archivo escribe los decimales con coma (1.234,56). Escriba el número como el resto del archivo.`,
            `«${shown}» uses a decimal point, but this file writes decimals with a comma (1.234,56). Write the number like the rest of the file.`,
          )
        : cellProblem(
            place,
            'MIXED_DECIMAL_SEPARATOR',
            shown,
            `«${shown}» usa coma decimal, pero este archivo escribe los decimales con punto (1,234.56). Escriba el número como el resto del archivo.`,
            `«${shown}» uses a decimal comma, but this file writes decimals with a point (1,234.56). Write the number like the rest of the file.`,
          );
    }
    return notANumber(place, shown);
  }
  const point = readAs(s, 'point');
  const comma = readAs(s, 'comma');
  if (point !== undefined && comma !== undefined) {
    if (point === comma) return normalizedValue(point);
    return cellProblem(
      place,
      'AMBIGUOUS_DECIMAL',
      shown,
      `«${shown}» puede leerse como ${point} o como ${comma}, y el archivo no deja ver si usa coma o punto decimal. ${remedy('decimalComma', wording).es}`,
      `«${shown}» can be read as ${point} or as ${comma}, and the file does not show whether it uses a decimal comma or point. ${remedy('decimalComma', wording).en}`,
    );
  }
  const value = point ?? comma;
  return value === undefined ? notANumber(place, shown) : normalizedValue(value);
}

/** A number in parentheses, as accounting writes a negative amount. */
const ACCOUNTING_NEGATIVE = /^\(\s*([^()]*\d[^()]*?)\s*\)$/;

/** A quantity written with its unit (`10 und`, `2.5 kg`): the number, then letters. */
const QUANTITY_WITH_UNIT = /^(-?\d[\d.,]*) ?(\p{L}[\p{L}.]*)$/u;

function notANumber(place: CellPlace, shown: string): Normalized {
  const withUnit = place.column === 'cantidad' ? QUANTITY_WITH_UNIT.exec(shown) : null;
  if (withUnit !== null) {
    const [, number = '', unit = ''] = withUnit;
    return cellProblem(
      place,
      'NOT_A_NUMBER',
      shown,
      `«${shown}» no es un número: si «${unit}» es la unidad, escriba la cantidad sola (${number}) y la unidad en la columna de la unidad de medida.`,
      `«${shown}» is not a number: if «${unit}» is the unit, write the quantity alone (${number}) and the unit in the unit of measure column.`,
    );
  }
  return cellProblem(place, 'NOT_A_NUMBER', shown, `«${shown}» no es un número.`, `«${shown}» is not a number.`);
}
