import type { Cell } from './source-row.js';
import { shownDate } from '../i18n/shown-date.js';
import { zeroPadded } from './zero-padded.js';

/**
 * The most of a text a grid shows: what a spreadsheet cell can hold (Excel's limit, as the results
 * workbooks write it). A CSV field can hold more (a 190 MB paste was stored whole and sent back
 * whole by the workspace's preview and grid); its first 32,767 characters are what any cell shows.
 */
const SHOWN_TEXT = 32_767;

/**
 * A cell as a person reads it on a grid: text as written, numbers without binary float noise
 * (`0.1 + 0.2` shows `0.3`, as a spreadsheet does, with 15 significant digits; a whole number
 * formatted `00000000` with its zeros), dates as Peru writes them, `DD/MM/YYYY` (with the time only
 * when there is one: a text date the sheet wrote so is shown the same), an error value as its code, a text past
 * SHOWN_TEXT cut there. `null` is blank.
 */
export function cellDisplayText(cell: Cell | null): string | null {
  if (cell === null) return null;
  switch (cell.kind) {
    case 'text':
      return cell.text.length > SHOWN_TEXT ? cell.text.slice(0, SHOWN_TEXT) : cell.text;
    case 'number':
      return Number.isInteger(cell.value) ? zeroPadded(String(cell.value), cell.numFmt) : String(Number(cell.value.toPrecision(15)));
    case 'date':
      return shownDate(cell.iso);
    case 'boolean':
      return cell.value ? 'VERDADERO' : 'FALSO';
    case 'error':
      return cell.formula !== undefined && cell.error === 'NO_CACHED_RESULT' ? `=${cell.formula}` : cell.error;
  }
}
