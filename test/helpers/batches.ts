/** Test helpers for the batched streams (RowBatches, records, grouping, pipeline events). */

/** Every item of a batched stream, one at a time. */
export async function* eachOf<T>(batches: AsyncIterable<readonly T[]>): AsyncGenerator<T> {
  for await (const batch of batches) yield* batch;
}

/** All the items of a batched stream (small inputs). */
export async function allOf<T>(batches: AsyncIterable<readonly T[]>): Promise<T[]> {
  const out: T[] = [];
  for await (const batch of batches) out.push(...batch);
  return out;
}

/** The items in batches of `size`, each after a hop of the event loop, as a reader yields them. */
export async function* batchesOf<T>(items: readonly T[], size = 1): AsyncGenerator<T[]> {
  for (let i = 0; i < items.length; i += size) {
    await Promise.resolve();
    yield items.slice(i, i + size);
  }
}
