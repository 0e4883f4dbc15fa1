import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { Readable as ReadableStream, Transform } from 'node:stream';
import ExcelJS from 'exceljs';
import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';
import type { Problem } from '../invoice/problem.js';
import type { Cell, SourceRow } from './source-row.js';
import { toCell } from './xlsx-cell.js';
import { limitPartBytes } from './limit-part-bytes.js';
import { readXlsxPartBudget, type XlsxPartBudget } from './xlsx-part-budget.js';

export interface XlsxRows {
  readonly sheet: string;
  readonly notes: readonly Problem[];
  readonly rows: AsyncIterable<SourceRow>;
}

/** The parts of exceljs 4.4's streaming WorkbookReader (not in its typings) this reader relies on. */
interface ReaderInternals {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<{ eventType: string; value: unknown }>;
  _parseWorksheet(iterator: AsyncIterable<unknown>, sheetNo: string): Generator<{ eventType: string; value: unknown }>;
  properties?: { model?: { date1904: boolean } };
  model?: { sheets?: readonly { name: string; state?: string; rId: string }[] };
  workbookRels?: readonly { Id: string; Target: string }[];
}

interface StreamedSheet extends AsyncIterable<ExcelJS.Row> {
  readonly name: string;
}

const DATE_1904 = /<(?:[\w.-]+:)?workbookPr\b[^>]*?\bdate1904\s*=\s*["'](?:1|true)["']/;

/**
 * Open an XLSX file with exceljs's streaming WorkbookReader (styles cached: date cells need their
 * number formats; shared strings cached) and position it on the sheet to read: `sheet` by name,
 * else the first visible one. Hidden sheets are skipped and noted. Resolves once that sheet is
 * reached; its rows then stream. Rejects with a FacturaError('INPUT') naming the file for a
 * truncated or broken zip, a workbook with only hidden sheets, or a missing `sheet`.
 *
 * Zip bombs: before exceljs sees the file, its zip directory is checked (readXlsxPartBudget: no part
 * declared to expand past its limit or more than 100 times its compressed size), and then every part
 * exceljs parses is counted as it is decompressed and refused past the size the directory declared
 * for it, so a file that lies in its directory is stopped too, with memory bounded by the limits.
 *
 * Two corrections to exceljs 4.4, done by wrapping its reader's methods on this instance:
 * - the date system: exceljs only honours date1904="1", but the attribute is an xsd:boolean and
 *   LibreOffice writes date1904="true"; we read the attribute from xl/workbook.xml ourselves.
 * - sheet names and states: exceljs matches a sheet file to its name only when the relationship
 *   target is relative ("worksheets/sheet1.xml"); openpyxl writes "/xl/worksheets/sheet1.xml", so
 *   names and the hidden state were lost. We resolve them from the relationships ourselves.
 */
export async function openXlsxRows(file: string, wanted: string | undefined): Promise<XlsxRows> {
  let budget: XlsxPartBudget;
  try {
    budget = await readXlsxPartBudget(file);
  } catch (error) {
    throw toInputError(error, file, undefined);
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await openXlsxRowsOnce(file, wanted, budget);
    } catch (error) {
      if (!(error instanceof IncompleteRead) || attempt >= READ_ATTEMPTS) throw error instanceof IncompleteRead ? incompleteRead(file) : error;
    }
  }
}

/** Reads of one file before giving up on an incomplete one (see IncompleteRead). */
const READ_ATTEMPTS = 6;

/**
 * exceljs's pass over the zip (unzipper's entry iterator) now and then ends early, about 2 reads in
 * 100 of a LibreOffice file that stores its relationships and shared strings after the sheets: the
 * sheets then come out unnamed and without their shared strings (text cells lost), silently. The
 * zip directory says which parts exist, so a read that missed one is detected and done again.
 */
class IncompleteRead extends Error {}

function incompleteRead(file: string): FacturaError {
  return new FacturaError(
    'INPUT',
    localized(
      `No se pudo leer completo el archivo ${file} (tras ${READ_ATTEMPTS} intentos). Vuelva a guardarlo en Excel o expórtelo como CSV.`,
      `The file ${file} could not be read completely (after ${READ_ATTEMPTS} tries). Save it again in Excel or export it as CSV.`,
    ),
  );
}

