import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { restoreOrder } from '../src/restore-order.js';

async function* from<T>(xs: readonly T[]): AsyncIterable<T> {
  for (const x of xs) yield await Promise.resolve(x);
}

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

describe('restoring input order after concurrent work', () => {
  it('yields every item once, in sequence order, whatever order they finish in', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 60 }).chain((n) => fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n })),
        async (order) => {
          const out = await collect(restoreOrder(from(order), (x) => x));
          expect(out).toEqual([...order].sort((a, b) => a - b));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('releases an item as soon as every earlier one has arrived', async () => {
    const seen: number[] = [];
    const arrivals = [1, 0, 3, 2];
    async function* source(): AsyncIterable<number> {
      for (const a of arrivals) {
        seen.push(a);
        yield await Promise.resolve(a);
      }
    }
    const released: string[] = [];
    for await (const x of restoreOrder(source(), (n) => n)) released.push(`${x} after ${seen.join(',')}`);
    expect(released).toEqual(['0 after 1,0', '1 after 1,0', '2 after 1,0,3,2', '3 after 1,0,3,2']);
  });
});
