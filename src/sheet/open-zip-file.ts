import { close as closeFd, open as openFd } from 'node:fs';
import { promisify } from 'node:util';
import yauzl from 'yauzl';

export interface OpenZipFile {
  /** The zip, with lazyEntries (read with eachEntry) and without autoClose. */
  readonly zip: yauzl.ZipFile;
  /**
   * Close the zip and resolve once its descriptor is really closed (yauzl's `close` event, after
   * the streams opened from it have ended or been destroyed). Safe to call more than once.
   */
  readonly close: () => Promise<void>;
}

/**
 * Open the zip `file` with yauzl on a descriptor of its own, so that whoever reads it can wait for
 * that descriptor to be closed: yauzl's close() (and its autoClose) only starts closing it, and a
 * read that returned before would leave a file open behind it for a moment (a caller that counts
 * its open files, or opens many, sees it). A file that is not a zip rejects with yauzl's error
 * after its descriptor was closed.
 */
export async function openZipFile(file: string): Promise<OpenZipFile> {
  const fd = await promisify(openFd)(file, 'r');
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromFdPromise(fd, { lazyEntries: true, autoClose: false, strictFileNames: false, validateEntrySizes: true });
  } catch (error) {
    // yauzl leaves the descriptor it was given open when it cannot read a zip from it.
    await promisify(closeFd)(fd);
    throw error;
  }
  let closed: Promise<void> | undefined;
  return {
    zip,
    close: () =>
      (closed ??= new Promise<void>((resolve, reject) => {
        zip.once('close', () => resolve());
        // Only closing the descriptor can fail here; reading errors went to the reader.
        zip.once('error', reject);
        zip.close();
      })),
  };
}
