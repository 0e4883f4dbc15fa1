import type { Cell, SourceRow } from './source-row.js';
import { withoutAccents } from '../invoice/without-accents.js';

/** What a totals row's label says, compared without case, accents or a trailing colon. */
const TOTALS_LABEL =
  /^(?:sub ?-?total(?:es)?|total(?:es)?(?: (?:general|ventas?|facturado|del mes|mes|s\/\.?|soles|pen|usd|dolares))?|suma(?: total)?|importe total|gran total|van|vienen|pasan|van a la (?:pagina|hoja) siguiente|vienen de la (?:pagina|hoja) anterior)\s*[:.]?$/;

/** Longest label the pattern accepts, with room for spaces: a longer text is never one. */
const LONGEST_LABEL = 40;
/** A label starts with s(ub/uma), t(otal), i(mporte), g(ran), or a page's carried sum: v(an/ienen), p(asan), after any spaces. */
const LABEL_START = /^\s*[stigvpSTIGVP]/;
/**
 * The first three letters of every label the pattern accepts (sub, suma, total, importe, gran, van, vienen, pasan),
 * in plain ASCII after any spaces. Three printable ASCII characters there (which folding leaves
 * as they are, but for their case) that are none of these mean no label; anything else (an
 * accent, a combining mark, a tab) goes to the folding below.
 */
const ASCII_START = /^\s*(?=\S)([ -~]{3})/;
const LABEL_PREFIXES = new Set(['sub', 'sum', 'tot', 'imp', 'gra', 'van', 'vie', 'pas']);

function label(cell: Cell | null | undefined): string | undefined {
  if (cell?.kind !== 'text') return undefined;
  // Every row's description passes here: the cheap tests first, the Unicode folding only for the few left.
  if (cell.text.length > LONGEST_LABEL || !LABEL_START.test(cell.text)) return undefined;
  const start = ASCII_START.exec(cell.text)?.[1];
  if (start !== undefined && !LABEL_PREFIXES.has(start.toLowerCase())) return undefined;
  const text = withoutAccents(cell.text).toLowerCase().replace(/\s+/g, ' ').trim();
  return TOTALS_LABEL.test(text) ? cell.text.trim() : undefined;
}

function isBlank(cell: Cell | null | undefined): boolean {
  return cell === null || cell === undefined || (cell.kind === 'text' && cell.text.trim() === '');
}

/** Why a row is a totals row: the column that says so and what it holds. */
export interface TotalsEvidence {
  readonly column: number;
  readonly shown: string;
}

/**
 * A row under the data that adds it up, never a line: its invoice key cells are blank (or hold the
 * word itself, «TOTAL» in the serie column) and either a cell's whole text is a totals label
 * («TOTAL», «Subtotal», «Suma», «Total general:»…), or a cell is a summing formula (=SUM(…)). A line
 * whose description merely starts with «Total…» is not one: the label must be the cell's whole text.
 * A row whose description names something else is always a line. `keyColumns` are the serie and
 * numero columns, `descriptionColumn` the description's (0-based).
 */
export function totalsRowEvidence(row: SourceRow, keyColumns: readonly number[], descriptionColumn?: number): TotalsEvidence | undefined {
  // A row that describes a product («Flete», «Servicio…») is a line, whatever its other cells say.
  const description = descriptionColumn === undefined ? undefined : row.cells[descriptionColumn];
  if (!isBlank(description) && label(description) === undefined) return undefined;
  let keyHoldsLabel = false;
  let keyBlank = true;
  for (const i of keyColumns) {
    const cell = row.cells[i];
    if (label(cell) !== undefined) keyHoldsLabel = true;
    else if (!isBlank(cell)) keyBlank = false;
  }
  // A row whose invoice key is filled in (every ordinary line) is a line: no need to look at its other cells.
  if (!keyBlank && !keyHoldsLabel) return undefined;
  const labelled = row.cells.findIndex((cell) => label(cell) !== undefined);
  if (labelled >= 0 && (keyBlank || keyHoldsLabel)) return { column: labelled, shown: label(row.cells[labelled]) ?? '' };
  const summed = row.sumColumns?.[0];
  if (summed !== undefined && keyBlank) {
    const cell = row.cells[summed];
    return { column: summed, shown: cell?.kind === 'number' ? String(cell.value) : cell?.kind === 'text' ? cell.text : '' };
  }
  return undefined;
}
