import type ExcelJS from 'exceljs';
import type { Worksheet } from 'exceljs';
import { tableWriterInternals, ValueType } from '../exceljs-internals.js';
import { columnLetter } from '../sheet/header-map.js';
import type { TableValue } from './render-row-xml.js';
import { renderRowXml } from './render-row-xml.js';
import { waitForSheetDrain } from './sheet-backpressure.js';
import type { CellStyle } from './shared-cell-styles.js';
import { addStyledRow, NO_STYLE } from './shared-cell-styles.js';

export interface TableSheetOptions {
  /** The header row (row 1): frozen, with an autofilter over its columns. */
  readonly header: readonly TableValue[];
  readonly headerStyle: CellStyle;
  readonly widths: readonly number[];
  /** Stops a wait for the zip (rejects) when aborted: the output failed and nothing drains any more. */
  readonly signal?: AbortSignal;
}

/** A streamed sheet of one header row and many data rows, in bounded memory. */
export interface TableSheet {
  /**
   * Appends a row; cell i gets the shared style `styles[i]` (see shared-cell-styles.ts). Resolves
   * at once, except every so often when it waits for the sheet's XML to be compressed.
   */
  addRow(values: readonly TableValue[], styles: readonly CellStyle[]): Promise<void>;
  /** The last row is written: finishes the sheet (the workbook's commit finishes the file). */
  commit(): void;
}

/** Characters of row XML gathered before they go to the sheet's zip entry in one write. */
const FLUSH_CHARS = 64 * 1024;

/**
 * Adds a table sheet to a streaming workbook. The header goes through exceljs; the data rows are
 * rendered by renderRowXml and written straight into the sheet's zip entry, in batches.
 *
 * Why not `addRow().commit()`: for every cell exceljs builds a Cell object with its address, a
 * merged style and a model, then renders it through its generic XML builder. Profiled on the
 * results workbook of a 30,000-invoice validate, that row commit was two thirds of the writer's
 * cost (`node --cpu-prof`, bench/profile-top.ts), and the writer a quarter of the run. The sheet,
 * its columns, views, autofilter, the styles (ids from exceljs's own style registry) and the zip
 * stay exceljs's; only the `<row>` elements are ours, in exceljs's own form (render-row-xml.ts).
 */
export function addTableSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, name: string, options: TableSheetOptions): TableSheet {
  const columns = Math.max(options.header.length, options.widths.length);
  const sheet: Worksheet = workbook.addWorksheet(name, {
    views: [{ state: 'frozen', ySplit: 1, xSplit: 0, topLeftCell: 'A2', activeCell: 'A2' }],
  });
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns } };
  sheet.columns = options.widths.map((width) => ({ width }));
  addStyledRow(
    sheet,
    options.header as ExcelJS.CellValue[],
    options.header.map(() => options.headerStyle),
  ).commit();

  const { stream, addStyleModel } = tableWriterInternals(workbook, sheet);

  const letters: string[] = [];
  const styleIds: number[] = [];
  let nextRow = 2;
  let pending = '';
  let committed = false;

  const flush = (): void => {
    if (pending === '') return;
    stream.write(pending);
    pending = '';
  };

  return {
    async addRow(values, styles) {
      if (committed) throw new Error(`sheet ${name} already committed`);
      for (let i = letters.length; i < values.length; i++) letters.push(columnLetter(i));
      styleIds.length = values.length;
      for (let i = 0; i < values.length; i++) {
        const value = values[i] ?? null;
        styleIds[i] = value === null ? 0 : addStyleModel(styles[i] ?? NO_STYLE, cellType(value));
      }
      pending += renderRowXml(nextRow, values, styleIds, letters);
      nextRow += 1;
      if (pending.length >= FLUSH_CHARS) {
        flush();
        await waitForSheetDrain(sheet, options.signal === undefined ? {} : { signal: options.signal });
      }
    },
    commit() {
      if (committed) return;
      committed = true;
      flush();
      sheet.commit();
    },
  };
}

/** The cell type exceljs's style registry is told (a date without a format gets a date format). */
function cellType(value: TableValue): ExcelJS.ValueType {
  if (typeof value === 'string') return ValueType.String;
  if (typeof value === 'boolean') return ValueType.Boolean;
  if (value instanceof Date) return ValueType.Date;
  if (typeof value === 'object' && value !== null) return ValueType.Error;
  return ValueType.Number;
}
