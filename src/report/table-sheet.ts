import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import type { WriteStream } from 'node:fs';
import type ExcelJS from 'exceljs';
import type { Worksheet } from 'exceljs';
import { styleRegistryOf, tableWriterInternals, ValueType, widenSheetBlocks } from '../exceljs-internals.js';
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
   * Appends a row; cell i gets the shared style `styles[i]` (see shared-cell-styles.ts). Returns
   * nothing, except every so often a promise: the wait for the sheet's XML to be compressed (no
   * promise per row: a copy of a whole sheet makes millions of them).
   */
  addRow(values: readonly TableValue[], styles: readonly CellStyle[]): Promise<void> | undefined;
  /** The last row is written: finishes the sheet (the workbook's commit finishes the file). */
  commit(): void;
}

/** Characters of row XML gathered before they go to the sheet's zip entry in one write. */
const FLUSH_CHARS = 64 * 1024;

/**
 * Bytes of spooled XML copied into the zip at a time, at the end of the run while the run waits.
 * Each block is one turn of archiver's CRC and deflate (exceljs's stream hands it 64 KiB blocks
 * unless widened): the 30 MB `Errores` of a 200,000-row all-invalid run went through archiver in
 * 204-215 ms in 64 KiB blocks, 137-144 ms in 256 KiB ones, 123-137 ms in 1 MiB ones (the same
 * bytes out). At the end of a 1,000,000-row run 256 KiB and 1 MiB waited as long (0.83 s), and
 * 1 MiB blocks, garbage the collector sees late, raised the peak RSS by 10-20 MB.
 */
const SPOOL_COPY_BYTES = 256 * 1024;

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
  const sheet = addSheetWithHeader(workbook, name, options);
  const { stream } = tableWriterInternals(workbook, sheet);
  const rows = createRowRenderer(styleRegistryOf(workbook));
  const drained = (): Promise<void> => waitForSheetDrain(sheet, options.signal === undefined ? {} : { signal: options.signal });
  let pending = '';
  let committed = false;

  const flush = (): void => {
    if (pending === '') return;
    stream.write(pending);
    pending = '';
  };

  return {
    addRow(values, styles) {
      if (committed) return Promise.reject(new Error(`sheet ${name} already committed`));
      pending += rows.render(values, styles);
      if (pending.length < FLUSH_CHARS) return undefined;
      flush();
      return drained();
    },
    commit() {
      if (committed) return;
      committed = true;
      flush();
      sheet.commit();
    },
  };
}

/** A table sheet whose rows are written to a file first, and into the workbook by `commit`. */
export interface SpooledTableSheet {
  /** As TableSheet.addRow; the promise, now and then, is the wait for the file. */
  addRow(values: readonly TableValue[], styles: readonly CellStyle[]): Promise<void> | undefined;
  /** Adds the sheet to the workbook (now its turn in the zip) with every row spooled, and finishes it. */
  commit(): Promise<void>;
  /** Gives up: closes the file (its folder is the caller's to remove). */
  destroy(): void;
}

/**
 * A table sheet for a workbook that is still zipping an earlier sheet: exceljs would hold every
 * row of the later one in memory until then (see results-file.ts). Its rows are rendered as they
 * come (their style ids from the workbook's registry, so the XML is the one addTableSheet writes),
 * into `spool`, a file; `commit` adds the sheet and copies the file's XML into it, waiting for the
 * zip as it goes. So the rendering is done during the run, and at the end only bytes are copied.
 * `spool`'s errors are the caller's to listen to.
 */
export function spoolTableSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  options: TableSheetOptions,
  spool: { readonly path: string; readonly stream: WriteStream },
): SpooledTableSheet {
  const rows = createRowRenderer(styleRegistryOf(workbook));
  const file = spool.stream;
  const signal = options.signal === undefined ? {} : { signal: options.signal };
  let pending = '';
  let committed = false;
  const flush = (): Promise<void> | undefined => {
    if (pending === '') return undefined;
    const fits = file.write(pending);
    pending = '';
    return fits ? undefined : once(file, 'drain', signal).then(() => undefined);
  };

  return {
    addRow(values, styles) {
      if (committed) return Promise.reject(new Error(`sheet ${name} already committed`));
      pending += rows.render(values, styles);
      return pending.length < FLUSH_CHARS ? undefined : flush();
    },
    async commit() {
      if (committed) return;
      committed = true;
      await flush();
      file.end();
      await once(file, 'close', signal);
      const sheet = addSheetWithHeader(workbook, name, options);
      const { stream } = tableWriterInternals(workbook, sheet);
      widenSheetBlocks(sheet, SPOOL_COPY_BYTES);
      for await (const chunk of createReadStream(spool.path, { highWaterMark: SPOOL_COPY_BYTES })) {
        stream.write(chunk as Buffer);
        await waitForSheetDrain(sheet, signal);
      }
      sheet.commit();
    },
    destroy() {
      committed = true;
      file.destroy();
    },
  };
}

/** The sheet, its columns, views and autofilter, and its header row through exceljs. */
function addSheetWithHeader(workbook: ExcelJS.stream.xlsx.WorkbookWriter, name: string, options: TableSheetOptions): Worksheet {
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
  return sheet;
}

/** Renders data rows, numbered from 2, each cell with the id of its shared style. */
function createRowRenderer(addStyleModel: (style: unknown, cellType: ExcelJS.ValueType) => number): {
  render(values: readonly TableValue[], styles: readonly CellStyle[]): string;
} {
  const letters: string[] = [];
  const styleIds: number[] = [];
  /**
   * Style ids by shared style object and cell type, as the registry answered them: it looks a
   * style object up in a WeakMap, and a copied sheet asks for millions of cells.
   */
  const knownIds = new Map<CellStyle, number[]>();
  const styleId = (style: CellStyle, type: ExcelJS.ValueType): number => {
    let ids = knownIds.get(style);
    if (ids === undefined) knownIds.set(style, (ids = []));
    let id = ids[type];
    if (id === undefined) ids[type] = id = addStyleModel(style, type);
    return id;
  };
  let nextRow = 2;
  return {
    render(values, styles) {
      for (let i = letters.length; i < values.length; i++) letters.push(columnLetter(i));
      styleIds.length = values.length;
      for (let i = 0; i < values.length; i++) {
        const value = values[i] ?? null;
        styleIds[i] = value === null ? 0 : styleId(styles[i] ?? NO_STYLE, cellType(value));
      }
      const xml = renderRowXml(nextRow, values, styleIds, letters);
      nextRow += 1;
      return xml;
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
