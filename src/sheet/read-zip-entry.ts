import yauzl from 'yauzl';
import { limitPartBytes } from './limit-part-bytes.js';

/**
 * The decompressed bytes of the entry `name` of the zip `file`, chunk by chunk, read with yauzl on
 * a descriptor of its own (nothing when the zip has no such entry). They are counted as they come
 * (limit-part-bytes.ts): past `limit` bytes reading stops and `overrun(bytes)` is thrown. yauzl
 * also checks each entry against the size the zip declares for it. yauzl's own errors (a broken
 * zip) are thrown as they are, for the caller to word.
 */
export async function* readZipEntry(file: string, name: string, limit: number, overrun: (bytes: number) => Error): AsyncGenerator<Buffer> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false, strictFileNames: false, validateEntrySizes: true }, (error, z) => {
      if (error !== null) reject(error);
      else resolve(z);
    });
  });
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName !== name) continue;
      const stream = await zip.openReadStreamPromise(entry);
      yield* limitPartBytes(stream as AsyncIterable<Buffer>, limit, overrun);
      return;
    }
  } finally {
    zip.close();
  }
}
