import type { ColumnName, ColumnType } from '../invoice/canonical-columns.js';
import { columnDefinition } from '../invoice/canonical-columns.js';
import type { LineRecord } from '../invoice/line-record.js';
import type { Problem } from '../invoice/problem.js';
import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';
import type { ColumnMapping } from './column-mapping.js';
import { detectHeader, HEADER_SEARCH_ROWS } from './detect-header.js';
import type { HeaderMap } from './header-map.js';
import { normalizeCell } from './normalize-cell.js';
import type { DecimalConvention } from './normalize-decimal.js';
import { decimalEvidence } from './normalize-decimal.js';
import type { Cell, RowSource, SourceRow } from './source-row.js';

/** A sheet after its header was found: where each column is, file-level notes, and the rows as line records. */
export interface LineSheet {
  readonly header: HeaderMap;
  /** Warnings found before the first record: the reader's notes, title rows skipped, unknown columns. */
  readonly notes: readonly Problem[];
  /** One record per non-blank row below the header, streamed; iterate once. */
  readonly records: AsyncIterable<LineRecord>;
}

export interface ReadLineRecordsOptions {
  /** `--map`: canonical column → the sheet's header text; overrides the aliases. */
  readonly mapping?: ColumnMapping;
  /**
   * How text numbers write decimals. `true`: `1.234,56`; `false`: `1,234.56`; `'auto'` (default):
   * decided by the first value in a decimal column that only one convention can read (`12,50`,
   * `1.234,56` → comma; `12.50`, `1,234.56` → point), looking first at the rows read while
   * searching for the header, then row by row; once decided it holds for the whole file and a value
   * written the other way is an error. Until decided, a value both conventions read differently
   * (`1,234`) is an error asking for the option, never a guess. Number cells (XLSX) are unaffected.
   */
  readonly decimalComma?: boolean | 'auto';
}

/** A mapped column: canonical name, source index and normalising type (looked up once, not per cell). */
type Column = readonly [ColumnName, number, ColumnType];

function isBlank(row: SourceRow): boolean {
  for (const c of row.cells) if (c !== null && (c.kind !== 'text' || c.text.trim() !== '')) return false;
  return true;
}

/** The problems of a row without any: one shared, frozen empty list instead of one per row. */
const NO_PROBLEMS: readonly Problem[] = Object.freeze([]);

/**
 * Turns a row source into line records: finds the header within the first HEADER_SEARCH_ROWS rows,
 * maps the columns, and normalises each cell by its column's type as the rows stream by (the file is
 * never held in memory). Throws FacturaError('INPUT') before any record for a missing header,
 * missing required columns, two columns feeding one, or a header with no rows under it.
 */
export async function readLineRecords(source: RowSource, options: ReadLineRecordsOptions = {}): Promise<LineSheet> {
  const iterator = source.rows[Symbol.asyncIterator]();
  const window: SourceRow[] = [];
  let ended = false;
  try {
    while (window.length < HEADER_SEARCH_ROWS) {
      const next = await iterator.next();
      if (next.done === true) {
        ended = true;
        break;
      }
      window.push(next.value);
    }
    const detected = detectHeader(window, { file: source.file, wholeFile: ended, ...(options.mapping ? { mapping: options.mapping } : {}) });
    const pending = window.slice(detected.position + 1).filter((r) => !isBlank(r));
    while (pending.length === 0 && !ended) {
      const next = await iterator.next();
      if (next.done === true) ended = true;
      else if (!isBlank(next.value)) pending.push(next.value);
    }
    if (pending.length === 0) {
      throw new FacturaError(
        'INPUT',
        localized(
          `${source.file} tiene fila de encabezados (fila ${detected.header.row}) pero ninguna fila de facturas.`,
          `${source.file}: the sheet has a header (row ${detected.header.row}) but no invoice rows.`,
        ),
      );
    }
    const columns: Column[] = (Object.entries(detected.header.columns) as [ColumnName, { index: number }][]).map(([name, c]) => [name, c.index, columnDefinition(name).type]);
    const decimalColumns = columns.filter(([, , type]) => type === 'decimal').map(([, index]) => index);
    const fixed: DecimalConvention | undefined = options.decimalComma === true ? 'comma' : options.decimalComma === false ? 'point' : undefined;
    const state = { convention: fixed ?? conventionOf(pending, decimalColumns) };
    const records = lineRecords(pending, ended ? undefined : iterator, columns, decimalColumns, state, fixed !== undefined);
    return { header: detected.header, notes: [...source.notes, ...detected.notes], records };
  } catch (err) {
    await iterator.return?.();
    throw err;
  }
}

function textCellsIn(row: SourceRow, indexes: readonly number[]): string[] {
  return indexes.map((i) => row.cells[i]).filter((c): c is Extract<Cell, { kind: 'text' }> => c?.kind === 'text').map((c) => c.text);
}

/** The first convention the given rows' decimal text cells show unambiguously. */
function conventionOf(rows: readonly SourceRow[], decimalColumns: readonly number[]): DecimalConvention | undefined {
  for (const row of rows) {
    for (const text of textCellsIn(row, decimalColumns)) {
      const evidence = decimalEvidence(text);
      if (evidence !== undefined) return evidence;
    }
  }
  return undefined;
}

async function* lineRecords(
  pending: readonly SourceRow[],
  rest: AsyncIterator<SourceRow> | undefined,
  columns: readonly Column[],
  decimalColumns: readonly number[],
  state: { convention: DecimalConvention | undefined },
  fixed: boolean,
): AsyncGenerator<LineRecord> {
  const toRecord = (row: SourceRow): LineRecord => {
    if (!fixed && state.convention === undefined) state.convention = conventionOf([row], decimalColumns);
    const values: Partial<Record<ColumnName, string>> = {};
    let problems: Problem[] | undefined = row.problems === undefined || row.problems.length === 0 ? undefined : [...row.problems];
    for (const [name, index, type] of columns) {
      const cell = row.cells[index] ?? null;
      if (cell === null) continue; // every normaliser gives nothing for a blank cell
      const n = normalizeCell(cell, type, { row: row.row, column: name }, state.convention);
      if (n.kind === 'value') values[name] = n.value;
      else if (n.kind === 'problem') (problems ??= []).push(n.problem);
    }
    return { row: row.row, values, problems: problems ?? NO_PROBLEMS };
  };
  try {
    for (const row of pending) yield toRecord(row);
    if (rest === undefined) return;
    for (;;) {
      const next = await rest.next();
      if (next.done === true) return;
      if (!isBlank(next.value)) yield toRecord(next.value);
    }
  } finally {
    await rest?.return?.();
  }
}
