import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';

/** Bytes read at a time, into one buffer reused to the end. */
const CHUNK = 1024 * 1024;

/**
 * SHA-256 of a file, hex. The input may be hundreds of MB: it is read a chunk at a time into one
 * reused buffer, not as a stream of fresh Buffers, which were garbage V8 only collects once
 * external memory has grown (seen: +20-30 MB of RSS at the end of a run over a 54 MB CSV).
 */
export async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(CHUNK);
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, CHUNK, null);
      if (bytesRead === 0) break;
      hash.update(buffer.subarray(0, bytesRead));
    }
  } finally {
    await file.close();
  }
  return hash.digest('hex');
}