/**
 * The parts exceljs has always parsed before it hands out a worksheet, when the file has them: it
 * streams a sheet directly only once it has both, and otherwise spools the sheets until the whole
 * zip was passed. (workbook.xml is not required: a file may store it after streamed sheets.)
 */
const PARTS_BEFORE_SHEETS = ['xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml'] as const;

async function openXlsxRowsOnce(file: string, wanted: string | undefined, budget: XlsxPartBudget): Promise<XlsxRows> {
  const input = createReadStream(file);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const internals = reader as unknown as ReaderInternals;
  const { fileNumbers, parsed } = correctExcelJsReader(internals, budget);
  const sheets = reader[Symbol.asyncIterator]();
  /**
   * exceljs removes a spooled sheet's temporary file (and closes its descriptor) only when its
   * generator is resumed past that sheet, so after a complete read the remaining sheets are
   * drained to the end. When reading stops early or fails, what exceljs spooled stays until the
   * process exits (tmp's graceful cleanup); a failed read ends the run anyway.
   */
  const close = async (drain: boolean): Promise<void> => {
    try {
      if (drain) {
        for (let next = await sheets.next(); next.done !== true; next = await sheets.next()) {
          for await (const _row of next.value as unknown as StreamedSheet) {
            // drained so exceljs reaches its clean-up of the temporary file
          }
        }
      }
    } finally {
      input.destroy();
      await sheets.return(undefined).catch(() => undefined);
    }
  };

  const hidden: string[] = [];
  const seen: string[] = [];
  try {
    for (;;) {
      const next = await sheets.next();
      if (next.done === true) break;
      const worksheet = next.value as unknown as StreamedSheet;
      if (PARTS_BEFORE_SHEETS.some((part) => budget.limitFor(part) > 0 && !parsed.has(part))) {
        // Drained, so exceljs closes and removes the sheets it spooled before the read is redone.
        for await (const _row of worksheet) {
          // released
        }
        await close(true);
        throw new IncompleteRead();
      }
      const { name, state } = resolveSheet(internals, worksheet, fileNumbers.get(worksheet));
      seen.push(name);
      const isHidden = state !== 'visible';
      const chosen =
        wanted === undefined ? !isHidden : name.trim().toLowerCase() === wanted.trim().toLowerCase();
      if (!chosen) {
        if (isHidden) hidden.push(name);
        for await (const _row of worksheet) {
          // drained so that its (possibly spooled) stream is read to the end and released
        }
        continue;
      }
      const notes: Problem[] = hidden.length > 0 ? [hiddenSkipped(file, hidden)] : [];
      if (isHidden) notes.push(hiddenChosen(file, name));
      const date1904 = (): boolean => internals.properties?.model?.date1904 === true;
      return { sheet: name, notes, rows: streamRows(file, name, worksheet, date1904, close) };
    }
  } catch (error) {
    await close(false);
    if (error instanceof IncompleteRead) throw error;
    throw toInputError(error, file, undefined);
  }
  await close(false);
  const names = internals.model?.sheets?.map((s) => s.name) ?? seen;
  if (wanted !== undefined) throw missingSheet(file, wanted, names);
  if (seen.length === 0) throw noSheets(file);
  throw onlyHidden(file, hidden);
}

async function* streamRows(
  file: string,
  sheet: string,
  worksheet: StreamedSheet,
  date1904: () => boolean,
  close: (drain: boolean) => Promise<void>,
): AsyncGenerator<SourceRow> {
  let lastRow: number | undefined;
  let complete = false;
  try {
    for await (const row of worksheet) {
      lastRow = row.number;
      const cells = rowCells(row, date1904());
      if (cells.every((cell) => cell === null)) continue;
      yield { row: row.number, cells };
    }
    complete = true;
    await close(true);
  } catch (error) {
    throw toInputError(error, `${file} (hoja/sheet "${sheet}")`, lastRow === undefined ? undefined : lastRow + 1);
  } finally {
    if (!complete) await close(false);
  }
}

