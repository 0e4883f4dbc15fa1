/**
 * Pass the decompressed chunks of one zip part through, counting their bytes, and throw
 * `overrun(bytes)` as soon as they exceed `limit`: the size a zip declares for a part is only a
 * claim, so what is really decompressed is counted as it is read, and reading stops there.
 */
export async function* limitPartBytes<T>(chunks: AsyncIterable<T>, limit: number, overrun: (bytes: number) => Error): AsyncGenerator<T> {
  let bytes = 0;
  for await (const chunk of chunks) {
    bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk instanceof Uint8Array ? chunk.byteLength : 0;
    if (bytes > limit) throw overrun(bytes);
    yield chunk;
  }
}
