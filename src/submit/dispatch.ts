import pLimit from 'p-limit';

export interface DispatchOptions {
  /** Items worked on at once (p-limit). */
  readonly concurrency: number;
  /**
   * Items pulled from the source whose work has not finished (with `window`), or not yet handed
   * back (without); reading pauses at this bound.
   */
  readonly maxPending: number;
  /**
   * Hand the results back in the order their items were pulled, and pull at most this many items
   * ahead of the earliest one not yet handed back (at least `maxPending`). Items that finish early
   * wait for the earlier ones, and this bounds how many wait: while one invoice is retried for
   * minutes (a `Retry-After`), the others go on being sent until the window is full, then reading
   * pauses until it is handed back, instead of holding every later outcome in memory. Absent:
   * completion order.
   */
  readonly window?: number;
  /** Stop pulling new items; those already pulled are still worked on and handed back. */
  readonly signal?: AbortSignal;
}

/** A finished item, or `null` for one whose work rejected (skipped when its turn comes). */
type Finished<T, R> = { item: T; result: R } | null;

/**
 * Bounded-concurrency map with backpressure: pulls from `items` only within the bounds of
 * `options` (`maxPending`, `window`), runs at most `concurrency` of them at once, and yields each
 * `{ item, result }` as it completes (completion order) or, with `window`, in the items' order.
 * On abort it stops pulling and drains what was pulled. If a work rejects, it stops pulling,
 * drains the rest and then throws that error.
 */
export async function* dispatch<T, R>(
  items: AsyncIterable<T> | Iterable<T>,
  work: (item: T) => Promise<R>,
  options: DispatchOptions,
): AsyncGenerator<{ item: T; result: R }, void, undefined> {
  const maxPending = Math.max(1, options.maxPending);
  const window = options.window === undefined ? undefined : Math.max(maxPending, options.window);
  const limit = pLimit(Math.max(1, options.concurrency));
  const source: AsyncIterator<T> | Iterator<T> = Symbol.asyncIterator in items ? items[Symbol.asyncIterator]() : items[Symbol.iterator]();
  /** Finished and not yet handed back, by the order they were pulled in (a Map iterates in the order they finished). */
  const done = new Map<number, Finished<T, R>>();
  let failure: { error: unknown } | undefined;
  /** Items pulled, items handed back (or skipped as failed), items whose work has not settled. */
  let pulled = 0;
  let handed = 0;
  let unfinished = 0;
  let exhausted = false;
  let wake: (() => void) | undefined;
  const notify = (): void => {
    wake?.();
    wake = undefined;
  };
  const stopPulling = (): boolean => exhausted || failure !== undefined || options.signal?.aborted === true;
  const mayPull = (): boolean => !stopPulling() && (window === undefined ? pulled - handed < maxPending : unfinished < maxPending && pulled - handed < window);
  /** The next finished item to hand back, if its turn has come. */
  const nextReady = (): [number, Finished<T, R>] | undefined => {
    if (window === undefined) return done.entries().next().value;
    return done.has(handed) ? [handed, done.get(handed) as Finished<T, R>] : undefined;
  };

  try {
    for (;;) {
      // What is ready goes back before more is read: work that settles at once (an invoice already
      // accepted, one stopped) flows through one by one instead of a window's worth at a time.
      while (mayPull() && nextReady() === undefined) {
        const next = await source.next();
        if (next.done === true) {
          exhausted = true;
          break;
        }
        const item = next.value;
        const index = pulled++;
        unfinished++;
        limit(() => work(item)).then(
          (result) => {
            unfinished--;
            done.set(index, { item, result });
            notify();
          },
          (error: unknown) => {
            unfinished--;
            failure ??= { error };
            done.set(index, null);
            notify();
          },
        );
      }
      for (let ready = nextReady(); ready !== undefined; ready = nextReady()) {
        done.delete(ready[0]);
        handed++;
        if (ready[1] !== null) yield ready[1];
      }
      if (pulled === handed && stopPulling()) break;
      if (!mayPull()) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          if (nextReady() !== undefined || (pulled === handed && stopPulling())) notify();
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
