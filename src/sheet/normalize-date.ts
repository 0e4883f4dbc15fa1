import { shownDate } from '../i18n/shown-date.js';
import type { BoundedMemo } from '../bounded-memo.js';
import { createBoundedMemo } from '../bounded-memo.js';
import type { Cell } from './source-row.js';
import type { CellPlace, Normalized } from './normalize-result.js';
import type { Wording } from '../remedies.js';
import { remedy } from '../remedies.js';
import { ABSENT, cellErrorProblem, cellProblem, collapseWhitespace, normalizedValue } from './normalize-result.js';

/** An optional time after a date (`10:30`, `10:30:15.250`, `3:05 p. m.`, `T10:30:00Z`): ignored for dates. */
const TIME_TAIL = String.raw`(?:[ T]+\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?\s*(?:[aApP]\.?\s*[mM]\.?)?(?:Z|[+-]\d{2}:?\d{2})?)?`;
const DAY_FIRST = new RegExp(String.raw`^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})${TIME_TAIL}$`);
const YEAR_FIRST = new RegExp(String.raw`^(\d{4})([/-])(\d{1,2})\2(\d{1,2})${TIME_TAIL}$`);
const TWO_DIGIT_YEAR = /^\d{1,2}[/.-]\d{1,2}[/.-]\d{2}(?:\s.*)?$/;
/**
 * A day, a month's name and a year, as Excel's `d-mmm-yyyy` format shows a date and a CSV saved
 * from it holds it (`3-nov-2026`, `03-nov.-2026`), or as people write it (`3 de noviembre de 2026`).
 */
const NAMED_MONTH = new RegExp(String.raw`^(\d{1,2})[-/ ](?:de )?(\p{L}+)\.?[-/ ](?:de )?(\d{4}|\d{2})${TIME_TAIL}$`, 'iu');
/** A month's name, then the day and the year, as English writes a date (`Nov 3, 2026`, `November 3 2026`). */
const MONTH_NAME_FIRST = new RegExp(String.raw`^(\p{L}+)\.? (\d{1,2}),? (\d{4})${TIME_TAIL}$`, 'iu');

const MONTHS_ES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
const MONTHS_EN = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * Each month by its Spanish and English names (MONTHS_ES, MONTHS_EN) and abbreviations, lower
 * case; Peru writes «setiembre» and «set».
 */
const MONTH_NUMBERS = new Map<string, number>(
  [
    ['ene', 'jan'],
    ['feb'],
    ['mar'],
    ['abr', 'apr'],
    ['may'],
    ['jun'],
    ['jul'],
    ['ago', 'aug'],
    ['set', 'sep', 'sept', 'setiembre'],
    ['oct'],
    ['nov'],
    ['dic', 'dec'],
  ].flatMap((short, i) => [MONTHS_ES[i] ?? '', (MONTHS_EN[i] ?? '').toLowerCase(), ...short].map((name) => [name, i + 1] as const)),
);

/** Excel's last serial (9999-12-31) and the first one past its fictitious 1900-02-29. */
const MAX_SERIAL = 2_958_465;
const MIN_SERIAL = 61;
const MS_PER_DAY = 86_400_000;
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** The `YYYY-MM-DD` of an Excel serial in the 1900 date system (the fraction, a time, is ignored). */
export function excelSerialToIsoDate(serial: number): string | undefined {
  if (!Number.isFinite(serial) || serial < MIN_SERIAL || serial >= MAX_SERIAL + 1) return undefined;
  return new Date(EXCEL_EPOCH_MS + Math.floor(serial) * MS_PER_DAY).toISOString().slice(0, 10);
}

/**
 * How a sheet writes its numeric text dates: Peru's day first (`03/11/2026`, 3 November), or month
 * first (`11/03/2026`), as a system set up for the United States exports them.
 */
export type DateOrder = 'day-first' | 'month-first';

/**
 * The order a numeric text date shows by itself: `13/11/2026` can only be day first, `11/13/2026`
 * only month first; undefined for one both orders read (`03/11/2026`) or for any other text.
 */
