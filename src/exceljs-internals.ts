import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import type { Duplex, Readable } from 'node:stream';
import type ExcelJS from 'exceljs';

/**
 * Every reliance of factura-import on exceljs's private shapes, in one place. exceljs is pinned
 * to this exact version in package.json; test/sheet/readers/exceljs-internals.test.ts checks each
 * shape below against the installed exceljs and fails loudly, naming the shape, when an update
 * changes one. Callers get typed handles from here and never cast exceljs objects themselves.
 */
export const EXCELJS_VERSION = '4.4.0';

const requireExcelJs = createRequire(import.meta.url);

/**
 * The streaming WorkbookWriter and the ValueType enum, loaded from their own modules inside
 * exceljs rather than through its index, which also loads the readers, CSV and the rest (≈ 0.1 s
 * of CPU in each thread that writes a workbook: the results thread of every run). They are the
 * very objects the index exports (checked in test/sheet/readers/exceljs-internals.test.ts).
 */
export const WorkbookWriter = requireExcelJs('exceljs/lib/stream/xlsx/workbook-writer.js') as typeof ExcelJS.stream.xlsx.WorkbookWriter;
export const ValueType = (requireExcelJs('exceljs/lib/doc/enums.js') as { ValueType: typeof ExcelJS.ValueType }).ValueType;

/** Removes one spooled file (closes tmp's descriptor, unlinks it); harmless once done. */
export type SpoolRemoval = () => Promise<void>;

/** tmp's file(): exceljs's streaming reader spools a sheet with `tmp.file(callback)` (workbook-reader.js). */
type TmpFile = (...args: unknown[]) => void;
type TmpCallback = (err: unknown, path: string, fd: number, cleanup: (next?: () => void) => void) => void;

const spoolsOfThisRead = new AsyncLocalStorage<SpoolRemoval[]>();
/** Steps of exceljs's readers running now, in this thread (see collectSpools). */
let collecting = 0;

/**
 * The `tmp` module exceljs's reader requires, its `file` wrapped once: a file made while a read
 * collects its spools (collectSpools) is handed to that read, with the way to remove it.
 */
function watchSpools(): void {
  const readerPath = requireExcelJs.resolve('exceljs/lib/stream/xlsx/workbook-reader.js');
  const tmp = createRequire(readerPath)('tmp') as { file?: unknown; spoolsWatched?: boolean };
  if (typeof tmp.file !== 'function') throw new ExcelJsShapeError("tmp.file (the reader's spool)");
  if (tmp.spoolsWatched === true) return;
  const file = tmp.file as TmpFile;
  tmp.file = function watchedFile(this: unknown, ...args: unknown[]): void {
    const spools = spoolsOfThisRead.getStore();
    const callback = args.at(-1);
    if (spools !== undefined && typeof callback === 'function') {
      args[args.length - 1] = ((err, path, fd, cleanup) => {
        if (err != null) return (callback as TmpCallback)(err, path, fd, cleanup);
        // tmp's clean-up runs once and calls back only then: the removal is shared by exceljs's call and the read's.
        let removed: Promise<void> | undefined;
        const remove: SpoolRemoval = () => (removed ??= new Promise<void>((resolve) => cleanup(() => resolve())));
        spools.push(remove);
        (callback as TmpCallback)(err, path, fd, (next) => void remove().then(() => next?.()));
      }) satisfies TmpCallback;
    }
    file.apply(this, args);
  };
  tmp.spoolsWatched = true;
}

/**
 * Runs `step` (a step of exceljs's streaming reader: its pass over the zip) handing `spools` the
 * temporary files it spools sheets to. exceljs spools a sheet when the workbook stores its shared
 * strings or relationships after its sheets (its own files do, LibreOffice's too), and removes the
 * file only once that sheet was parsed to its end: a read left early (the list of sheets, a
 * preview, a failed or cancelled check) left the file on disk and its descriptor open until the
 * process ended, so a long-running web workspace piled them up with every workbook uploaded.
 */
export async function collectSpools<T>(spools: SpoolRemoval[], step: () => Promise<T>): Promise<T> {
  collecting += 1;
  try {
    return await spoolsOfThisRead.run(spools, step);
  } finally {
    collecting -= 1;
    // Node 20 tracks every promise's context while a storage is enabled (2-4 % of a validate's CPU,
    // measured): it is enabled only while a step runs.
    if (collecting === 0) spoolsOfThisRead.disable();
  }
}

