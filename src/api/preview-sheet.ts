import { createHash } from 'node:crypto';
import type { LocalizedText } from '../i18n/localized-text.js';
import { CANONICAL_COLUMNS, REQUIRED_COLUMNS } from '../invoice/canonical-columns.js';
import type { Problem } from '../invoice/problem.js';
import { cellDisplayText } from '../sheet/cell-display-text.js';
import type { ColumnMapping } from '../sheet/column-mapping.js';
import { firstColumns, headerKey, matchHeaderCells } from '../sheet/column-mapping.js';
import { findSheetAmountColumns } from '../sheet/sheet-amount-columns.js';
import { findSaleStateColumn } from '../sheet/sale-state-column.js';
import { findDocumentKindColumn } from '../sheet/document-kind-column.js';
import { headerReading } from '../sheet/header-reading.js';
import { lineAmountKind } from '../sheet/line-amount-as-unit.js';
import type { SheetAmounts } from '../invoice/line-record.js';
import type { HeaderColumn, HeaderMap } from '../sheet/header-map.js';
import type { SourceRow } from '../sheet/source-row.js';
import { columnLetter } from '../sheet/header-map.js';
import { openRowSource } from '../sheet/open-row-source.js';
import { readHeaderWindow, type HeaderWindow } from '../sheet/read-header-window.js';
import { prepareRun } from './prepare-run.js';
import type { ValidateOptions } from './run-options.js';

export { columnLetter };

/** One named column of the sheet's header row, with a sample value and the canonical column it feeds. */
export interface PreviewColumn {
  readonly index: number;
  readonly header: string;
  readonly letter: string;
  /** The first non-blank value under the header among the rows previewed. */
  readonly sample: string;
  /**
   * The canonical column it feeds (by alias or by the mapping given); absent when ignored. A column
   * holding the serie and the number together («F001-00000123») feeds both: `serie,numero`.
   */
  readonly column?: string;
  /**
   * The sheet's own amount a run reads from it to check each invoice's totals («Total», «IGV»,
   * «V. Venta»: sheet-amount-columns.ts), when it feeds no canonical column: not ignored, though no
   * invoice field comes from it. The first column of each kind, as the run takes them. `state`: the
   * register's state column, read for the sales it marks voided (sale-state-column.ts).
   */
  readonly checks?: keyof SheetAmounts | 'state' | 'kind';
  /**
   * Its header names a line's amount, without IGV (`base`), with it (`total`) or either (`amount`):
   * chosen as the unit value (a `total` only as including IGV), each line is one unit and no quantity
   * column is needed (line-amount-as-unit.ts).
   */
  readonly lineAmount?: 'base' | 'total' | 'amount';
}

/** A canonical column as a mapping screen lists it. */
export interface CanonicalColumnInfo {
  readonly name: string;
  readonly label: LocalizedText;
  readonly required: boolean;
}

/** The top of a sheet, for a columns step, before anything is checked. */
export interface SheetPreview {
  readonly format: 'csv' | 'xlsx';
  readonly sheet?: string;
  /** The detected header; absent when no row qualifies or required columns are missing. */
  readonly header?: HeaderMap;
  /** The header row's number: the detected one, else the first non-blank row (to map by hand). */
  readonly headerRow?: number;
  readonly columns: readonly PreviewColumn[];
  /** Required canonical columns that no column feeds. */
  readonly missing: readonly string[];
  /** The header row's texts compared as the header matcher compares them: the key for remembering a mapping. */
  readonly signature: string;
  readonly notes: readonly Problem[];
  /** The sheet's first non-blank rows as display text (at most PREVIEW_FIRST_ROWS), to recognise it among others. */
  readonly firstRows: readonly { readonly row: number; readonly cells: readonly string[] }[];
  /** Why the header was not found: the message `validateSheet` stops with. */
  readonly problem?: LocalizedText;
}

/** Every canonical column with its label and whether it is required, in the template's order. */
export const CANONICAL_COLUMN_LIST: readonly CanonicalColumnInfo[] = CANONICAL_COLUMNS.map((c) => ({ name: c.name, label: c.label, required: c.required }));

const isBlank = (cells: readonly string[]): boolean => cells.every((c) => c.trim() === '');

/**
 * The row among `rows` naming the most known columns (at least one), and the first column naming
 * each, read as the run reads a header (header-reading.ts): a column holding the serie and the
 * number together feeds both, and a register's line amount without a quantity is the unit value of
 * one unit, as when the header is found.
 */
function likeliestHeader(
  rows: readonly SourceRow[],
  read: { readonly mapping?: ColumnMapping | undefined; readonly pricesWithIgv?: boolean | undefined },
): Pick<HeaderMap, 'row' | 'columns' | 'unitQuantity'> | undefined {
  const mapping = read.mapping ?? {};
  let best: { row: SourceRow; known: number } | undefined;
  for (const r of rows) {
    const known = matchHeaderCells(r.cells, mapping).matches.size;
    if (known > (best?.known ?? 0)) best = { row: r, known };
  }
  if (best === undefined) return undefined;
  const { row, cells } = best.row;
  const below = rows.filter((r) => r.row > row);
  // A proposal the user confirms: a column whose values look like «F004-00000088» is offered for both, whatever its header.
  const { match, unitQuantity } = headerReading(cells, below, { mapping, pricesWithIgv: read.pricesWithIgv === true, bySample: true });
  return { row, columns: firstColumns(match), ...(unitQuantity ? { unitQuantity: true as const } : {}) };
}