export function dateOrderEvidence(text: string): DateOrder | undefined {
  const m = DAY_FIRST.exec(collapseWhitespace(text));
  if (m === null) return undefined;
  const first = Number(m[1]);
  const second = Number(m[3]);
  if (first > 12 && second >= 1 && second <= 12) return 'day-first';
  if (second > 12 && first >= 1 && first <= 12) return 'month-first';
  return undefined;
}

/**
 * Date columns → `YYYY-MM-DD`. Accepts date cells, Excel serial numbers (1900 system), and text
 * `DD/MM/YYYY`, `D/M/YYYY`, `DD-MM-YYYY`, `DD.MM.YYYY`, `YYYY-MM-DD`, `YYYY/MM/DD`, and a month by
 * its name (`3-nov-2026`, `3 de noviembre de 2026`, `Nov 3, 2026`, Spanish or English), each with
 * an optional time that is ignored. A 2-digit year is an error asking for the full one. Numeric
 * text dates are read in `order`, day first unless the sheet showed otherwise (read-line-records.ts):
 * read day first, `02/13/2026` is an error, never February 13th; impossible dates (`31/02/2026`)
 * are errors.
 */
export function normalizeDate(cell: Cell | null, place: CellPlace, order: DateOrder = 'day-first', wording?: Wording): Normalized {
  if (cell === null) return ABSENT;
  switch (cell.kind) {
    case 'date':
      return normalizedValue(cell.iso.slice(0, 10));
    case 'number': {
      const iso = excelSerialToIsoDate(cell.value);
      return iso === undefined
        ? cellProblem(
            place,
            'INVALID_DATE',
            String(cell.value),
            `el número ${cell.value} no es una fecha; escriba la fecha como DD/MM/AAAA o dé a la celda formato de fecha.`,
            `the number ${cell.value} is not a date; write the date as DD/MM/YYYY or give the cell a date format.`,
          )
        : normalizedValue(iso);
    }
    case 'text':
      return dateFromText(cell.text, place, order, wording);
    case 'error':
      return cellErrorProblem(cell, place);
    case 'boolean':
      return notADate(place, cell.value ? 'TRUE' : 'FALSE');
  }
}

/**
 * The date each text read as: a sheet repeats a few issue dates on invoice after invoice. Only
 * texts read without a word to say (a problem or a warning names its row).
 */
const READ_DATES: Readonly<Record<DateOrder, BoundedMemo<Normalized>>> = {
  'day-first': createBoundedMemo<Normalized>(),
  'month-first': createBoundedMemo<Normalized>(),
};

function dateFromText(raw: string, place: CellPlace, order: DateOrder, wording: Wording | undefined): Normalized {
  const memo = READ_DATES[order];
  const known = memo.get(raw);
  if (known !== undefined) return known;
  const read = readDateText(raw, place, order, wording);
  if (read.kind === 'value' && read.warning === undefined) memo.set(raw, read);
  return read;
}

function readDateText(raw: string, place: CellPlace, order: DateOrder, wording: Wording | undefined): Normalized {
  const text = collapseWhitespace(raw);
  if (text === '') return ABSENT;
  const numeric = DAY_FIRST.exec(text);
  if (numeric) {
    const [first, second] = [Number(numeric[1]), Number(numeric[3])];
    return order === 'day-first'
      ? checkedDate(Number(numeric[4]), second, first, text, place, order, wording)
      : checkedDate(Number(numeric[4]), first, second, text, place, order, wording);
  }
  const yearFirst = YEAR_FIRST.exec(text);
  if (yearFirst) return checkedDate(Number(yearFirst[1]), Number(yearFirst[3]), Number(yearFirst[4]), text, place, undefined);
  const named = NAMED_MONTH.exec(text);
  const month = named === null ? undefined : MONTH_NUMBERS.get((named[2] ?? '').toLowerCase());
  if (named !== null && month !== undefined && named[3]?.length === 4) return checkedDate(Number(named[3]), month, Number(named[1]), text, place, undefined);
  const english = MONTH_NAME_FIRST.exec(text);
  const englishMonth = english === null ? undefined : MONTH_NUMBERS.get((english[1] ?? '').toLowerCase());
  if (english !== null && englishMonth !== undefined) return checkedDate(Number(english[3]), englishMonth, Number(english[2]), text, place, undefined);
  if (TWO_DIGIT_YEAR.test(text) || month !== undefined) {
    return cellProblem(
      place,
      'INVALID_DATE',
      text,
      `«${text}» tiene el año con 2 dígitos; escriba el año completo (DD/MM/AAAA).`,
      `«${text}» has a 2-digit year; write the full year (DD/MM/YYYY).`,
    );
  }
  return notADate(place, text);
}

