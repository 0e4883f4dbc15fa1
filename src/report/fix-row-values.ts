import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';
import { isFixNotesHeader } from '../sheet/fix-notes-header.js';
import { normalizeDate } from '../sheet/normalize-date.js';
import type { Cell } from '../sheet/source-row.js';
import { writeFailure } from '../write-failure.js';
import { MAX_CELL_TEXT, toCellText } from './cell-text.js';
import type { PackedValues } from './packed-values.js';
import { createValuePacker } from './packed-values.js';
import type { TableValue } from './render-row-xml.js';

/** A failure of the fix file, told as one (a FacturaError passes as it is). */
export function fixFileFailure(path: string, err: unknown): Error {
  if (err instanceof FacturaError) return err;
  return writeFailure(localized('el archivo para corregir', 'the file to fix'), path, err);
}

/**
 * Copied rows of the fix-and-resend file, the way they cross to the thread that writes the file
 * (results-thread.ts): the cells packed (packed-values.ts), `kept columns + 1` a row (the kept
 * columns, then the notes), with the number formats apart.
 */
export interface FixRowBatch {
  readonly values: PackedValues;
  /** The cells with a number format, as pairs: index among the values, format (few: none in a CSV). */
  readonly formats: (number | string)[];
}

/** Collects copied rows into batches. */
export interface FixRowBatcher {
  /** Adds a source row (cells as they were read) with its notes; returns the rows now in the batch. */
  push(cells: readonly (Cell | null)[], notes: string | undefined): number;
  /** The rows so far (and starts a new batch). */
  take(): FixRowBatch;
}

/**
 * `monthFirstDates`: the date columns of a sheet read month first (sheet-date-order.ts). Their text
 * dates are copied as date cells (shown day first): as text («11/03/2026»), the file fed back
 * could be read day first, 11 March instead of 3 November.
 */
export function createFixRowBatcher(header: readonly (Cell | null)[], monthFirstDates: ReadonlySet<number> = new Set()): FixRowBatcher {
  const kept = keptColumns(header);
  /** Per kept column, whether its text dates are copied as dates: looked up once, not per cell. */
  const asDates = kept.map((index) => monthFirstDates.has(index));
  const values = createValuePacker();
  let formats: (number | string)[] = [];
  let rows = 0;
  return {
    push(row, notes) {
      for (let k = 0; k < kept.length; k += 1) {
        const read = row[kept[k] as number] ?? null;
        // Most cells are blank or text within Excel's limit: they go as they are, with no format.
        if (read === null) values.add(null);
        else if (read.kind === 'text' && read.text.length <= MAX_CELL_TEXT && asDates[k] !== true) values.add(read.text);
        else {
          const cell = asDates[k] === true ? asDateCell(read) : read;
          values.add(dataCellValue(cell));
          const format = numberFormat(cell);
          if (format !== undefined) formats.push(values.size - 1, format);
        }
      }
      values.add(notes ?? null);
      rows += 1;
      return rows;
    },
    take() {
      const batch: FixRowBatch = { values: values.take(), formats };
      formats = [];
      rows = 0;
      return batch;
    },
  };
}

/** A text date written month first as the date it is (left as it is when it is not one). */
function asDateCell(cell: Cell | null): Cell | null {
  if (cell?.kind !== 'text') return cell;
  const read = normalizeDate(cell, { row: 0, column: 'fechaEmision' }, 'month-first');
  return read.kind === 'value' ? { kind: 'date', iso: `${read.value}T00:00:00` } : cell;
}

/** Indexes of the header row's columns, up to its last named one, minus an old notes column. */
export function keptColumns(cells: readonly (Cell | null)[]): number[] {
  let last = -1;
  cells.forEach((c, i) => {
    if (c !== null) last = i;
  });
  const kept: number[] = [];
  for (let i = 0; i <= last; i++) {
    const c = cells[i] ?? null;
    if (c?.kind === 'text' && isFixNotesHeader(c.text)) continue;
    kept.push(i);
  }
  return kept;
}

/** A copied cell keeps its number format; a date gets a day-first one (with the time if it has one). */
function numberFormat(cell: Cell | null): string | undefined {
  if (cell?.kind === 'number') return cell.numFmt;
  if (cell?.kind === 'date') return cell.iso.endsWith('T00:00:00') ? 'dd/mm/yyyy' : 'dd/mm/yyyy hh:mm:ss';
  return undefined;
}

const EXCEL_ERRORS = new Set(['#NULL!', '#DIV/0!', '#VALUE!', '#REF!', '#NAME?', '#NUM!', '#N/A']);

/**
 * A data cell as cellValue makes it, for the table sheet's renderer: that drops the characters XML
 * forbids itself (render-row-xml.ts), so text within Excel's limit goes as it is, not scanned twice.
 */
function dataCellValue(cell: Cell | null): TableValue {
  return cell?.kind === 'text' && cell.text.length <= MAX_CELL_TEXT ? cell.text : cellValue(cell);
}

/** The cell as it was: text stays a string cell (never evaluated), numbers, dates and booleans keep their type. */
export function cellValue(cell: Cell | null): TableValue {
  if (cell === null) return null;
  switch (cell.kind) {
    case 'text':
      return toCellText(cell.text);
    case 'number':
      return cell.value;
    case 'boolean':
      return cell.value;
    case 'date':
      return isoToDate(cell.iso);
    case 'error':
      return EXCEL_ERRORS.has(cell.error) ? { error: cell.error } : null;
  }
}

/** `YYYY-MM-DDTHH:mm:ss` wall time → the Date exceljs writes with those digits (UTC fields). */
function isoToDate(iso: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2}))?/.exec(iso);
  if (m === null) return null;
  const n = (i: number): number => Number(m[i] ?? '0');
  return new Date(Date.UTC(n(1), n(2) - 1, n(3), n(4), n(5), n(6)));
}
