import { ReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { Readable as ReadableStream, Transform, type Writable } from 'node:stream';
import { watchZipEntries, type WorkbookReaderInternals } from '../exceljs-internals.js';
import { limitPartBytes } from './limit-part-bytes.js';
import type { XlsxPartBudget } from './xlsx-part-budget.js';

const DATE_1904 = /<(?:[\w.-]+:)?workbookPr\b[^>]*?\bdate1904\s*=\s*["'](?:1|true)["']/;

export interface ReaderCorrections {
  /** Each streamed worksheet (and its rows) → the number of its file, `xl/worksheets/sheetN.xml`. */
  readonly fileNumbers: WeakMap<object, string>;
  /** The small parts parsed completely so far (see IncompleteRead in open-xlsx-rows.ts). */
  readonly parsed: Set<string>;
  /**
   * The streamed worksheets exceljs spooled to a temporary file, and the stream it reads each back
   * from: it hands those out only once its pass over the zip is over, so by then it has parsed
   * every part the file has. A read left early closes the stream (exceljs would only at its end).
   */
  readonly spooled: WeakMap<object, ReadStream>;
}

/**
 * Wrap the methods of one exceljs 4.4 streaming reader so that:
 * - every part it decompresses is counted and cut at the size the zip directory declared for it
 *   (zip bombs: see xlsx-part-budget.ts), whether it parses the part, spools it to a temporary
 *   file or drains it;
 * - the small parts (relationships, styles, workbook) are read whole before exceljs parses them:
 *   its iterateStream over a piped stream sometimes yields nothing (about 2 reads in 100 here),
 *   which lost sheet names or date formats at random;
 * - the date system: exceljs only honours date1904="1", but the attribute is an xsd:boolean and
 *   LibreOffice writes date1904="true"; we read the attribute from xl/workbook.xml ourselves;
 * - each worksheet is tied to its file number, so its name and state can be resolved from the
 *   relationships (resolve-sheet.ts) even when exceljs could not.
 */
export function correctExcelJsReader(internals: WorkbookReaderInternals, budget: XlsxPartBudget): ReaderCorrections {
  const parsed = new Set<string>();
  /** The part's decompressed bytes, counted and cut at what the zip directory declared for it. */
  const limited = <T>(name: string, chunks: AsyncIterable<T>): AsyncGenerator<T> => limitPartBytes(chunks, budget.limitFor(name), () => budget.overrun(name));
  /**
   * A zip entry's stream, counted through a Transform piped from it (the entry itself is left to
   * unzipper: iterating it with `for await` destroys it at its end, before unzipper has moved on).
   */
  const entryOf = (name: string, entry: Readable): Readable => {
    const counted = countedPart(name, budget);
    entry.once('error', (error) => counted.destroy(error));
    return entry.pipe(counted);
  };
  // What exceljs pipes a part into itself is bounded the same way: the temporary file it spools a
  // sheet to when the shared strings or the relationships come after it (or there are none), and
  // the drain it empties every part it passes over into. Unbounded, a 3 MB file whose directory
  // declared 1 MB for its sheet wrote the 1 GB it holds to the temporary folder, and only then was
  // refused, as the spool was read back. Past its limit, the part stops being decompressed, and
  // the spool or drain is ended with the refusal, exceljs's pass too.
  watchZipEntries(internals, (entry, zip) => {
    const pipe = entry.pipe.bind(entry);
    entry.pipe = <D extends NodeJS.WritableStream>(destination: D, options?: { end?: boolean }): D => {
      const counted = countedPart(entry.path, budget);
      counted.once('error', (error) => {
        counted.unpipe(destination);
        // exceljs waits for its spool to finish or fail; nobody listens to a drain's errors.
        const target = destination as unknown as Writable;
        target.destroy(target.listenerCount('error') > 0 ? error : undefined);
        zip.destroy(error);
      });
      return pipe(counted).pipe(destination, options);
    };
  });

  /** A small part read whole (counted and bounded), then handed to exceljs as one chunk. */
  const wholePart = async (name: string, entry: Readable): Promise<Readable> => ReadableStream.from([await readAll(entryOf(name, entry))]);
  const parseRels = internals._parseRels.bind(internals);
  internals._parseRels = async (entry) => {
    await parseRels(await wholePart('xl/_rels/workbook.xml.rels', entry));
    parsed.add('xl/_rels/workbook.xml.rels');
  };
  const parseStyles = internals._parseStyles.bind(internals);
  internals._parseStyles = async (entry) => {
    await parseStyles(await wholePart('xl/styles.xml', entry));
    parsed.add('xl/styles.xml');
  };
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
  const spooled = new WeakMap<object, ReadStream>();
  const parseWorksheet = internals._parseWorksheet.bind(internals);
  internals._parseWorksheet = function* (iterator: AsyncIterable<unknown>, sheetNo: string) {
    // exceljs reads `this.model.sheets` here whenever the relationships name this sheet, and
    // crashes (TypeError) when xl/workbook.xml was not parsed first: it may come later in the zip
    // (SheetJS writes it after the sheets), or have been missed by an incomplete pass. An empty
    // model lets it go on; open-xlsx-rows.ts tells the two cases apart (see IncompleteRead).
    if (internals.model === undefined) internals.model = {};
    // Its WorksheetReader reads `properties.model.date1904` the same way: the 1900 system until the
    // workbook part says otherwise.
    if (internals.properties === undefined) internals.properties = { model: { date1904: false } };
    // A sheet exceljs spooled comes back from its temporary file; one streamed from the zip does not.
    const spool = iterator instanceof ReadStream ? iterator : undefined;
    // exceljs opens the spool when it hands the sheet out, and nobody listens to it until the sheet
    // is read. A read left before that (a preview, a failure) removes its spools: the open then fails
    // with ENOENT, emitted with no listener, and that took the whole web workspace down (ci75). Its
    // reader still gets the error (a stream's async iterator rethrows it); nobody else needs it.
    spool?.on('error', () => undefined);
    for (const event of parseWorksheet(limited(`xl/worksheets/sheet${sheetNo}.xml`, iterator), sheetNo)) {
      if (typeof event.value === 'object' && event.value !== null) {
        fileNumbers.set(event.value, sheetNo);
        if (spool !== undefined) spooled.set(event.value, spool);
      }
      yield event;
    }
  };
  return { fileNumbers, parsed, spooled };
}

/** A part's decompressed bytes passed through, counted, and cut with the refusal past what the zip directory declared for it. */
function countedPart(name: string, budget: XlsxPartBudget): Transform {
  const limit = budget.limitFor(name);
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > limit) callback(budget.overrun(name));
      else callback(null, chunk);
    },
  });
}

async function readAll(chunks: AsyncIterable<unknown>): Promise<Buffer> {
  const buffers: Buffer[] = [];
  for await (const chunk of chunks) buffers.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(buffers);
}