/** `order`: how a numeric date was read (undefined: its order was not in question). */
function checkedDate(year: number, month: number, day: number, text: string, place: CellPlace, order: DateOrder | undefined, wording?: Wording): Normalized {
  if (month < 1 || month > 12) {
    const monthFirst = remedy('dateOrder', wording);
    // Read one way, the other way would be a date: say which way the file's dates are read, and what follows for the others.
    const swapped = day >= 1 && day <= 12;
    const hint =
      order === 'day-first' && swapped
        ? ` Las fechas se leen con el día primero (DD/MM/AAAA). Si esta columna trae el mes primero (MM/DD/AAAA), sus fechas con día 12 o menos se leyeron al revés: guarde las fechas como DD/MM/AAAA${monthFirst.es}`
        : order === 'month-first' && swapped
          ? ' Las fechas de este archivo se leen con el mes primero (MM/DD/AAAA).'
          : '';
    const hintEn =
      order === 'day-first' && swapped
        ? ` Dates are read day first (DD/MM/YYYY). If this column has the month first (MM/DD/YYYY), its dates with a day of 12 or less were read the wrong way round: save the dates as DD/MM/YYYY${monthFirst.en}`
        : order === 'month-first' && swapped
          ? " This file's dates are read month first (MM/DD/YYYY)."
          : '';
    return cellProblem(
      place,
      'INVALID_DATE',
      text,
      `«${text}» no es una fecha: el mes ${month} no existe.${hint}`,
      `«${text}» is not a date: there is no month ${month}.${hintEn}`,
    );
  }
  const last = daysInMonth(year, month);
  if (year < 1900 || day < 1 || day > last) {
    const monthEs = MONTHS_ES[month - 1] ?? String(month);
    const monthEn = MONTHS_EN[month - 1] ?? String(month);
    return cellProblem(
      place,
      'INVALID_DATE',
      text,
      year < 1900 ? `«${text}» no es una fecha válida (año ${year}).` : `«${text}» no es una fecha que exista: ${monthEs} de ${year} tiene ${last} días.`,
      year < 1900 ? `«${text}» is not a valid date (year ${year}).` : `«${text}» is not a date that exists: ${monthEn} ${year} has ${last} days.`,
    );
  }
  return normalizedValue(`${pad(year, 4)}-${pad(month)}-${pad(day)}`);
}

/** A date as Excel counts it (days since 1900), between 2000 and 2099: what a CSV holds for a date column left in General format. */
const SERIAL_TEXT = /^(3[6-9]|[4-6]\d|7[0-2])\d{3}$/;

function notADate(place: CellPlace, text: string): Normalized {
  const serial = SERIAL_TEXT.test(text) ? excelSerialToIsoDate(Number(text)) : undefined;
  if (serial !== undefined) {
    // Not read as that date: a number in a date column may as well be another column's value.
    const shown = shownDate(serial);
    return cellProblem(
      place,
      'INVALID_DATE',
      text,
      `«${text}» no es una fecha: parece una fecha de Excel guardada como número (${text} = ${shown}). Dé a la columna formato de fecha (DD/MM/AAAA) en Excel y vuelva a guardar el CSV, o escriba la fecha.`,
      `«${text}» is not a date: it looks like an Excel date saved as a number (${text} = ${shown}). Give the column a date format (DD/MM/YYYY) in Excel and save the CSV again, or write the date.`,
    );
  }
  return cellProblem(
    place,
    'INVALID_DATE',
    text,
    `«${text}» no es una fecha; escriba DD/MM/AAAA (por ejemplo 20/11/2026) o AAAA-MM-DD.`,
    `«${text}» is not a date; write DD/MM/YYYY (for example 20/11/2026) or YYYY-MM-DD.`,
  );
}