/** The parts of the streaming WorkbookReader (not in its typings) the XLSX reader wraps or reads. */
export interface WorkbookReaderInternals {
  _getStream(input: unknown): Readable;
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<{ eventType: string; value: unknown }>;
  _parseWorksheet(iterator: AsyncIterable<unknown>, sheetNo: string): Generator<{ eventType: string; value: unknown }>;
  properties?: { model?: { date1904: boolean } };
  model?: { sheets?: readonly { name: string; state?: string; rId: string }[]; views?: readonly { activeTab?: number }[] };
  workbookRels?: readonly { Id: string; Target: string }[];
}

/** One of the worksheet reader's events: a `row` event's value is an ExcelJS.Row. */
export interface WorksheetEvent {
  readonly eventType: string;
  readonly value: unknown;
}

/**
 * A worksheet as the streaming reader hands it out: its rows, the name exceljs guessed, and
 * `parse()`, the events behind its row iterator, as the arrays the XML parser gives for each chunk
 * of the sheet (its async iterator yields them one row, and one await, at a time).
 */
export interface StreamedWorksheet extends AsyncIterable<ExcelJS.Row> {
  readonly name: string;
  parse(): AsyncIterable<readonly WorksheetEvent[]>;
}

/** exceljs no longer has a shape this project relies on: a programming error, never a user's. */
export class ExcelJsShapeError extends Error {
  constructor(shape: string) {
    super(`exceljs ${EXCELJS_VERSION} internals changed (${shape}): check src/exceljs-internals.ts against the installed exceljs`);
  }
}

const READER_METHODS = ['_getStream', '_parseRels', '_parseWorkbook', '_parseStyles', '_parseSharedStrings', '_parseWorksheet'] as const;

/** The reader's private methods, checked to exist (they are wrapped, see correct-excel-js-reader.ts). */
export function workbookReaderInternals(reader: ExcelJS.stream.xlsx.WorkbookReader): WorkbookReaderInternals {
  const internals = reader as unknown as Record<string, unknown>;
  for (const method of READER_METHODS) {
    if (typeof internals[method] !== 'function') throw new ExcelJsShapeError(`WorkbookReader.${method}`);
  }
  return reader as unknown as WorkbookReaderInternals;
}

/** A part of the zip as unzipper hands it to exceljs's streaming reader: its decompressed bytes, and its name. */
export interface ZipEntryStream extends Readable {
  readonly path: string;
}

/**
 * Calls `visit` with each part of the zip exceljs's streaming reader takes in, before exceljs gets
 * it, and with unzipper's stream of the parts (destroyed with an error, it ends exceljs's pass with
 * it). exceljs pipes the stream `_getStream` gives into unzipper's Parse (`stream.pipe(zip)`,
 * workbook-reader.js `parse`), which pushes each part as one object.
 */
export function watchZipEntries(internals: WorkbookReaderInternals, visit: (entry: ZipEntryStream, zip: Duplex) => void): void {
  const getStream = internals._getStream.bind(internals);
  internals._getStream = (input) => {
    const stream = getStream(input);
    const pipe = stream.pipe.bind(stream);
    stream.pipe = <D extends NodeJS.WritableStream>(destination: D, options?: { end?: boolean }): D => {
      const zip = destination as unknown as Duplex;
      if (typeof zip.push !== 'function' || typeof zip.destroy !== 'function') throw new ExcelJsShapeError('the unzipper Parse the reader pipes into');
      const push = zip.push.bind(zip);
      zip.push = (chunk: unknown, encoding?: BufferEncoding): boolean => {
        if (isZipEntry(chunk)) visit(chunk, zip);
        return push(chunk, encoding);
      };
      return pipe(destination, options);
    };
    return stream;
  };
}

function isZipEntry(chunk: unknown): chunk is ZipEntryStream {
  return (
    typeof chunk === 'object' &&
    chunk !== null &&
    typeof (chunk as Partial<ZipEntryStream>).path === 'string' &&
    typeof (chunk as Partial<ZipEntryStream>).pipe === 'function'
  );
}

/** What the reader's iterator yields for one worksheet (typed `unknown` there). */
export function streamedWorksheet(value: unknown): StreamedWorksheet {
  if (typeof value !== 'object' || value === null || typeof (value as Partial<StreamedWorksheet>)[Symbol.asyncIterator] !== 'function') {
    throw new ExcelJsShapeError('WorksheetReader[Symbol.asyncIterator]');
  }
  if (typeof (value as Partial<StreamedWorksheet>).parse !== 'function') throw new ExcelJsShapeError('WorksheetReader.parse');
  return value as StreamedWorksheet;
}

/** A row longer than this many columns has its cells visited by their indexes (eachCellOf). */
const SPARSE_ROW = 1024;

/**
 * Row.eachCell without walking the blanks: exceljs keeps a row's cells in an array indexed by
 * column (`_cells`), and eachCell visits every index up to the last cell. A row with a value in
 * column XFD made that 16,384 steps, for each row (11 s of a 20,000-row sheet's reading). A long row
 * has its cells visited by the indexes its array holds, in column order; a short one (every
 * ordinary row) by eachCell. Empty cells are passed over, as `includeEmpty: false` does.
 */