function rowCells(row: ExcelJS.Row, date1904: boolean): (Cell | null)[] {
  const cells: (Cell | null)[] = [];
  row.eachCell({ includeEmpty: false }, (cell, column) => {
    while (cells.length < column - 1) cells.push(null);
    cells[column - 1] = toCell(
      { type: cell.type, value: cell.value, result: (cell as { result?: unknown }).result, numFmt: cell.numFmt },
      date1904,
    );
  });
  return cells;
}

function correctExcelJsReader(internals: ReaderInternals, budget: XlsxPartBudget): { fileNumbers: WeakMap<object, string>; parsed: Set<string> } {
  const parsed = new Set<string>();
  if (
    typeof internals._parseRels !== 'function' ||
    typeof internals._parseWorkbook !== 'function' ||
    typeof internals._parseStyles !== 'function' ||
    typeof internals._parseSharedStrings !== 'function' ||
    typeof internals._parseWorksheet !== 'function'
  ) {
    throw new Error('exceljs WorkbookReader internals changed: check xlsx-row-source.ts against the new version');
  }
  /** The part's decompressed bytes, counted and cut at what the zip directory declared for it. */
  const limited = <T>(name: string, chunks: AsyncIterable<T>): AsyncGenerator<T> =>
    limitPartBytes(chunks, budget.limitFor(name), () => budget.overrun(name));
  /**
   * A zip entry's stream, counted through a Transform piped from it (the entry itself is left to
   * unzipper: iterating it with `for await` destroys it at its end, before unzipper has moved on).
   */
  const entryOf = (name: string, entry: Readable): Readable => {
    const limit = budget.limitFor(name);
    let bytes = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        if (bytes > limit) callback(budget.overrun(name));
        else callback(null, chunk);
      },
    });
    entry.once('error', (error) => counted.destroy(error));
    return entry.pipe(counted);
  };

  /**
   * A small part read whole (counted and bounded), then handed to exceljs as one chunk. exceljs's
   * iterateStream over a piped stream sometimes yields nothing (about 2 reads in 100 here), which
   * left workbookRels undefined: sheet names fell back to "Sheet1" and --sheet failed at random.
   * Styles would lose date formats the same way.
   */
  const wholePart = async (name: string, entry: Readable): Promise<Readable> => ReadableStream.from([await readAll(entryOf(name, entry))]);
  const parseRels = internals._parseRels.bind(internals);
  internals._parseRels = async (entry) => {
    await parseRels(await wholePart('xl/_rels/workbook.xml.rels', entry));
    parsed.add('xl/_rels/workbook.xml.rels');
  };
  const parseStyles = internals._parseStyles.bind(internals);
  internals._parseStyles = async (entry) => parseStyles(await wholePart('xl/styles.xml', entry));
  const parseSharedStrings = internals._parseSharedStrings.bind(internals);
  internals._parseSharedStrings = async function* (entry: Readable) {
    yield* parseSharedStrings(entryOf('xl/sharedStrings.xml', entry));
    parsed.add('xl/sharedStrings.xml');
  };

  const parseWorkbook = internals._parseWorkbook.bind(internals);
  internals._parseWorkbook = async (entry: Readable): Promise<void> => {
    const xml = await readAll(entryOf('xl/workbook.xml', entry));
    await parseWorkbook(ReadableStream.from([xml]));
    parsed.add('xl/workbook.xml');
    const date1904 = DATE_1904.test(xml.toString('utf8'));
    if (internals.properties !== undefined) internals.properties.model = { ...internals.properties.model, date1904 };
  };
  const fileNumbers = new WeakMap<object, string>();
  const parseWorksheet = internals._parseWorksheet.bind(internals);
  internals._parseWorksheet = function* (iterator: AsyncIterable<unknown>, sheetNo: string) {
    for (const event of parseWorksheet(limited(`xl/worksheets/sheet${sheetNo}.xml`, iterator), sheetNo)) {
      if (typeof event.value === 'object' && event.value !== null) fileNumbers.set(event.value, sheetNo);
      yield event;
    }
  };
  return { fileNumbers, parsed };
}

