import { finished, type Readable } from 'node:stream';

/**
 * An object-mode stream's items, a batch at a time: what the stream has buffered when the consumer
 * asks, at most `max` (csv-parse pushes every record of an input chunk at once: hundreds of rows),
 * in one async step instead of one per item (what `for await` on the stream itself costs). Works as
 * Node's own stream iterator does: an error of the stream rejects the iteration; leaving the
 * iteration early, or failing, destroys the stream.
 */
export async function* readableBatches<T>(stream: Readable, max: number): AsyncGenerator<T[]> {
  let wake: () => void = () => undefined;
  const readable = (): void => wake();
  stream.on('readable', readable);
  /** undefined: still open; null: ended; else why it failed. */
  let ended: Error | null | undefined;
  const stop = finished(stream, { writable: false }, (error) => {
    ended = error ?? null;
    wake();
  });
  let done = false;
  try {
    for (;;) {
      const batch: T[] = [];
      if (!stream.destroyed) {
        while (batch.length < max) {
          const item = stream.read() as T | null;
          if (item === null) break;
          batch.push(item);
        }
      }
      if (batch.length > 0) yield batch;
      else if (ended === null) {
        done = true;
        return;
      } else if (ended !== undefined) throw ended;
      else await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    stream.off('readable', readable);
    stop();
    if (!done) stream.destroy();
  }
}