export function eachCellOf(row: ExcelJS.Row, visit: (cell: ExcelJS.Cell, column: number) => void): void {
  const cells = (row as unknown as { _cells?: unknown })._cells;
  if (!Array.isArray(cells) || cells.length <= SPARSE_ROW) {
    row.eachCell({ includeEmpty: false }, visit);
    return;
  }
  for (const key of Object.keys(cells)) {
    const cell = cells[Number(key)] as ExcelJS.Cell | undefined;
    if (cell !== undefined && cell.type !== ValueType.Null) visit(cell, Number(key) + 1);
  }
}

/** A formula cell's raw cached result, kept even when it is 0, '' or NaN (`cell.result`). */
export function formulaResultOf(cell: ExcelJS.Cell): unknown {
  return (cell as { result?: unknown }).result;
}

/**
 * The streaming writer's StreamBuf of a sheet (`_stream`, not `stream`: the getter would open the
 * sheet's zip entry); its single pipe target is the zip entry being compressed. Used by the results
 * writer's backpressure (src/report/sheet-backpressure.ts).
 */
export function worksheetWriterStream(sheet: ExcelJS.Worksheet): { readonly pipes?: unknown } | undefined {
  return (sheet as unknown as { _stream?: { pipes?: unknown } })._stream;
}

/**
 * The streaming writer's list of sheets, index 0 a hole (`_worksheets`), and a way to replace it
 * (src/report/results-file.ts moves the summary tab first). `undefined` when the shape differs.
 */
export function workbookWriterSheets(workbook: ExcelJS.stream.xlsx.WorkbookWriter): { readonly list: unknown[]; set(list: unknown[]): void } | undefined {
  const internals = workbook as unknown as { _worksheets?: unknown };
  const list = internals._worksheets;
  if (!Array.isArray(list)) return undefined;
  return {
    list: list as unknown[],
    set: (next) => {
      internals._worksheets = next;
    },
  };
}

/** What the results writer's table sheets use of a WorksheetWriter and of the WorkbookWriter's style registry. */
export interface TableWriterInternals {
  /** The sheet's XML stream: rendered `<row>` elements are written straight into it. */
  readonly stream: { write(chunk: string | Buffer): unknown };
  /** exceljs's own style registry: a style's id, as exceljs would give it (src/report/table-sheet.ts). */
  readonly addStyleModel: (style: unknown, cellType: ExcelJS.ValueType) => number;
}

/** A sheet's writer stream and the style registry, checked once its header row is committed. */
export function tableWriterInternals(workbook: ExcelJS.stream.xlsx.WorkbookWriter, sheet: ExcelJS.Worksheet): TableWriterInternals {
  const writer = sheet as unknown as { startedData?: unknown; stream?: { write?: unknown } };
  const stream = writer.stream;
  if (writer.startedData !== true || typeof stream?.write !== 'function') throw new ExcelJsShapeError('WorksheetWriter.startedData/stream');
  return { stream: stream as { write(chunk: string | Buffer): unknown }, addStyleModel: styleRegistryOf(workbook) };
}

/**
 * Makes the sheet's StreamBuf hand the zip blocks of `bytes` instead of its 64 KiB (`bufSize`, read
 * each time it starts a block): a sheet copied in large writes then reaches archiver's deflate in
 * as few turns. False when the stream is not the StreamBuf this was written for (nothing changed).
 */
export function widenSheetBlocks(sheet: ExcelJS.Worksheet, bytes: number): boolean {
  const stream = (sheet as unknown as { _stream?: { bufSize?: unknown; batch?: unknown } })._stream;
  if (typeof stream?.bufSize !== 'number' || stream.batch !== true) return false;
  stream.bufSize = bytes;
  return true;
}

/**
 * The workbook's style registry alone (TableWriterInternals.addStyleModel), usable before the sheet
 * exists: rows spooled to disk for a sheet added later get their style ids now (table-sheet.ts).
 */
export function styleRegistryOf(workbook: ExcelJS.stream.xlsx.WorkbookWriter): TableWriterInternals['addStyleModel'] {
  const registry = (workbook as unknown as { styles?: { addStyleModel?: unknown } }).styles;
  if (typeof registry?.addStyleModel !== 'function') throw new ExcelJsShapeError('WorkbookWriter.styles.addStyleModel');
  return (registry.addStyleModel as (style: unknown, cellType: ExcelJS.ValueType) => number).bind(registry);
}

// At the end: watchSpools may throw ExcelJsShapeError, defined above.
watchSpools();
