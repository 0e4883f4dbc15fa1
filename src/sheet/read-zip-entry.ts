import { limitPartBytes } from './limit-part-bytes.js';
import { openZipFile } from './open-zip-file.js';

/**
 * The decompressed bytes of the entry `name` of the zip `file`, chunk by chunk, read with yauzl on
 * a descriptor of its own (nothing when the zip has no such entry). They are counted as they come
 * (limit-part-bytes.ts): past `limit` bytes reading stops and `overrun(bytes)` is thrown. yauzl
 * also checks each entry against the size the zip declares for it. yauzl's own errors (a broken
 * zip) are thrown as they are, for the caller to word. The iteration ends (completed, failed or
 * abandoned) only once the zip's descriptor is closed (open-zip-file.ts).
 */
export async function* readZipEntry(file: string, name: string, limit: number, overrun: (bytes: number) => Error): AsyncGenerator<Buffer> {
  const { zip, close } = await openZipFile(file);
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName !== name) continue;
      const stream = await zip.openReadStreamPromise(entry);
      yield* limitPartBytes(stream as AsyncIterable<Buffer>, limit, overrun);
      return;
    }
  } finally {
    await close();
  }
}