async function readAll(chunks: AsyncIterable<unknown>): Promise<Buffer> {
  const buffers: Buffer[] = [];
  for await (const chunk of chunks) buffers.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(buffers);
}

function resolveSheet(
  internals: ReaderInternals,
  worksheet: StreamedSheet,
  sheetNo: string | undefined,
): { name: string; state: string } {
  const rel = internals.workbookRels?.find(
    (r) => r.Target.replace(/^\//, '').replace(/^xl\//, '') === `worksheets/sheet${sheetNo ?? ''}.xml`,
  );
  const sheet = rel === undefined ? undefined : internals.model?.sheets?.find((s) => s.rId === rel.Id);
  return { name: sheet?.name ?? worksheet.name, state: sheet?.state ?? 'visible' };
}

function where(file: string, row: number | undefined): { es: string; en: string } {
  return row === undefined
    ? { es: `El archivo ${file}`, en: `The file ${file}` }
    : { es: `El archivo ${file}, cerca de la fila ${row},`, en: `The file ${file}, near row ${row},` };
}

function toInputError(error: unknown, file: string, row: number | undefined): unknown {
  if (error instanceof FacturaError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  const at = where(file, row);
  if (detail === 'FILE_ENDED' || /unexpected end|end of (central )?directory/i.test(detail)) {
    return new FacturaError(
      'INPUT',
      localized(
        `${at.es} está incompleto (el archivo .xlsx termina antes de tiempo, ¿se copió o descargó a medias?). Vuelva a guardarlo o descargarlo.`,
        `${at.en} is incomplete (the .xlsx file ends too early; was it copied or downloaded only in part?). Save or download it again.`,
      ),
      { cause: error },
    );
  }
  return new FacturaError(
    'INPUT',
    localized(
      `${at.es} no se pudo leer como libro de Excel (.xlsx): ${detail}`,
      `${at.en} could not be read as an Excel workbook (.xlsx): ${detail}`,
    ),
    { cause: error },
  );
}

function hiddenSkipped(file: string, hidden: readonly string[]): Problem {
  const list = hidden.map((n) => `"${n}"`).join(', ');
  return {
    severity: 'warning',
    code: 'HIDDEN_SHEETS_SKIPPED',
    value: hidden.join(', '),
    message: localized(
      `Se omitieron hojas ocultas de ${file}: ${list}. Se lee la primera hoja visible.`,
      `Hidden sheets of ${file} were skipped: ${list}. The first visible sheet is read.`,
    ),
  };
}

function hiddenChosen(file: string, sheet: string): Problem {
  return {
    severity: 'warning',
    code: 'HIDDEN_SHEET_READ',
    value: sheet,
    message: localized(
      `La hoja "${sheet}" de ${file} está oculta; se lee porque se pidió con --sheet.`,
      `The sheet "${sheet}" of ${file} is hidden; it is read because --sheet asked for it.`,
    ),
  };
}

function missingSheet(file: string, wanted: string, names: readonly string[]): FacturaError {
  const list = names.map((n) => `"${n}"`).join(', ');
  return new FacturaError(
    'INPUT',
    localized(
      `El archivo ${file} no tiene una hoja llamada "${wanted}". Sus hojas son: ${list}.`,
      `The file ${file} has no sheet named "${wanted}". Its sheets are: ${list}.`,
    ),
  );
}

function onlyHidden(file: string, hidden: readonly string[]): FacturaError {
  const list = hidden.map((n) => `"${n}"`).join(', ');
  return new FacturaError(
    'INPUT',
    localized(
      `El archivo ${file} solo tiene hojas ocultas (${list}). Muestre la hoja con las ventas o elíjala con --sheet.`,
      `The file ${file} has only hidden sheets (${list}). Unhide the sheet with the sales or choose it with --sheet.`,
    ),
  );
}

function noSheets(file: string): FacturaError {
  return new FacturaError(
    'INPUT',
    localized(
      `El archivo ${file} es un .zip sin hojas de cálculo: no parece un libro de Excel (.xlsx).`,
      `The file ${file} is a zip without worksheets: it does not look like an Excel workbook (.xlsx).`,
    ),
  );
}
