import pLimit from 'p-limit';

export interface DispatchOptions {
  /** Items worked on at once (p-limit). */
  readonly concurrency: number;
  /** Items pulled from the source and not yet handed back; reading pauses at this bound. */
  readonly maxPending: number;
  /** Stop pulling new items; those already pulled are still worked on and handed back. */
  readonly signal?: AbortSignal;
}

/**
 * Bounded-concurrency map with backpressure: pulls from `items` only while fewer than
 * `maxPending` pulled items are unfinished or not yet consumed, runs at most `concurrency` of them
 * at once, and yields each `{ item, result }` as it completes (completion order). On abort it stops
 * pulling and drains what was pulled. If a work rejects, it stops pulling, drains the rest and then
 * throws that error.
 */
export async function* dispatch<T, R>(
  items: AsyncIterable<T> | Iterable<T>,
  work: (item: T) => Promise<R>,
  options: DispatchOptions,
): AsyncGenerator<{ item: T; result: R }, void, undefined> {
  const maxPending = Math.max(1, options.maxPending);
  const limit = pLimit(Math.max(1, options.concurrency));
  const source: AsyncIterator<T> | Iterator<T> = Symbol.asyncIterator in items ? items[Symbol.asyncIterator]() : items[Symbol.iterator]();
  const done: { item: T; result: R }[] = [];
  let failure: { error: unknown } | undefined;
  let pending = 0;
  let exhausted = false;
  let wake: (() => void) | undefined;
  const notify = (): void => {
    wake?.();
    wake = undefined;
  };

  try {
    for (;;) {
      while (!exhausted && failure === undefined && pending < maxPending && options.signal?.aborted !== true) {
        const next = await source.next();
        if (next.done === true) {
          exhausted = true;
          break;
        }
        const item = next.value;
        pending++;
        limit(() => work(item)).then(
          (result) => {
            done.push({ item, result });
            notify();
          },
          (error: unknown) => {
            pending--;
            failure ??= { error };
            notify();
          },
        );
      }
      while (done.length > 0) {
        const entry = done.shift() as { item: T; result: R };
        pending--;
        yield entry;
      }
      const stopPulling = exhausted || failure !== undefined || options.signal?.aborted === true;
      if (pending === 0 && stopPulling) break;
      if (done.length === 0 && (pending >= maxPending || stopPulling)) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          if (done.length > 0 || (pending === 0 && stopPulling)) notify();
          else if (options.signal && !options.signal.aborted) options.signal.addEventListener('abort', notify, { once: true });
        });
        options.signal?.removeEventListener('abort', notify);
      }
    }
    if (failure !== undefined) throw failure.error;
  } finally {
    if (!exhausted) await source.return?.();
  }
}
