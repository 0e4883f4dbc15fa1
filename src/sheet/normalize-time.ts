import type { Cell } from './source-row.js';
import type { CellPlace, Normalized } from './normalize-result.js';
import { ABSENT, cellErrorProblem, cellProblem, collapseWhitespace, normalizedValue } from './normalize-result.js';

const TIME = /^(?:\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}[ T]+)?(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?\s*(?:([aApP])\.?\s*[mM]\.?)?$/;
/** Dates exceljs and Excel give to a cell that holds only a time. */
const TIME_ONLY_DAYS = new Set(['1899-12-30', '1899-12-31', '1904-01-01']);

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * Time columns → `HH:mm:ss`, from `HH:mm`, `HH:mm:ss`, `h:mm a. m./p. m.`, a date cell's time, or a
 * number's fraction of a day (Excel stores 10:30 as 0.4375). A date cell without a time is an error.
 */
export function normalizeTime(cell: Cell | null, place: CellPlace): Normalized {
  if (cell === null) return ABSENT;
  switch (cell.kind) {
    case 'date': {
      const day = cell.iso.slice(0, 10);
      const time = cell.iso.slice(11, 19);
      if (time === '00:00:00' && !TIME_ONLY_DAYS.has(day)) {
        return cellProblem(
          place,
          'INVALID_TIME',
          day,
          `la celda contiene una fecha (${day}) y no una hora; escriba la hora como HH:MM:SS.`,
          `the cell holds a date (${day}), not a time; write the time as HH:MM:SS.`,
        );
      }
      return normalizedValue(time.length === 8 ? time : `${time.slice(0, 5)}:00`);
    }
    case 'number': {
      if (!Number.isFinite(cell.value) || cell.value < 0) return notATime(place, String(cell.value));
      const seconds = Math.round((cell.value - Math.floor(cell.value)) * 86_400) % 86_400;
      return normalizedValue(`${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`);
    }
    case 'text': {
      const text = collapseWhitespace(cell.text);
      if (text === '') return ABSENT;
      const m = TIME.exec(text);
      if (!m) return notATime(place, text);
      let hours = Number(m[1]);
      const minutes = Number(m[2]);
      const seconds = m[3] === undefined ? 0 : Number(m[3]);
      const half = m[4]?.toLowerCase();
      if (half !== undefined) {
        if (hours < 1 || hours > 12) return notATime(place, text);
        hours = (hours % 12) + (half === 'p' ? 12 : 0);
      }
      if (hours > 23 || minutes > 59 || seconds > 59) return notATime(place, text);
      return normalizedValue(`${pad(hours)}:${pad(minutes)}:${pad(seconds)}`);
    }
    case 'error':
      return cellErrorProblem(cell, place);
    case 'boolean':
      return notATime(place, cell.value ? 'TRUE' : 'FALSE');
  }
}

function notATime(place: CellPlace, text: string): Normalized {
  return cellProblem(
    place,
    'INVALID_TIME',
    text,
    `«${text}» no es una hora; escriba HH:MM o HH:MM:SS (por ejemplo 14:30:00).`,
    `«${text}» is not a time; write HH:MM or HH:MM:SS (for example 14:30:00).`,
  );
}
