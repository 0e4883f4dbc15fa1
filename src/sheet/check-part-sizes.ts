import { pipeline } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { limitPartBytes } from './limit-part-bytes.js';
import { openZipFile } from './open-zip-file.js';
import type { XlsxPartBudget } from './xlsx-part-budget.js';

/** The zip method of a deflated entry (0 is stored, anything else yauzl refuses itself). */
const DEFLATE = 8;

/** Bytes of output per inflate step (as read-zip-entry.ts: fewer trips through libuv's thread pool). */
const INFLATE_CHUNK = 1024 * 1024;

/**
 * Before a reader that inflates every part of a zip whole into memory sees the file (SheetJS: the
 * XLSX exceljs could not read, an .ods), every entry its directory lists is inflated once with
 * yauzl, its bytes counted and dropped, and the first that expands past the size the directory
 * declares for it is refused with `budget.overrun(name)`, the words exceljs's path uses
 * (correct-excel-js-reader.ts): the declared sizes were checked against the limits
 * (xlsx-part-budget.ts), but they are only a claim. SheetJS sizes its output by that claim, and
 * when it is 0 grows it without a bound: a 1.4 MB file whose directory declared 0 bytes for a part
 * took 676 MB and 11 s to be read. Here reading stops at the declared size, with memory flat.
 * yauzl's and zlib's own errors (a broken zip, broken compressed data) are thrown as they are, for
 * the caller to word. Resolves once the zip's descriptor is closed (open-zip-file.ts).
 */
export async function checkPartSizes(file: string, budget: XlsxPartBudget): Promise<void> {
  const { zip, close } = await openZipFile(file);
  try {
    for await (const entry of zip.eachEntry()) {
      // Inflated here rather than by yauzl, so that a part is cut at its declared size instead of
      // being read to its end (yauzl only compares the sizes once the stream is over).
      const stream =
        entry.compressionMethod === DEFLATE
          ? pipeline(await zip.openReadStreamPromise(entry, { decompress: false }), createInflateRaw({ chunkSize: INFLATE_CHUNK }), () => undefined)
          : await zip.openReadStreamPromise(entry);
      for await (const _chunk of limitPartBytes(stream as AsyncIterable<Buffer>, entry.uncompressedSize, () => budget.overrun(entry.fileName))) {
        // counted and dropped: only its real size matters here
      }
    }
  } finally {
    await close();
  }
}
