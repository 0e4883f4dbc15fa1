import type { Cell } from './source-row.js';

/** A raw cell as a person reads it on screen: dates as `YYYY-MM-DD` (with the time when it has one), errors as Excel writes them. */
export function cellDisplayText(cell: Cell | null | undefined): string {
  if (cell === null || cell === undefined) return '';
  switch (cell.kind) {
    case 'text':
      return cell.text;
    case 'number':
      return String(cell.value);
    case 'date':
      return cell.iso.endsWith('T00:00:00') ? cell.iso.slice(0, 10) : cell.iso.replace('T', ' ');
    case 'boolean':
      return cell.value ? 'VERDADERO' : 'FALSO';
    case 'error':
      return cell.error === 'NO_CACHED_RESULT' && cell.formula !== undefined ? `=${cell.formula}` : cell.error;
  }
}
