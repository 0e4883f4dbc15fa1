import { pipeline } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { limitPartBytes } from './limit-part-bytes.js';
import { openZipFile } from './open-zip-file.js';

/** The zip method of a deflated entry (0 is stored, anything else yauzl refuses itself). */
const DEFLATE = 8;

/**
 * Bytes of output per inflate step. yauzl inflates with zlib's default of 16 KiB: a 63 MB sheet
 * part (100,000 rows) came in 4,400 steps, each a trip through libuv's thread pool and back to the
 * main thread, 400 ms in all; at 1 MiB, 640 steps and about 200 ms, and the pass depends less on a
 * busy main thread to go on.
 */
const INFLATE_CHUNK = 1024 * 1024;

/**
 * The decompressed bytes of the entry `name` of the zip `file`, chunk by chunk, read with yauzl on
 * a descriptor of its own (nothing when the zip has no such entry). They are counted as they come
 * (limit-part-bytes.ts): past `limit` bytes reading stops and `overrun(bytes)` is thrown. yauzl
 * also checks the entry against the size the zip declares for it, unless `limit` is that size
 * already: such a deflated entry is inflated here (INFLATE_CHUNK), the limit standing for yauzl's
 * check. yauzl's own errors (a broken zip) and zlib's (broken compressed data) are thrown as they
 * are, for the caller to word. The iteration ends (completed, failed or abandoned) only once the zip's
 * descriptor is closed (open-zip-file.ts).
 */
export async function* readZipEntry(file: string, name: string, limit: number, overrun: (bytes: number) => Error): AsyncGenerator<Buffer> {
  const { zip, close } = await openZipFile(file);
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName !== name) continue;
      const stream =
        entry.compressionMethod === DEFLATE && limit <= entry.uncompressedSize
          ? // pipeline ends the inflater with the compressed stream's error, and destroys both when the reading stops.
            pipeline(await zip.openReadStreamPromise(entry, { decompress: false }), createInflateRaw({ chunkSize: INFLATE_CHUNK }), () => undefined)
          : await zip.openReadStreamPromise(entry);
      yield* limitPartBytes(stream as AsyncIterable<Buffer>, limit, overrun);
      return;
    }
  } finally {
    await close();
  }
}