/** How many of a sheet's first non-blank rows a preview gives (`firstRows`). */
const PREVIEW_FIRST_ROWS = 6;

/**
 * Reads only the first rows of a sheet (at most HEADER_SEARCH_ROWS) and runs the header detection
 * on them, as `validateSheet` would with the same options: the same settings (prepareRun: flags
 * over the config's, its mapping included) and the same header search (read-header-window.ts).
 * Input that cannot be opened at all rejects with FacturaError('INPUT'), bad options with
 * FacturaError('USAGE' or 'CONFIG'); a header that cannot be found is a `problem`, not an error.
 */
export async function previewSheet(path: string, options: ValidateOptions = {}): Promise<SheetPreview> {
  const { input, settings } = prepareRun(path, options);
  const source = await openRowSource(input, settings.read);
  const iterator = source.batches[Symbol.asyncIterator]();
  let window: HeaderWindow;
  try {
    window = await readHeaderWindow(source, iterator, settings.read);
  } finally {
    await iterator.return?.();
  }
  const rows = window.rows.map((r) => ({ row: r.row, cells: r.cells.map((c) => cellDisplayText(c) ?? '') }));
  const header: HeaderMap | undefined = 'detected' in window ? window.detected.header : undefined;
  const notes: readonly Problem[] = 'detected' in window ? [...source.notes, ...window.detected.notes] : source.notes;
  const problem: LocalizedText | undefined = 'problem' in window ? window.problem.text : undefined;
  // Without a header (a required column missing): the row naming most known columns, with what it names, so
  // a columns step asks only for what is missing instead of every column.
  const guess = header ?? likeliestHeader(window.rows, settings.read);
  const headerRow = guess !== undefined ? rows.find((r) => r.row === guess.row) : rows.find((r) => !isBlank(r.cells));
  // The canonical columns each source column feeds (a column holding the serie and the number feeds both).
  const fed = new Map<number, string[]>();
  for (const [name, c] of Object.entries(guess?.columns ?? {})) if (c !== undefined) fed.set(c.index, [...(fed.get(c.index) ?? []), name]);
  const below = headerRow === undefined ? [] : rows.filter((r) => r.row > headerRow.row);
  // A header of two rows names some columns on its upper row only (merged down): named as the run reads them.
  const named =
    header?.groupRow !== undefined
      ? headerColumnsOf(header)
      : (headerRow?.cells ?? []).map((text, index) => ({ header: text.trim(), index, letter: columnLetter(index) })).filter((c) => c.header !== '');
  // The sheet's own amounts among the columns that feed nothing, as the run takes them (the first of each kind).
  const feedingNothing = named.filter((c) => !fed.has(c.index));
  const amounts = findSheetAmountColumns(feedingNothing);
  const checked = new Map<number, keyof SheetAmounts | 'state' | 'kind'>(
    (Object.entries(amounts) as [keyof SheetAmounts, HeaderColumn][]).map(([kind, c]) => [c.index, kind]),
  );
  const state = findSaleStateColumn(feedingNothing);
  if (state !== undefined) checked.set(state.index, 'state');
  const kind = findDocumentKindColumn(
    feedingNothing,
    window.rows.filter((r) => headerRow !== undefined && r.row > headerRow.row),
  );
  if (kind !== undefined) checked.set(kind.index, 'kind');
  const columns: PreviewColumn[] = named.map(({ header: text, index, letter }) => {
    const column = fed.get(index)?.join(',');
    const checks = checked.get(index);
    const lineAmount = lineAmountKind(text);
    return {
      index,
      header: text,
      letter,
      sample: shownSample(below.map((r) => r.cells[index] ?? '').find((v) => v.trim() !== '') ?? ''),
      ...(column !== undefined ? { column } : {}),
      ...(checks !== undefined ? { checks } : {}),
      ...(lineAmount !== undefined ? { lineAmount } : {}),
    };
  });
  const signature = createHash('sha256')
    .update(JSON.stringify(columns.map((c) => headerKey(c.header))))
    .digest('hex');
  const fedNames = new Set([...fed.values()].flat());
  return {
    format: source.format,
    ...(source.sheet !== undefined ? { sheet: source.sheet } : {}),
    ...(header !== undefined ? { header } : {}),
    ...(headerRow !== undefined ? { headerRow: headerRow.row } : {}),
    columns,
    // A sheet of line amounts without a quantity column: each line is one unit (line-amount-as-unit.ts).
    missing: REQUIRED_COLUMNS.filter((c) => !fedNames.has(c) && !(c === 'cantidad' && guess?.unitQuantity === true)),
    signature,
    notes,
    firstRows: rows.filter((r) => !isBlank(r.cells)).slice(0, PREVIEW_FIRST_ROWS),
    ...(problem !== undefined ? { problem } : {}),
  };
}

/** Every named column of a detected header, once each, in the sheet's order. */
function headerColumnsOf(header: HeaderMap): { header: string; index: number; letter: string }[] {
  const byIndex = new Map<number, HeaderColumn>();
  for (const c of [...Object.values(header.columns), ...header.unknown]) if (c !== undefined) byIndex.set(c.index, c);
  return [...byIndex.values()].sort((a, b) => a.index - b.index).map((c) => ({ header: c.header, index: c.index, letter: c.letter }));
}

/** How much of a column's first value the columns step shows as its example. */
const SAMPLE_CHARS = 200;

/** A column's example, cut for the columns step (a cell may hold megabytes of pasted text). */
function shownSample(text: string): string {
  return text.length > SAMPLE_CHARS ? `${text.slice(0, SAMPLE_CHARS)}…` : text;
}
