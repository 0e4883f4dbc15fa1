import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../src/submit/dispatch.js';

/** A source that counts how many items were pulled from it. */
function countingSource(n: number) {
  const counter = { pulled: 0, returned: false };
  async function* gen(): AsyncGenerator<number> {
    try {
      for (let i = 1; i <= n; i++) {
        await Promise.resolve(); // a real reader answers on a later tick
        counter.pulled++;
        yield i;
      }
    } finally {
      counter.returned = true;
    }
  }
  return { items: gen(), counter };
}

/** Work whose completion the test controls; records how many run at once. */
function controlledWork() {
  const waiting: { item: number; finish: () => void }[] = [];
  const stats = { active: 0, maxActive: 0, started: 0 };
  const work = (item: number): Promise<number> =>
    new Promise((resolve) => {
      stats.started++;
      stats.active++;
      stats.maxActive = Math.max(stats.maxActive, stats.active);
      waiting.push({
        item,
        finish: () => {
          stats.active--;
          resolve(item * 10);
        },
      });
    });
  return { work, waiting, stats };
}

const ticks = async (n = 5) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
};

describe('dispatch', () => {
  it('never runs more than `concurrency` at once and pulls at most `maxPending` items ahead', async () => {
    const { items, counter } = countingSource(100);
    const { work, waiting, stats } = controlledWork();
    const it = dispatch(items, work, { concurrency: 3, maxPending: 8 })[Symbol.asyncIterator]();
    const first = it.next();
    await ticks();
    expect(counter.pulled).toBe(8);
    expect(stats.active).toBe(3);
    waiting.shift()?.finish();
    expect(await first).toEqual({ done: false, value: { item: 1, result: 10 } });
    const second = it.next(); // asking for the next result lets the dispatcher pull again
    await ticks();
    // One item consumed, so one more may be pulled; still only 3 running.
    expect(counter.pulled).toBe(9);
    expect(stats.active).toBe(3);
    waiting.shift()?.finish();
    expect((await second).value).toEqual({ item: 2, result: 20 });
    // Finish everything as it starts, consuming the rest.
    const results: number[] = [1, 2];
    const drain = (async () => {
      for (;;) {
        const r = await it.next();
        if (r.done === true) return;
        results.push(r.value.item);
      }
    })();
    while (results.length < 100) {
      waiting.shift()?.finish();
      await ticks(2);
      expect(counter.pulled - results.length).toBeLessThanOrEqual(8);
    }
    await drain;
    expect(stats.maxActive).toBe(3);
    expect(stats.started).toBe(100);
    expect(new Set(results).size).toBe(100);
  });

  it('holds reading while the consumer is behind, even when the work is done', async () => {
    const { items, counter } = countingSource(50);
    const gen = dispatch(items, (i) => Promise.resolve(i), { concurrency: 4, maxPending: 5 });
    const it = gen[Symbol.asyncIterator]();
    await it.next();
    await ticks();
    // The consumer holds the first result: nothing more is read than the bound allows (what is ready goes back first).
    expect(counter.pulled).toBeGreaterThan(0);
    expect(counter.pulled).toBeLessThanOrEqual(5);
    const before = counter.pulled;
    await ticks();
    expect(counter.pulled).toBe(before);
    await gen.return(undefined);
    expect(counter.returned).toBe(true);
  });

  it('stops pulling on abort and hands back what was already pulled', async () => {
    const { items, counter } = countingSource(100);
    const { work, waiting } = controlledWork();
    const controller = new AbortController();
    const out: number[] = [];
    const run = (async () => {
      for await (const { item } of dispatch(items, work, { concurrency: 2, maxPending: 4, signal: controller.signal })) out.push(item);
    })();
    await ticks();
    controller.abort();
    while (waiting.length > 0 || out.length < 4) {
      waiting.shift()?.finish();
      await ticks(2);
    }
    await run;
    expect(counter.pulled).toBe(4);
    expect(out.sort((a, b) => a - b)).toEqual([1, 2, 3, 4]);
  });

  it('drains what is in flight, then throws the error of a failed work', async () => {
    const { items, counter } = countingSource(20);
    const out: number[] = [];
    const run = (async () => {
      for await (const { item } of dispatch(items, (i) => (i === 3 ? Promise.reject(new Error('boom')) : Promise.resolve(i)), {
        concurrency: 2,
        maxPending: 4,
      }))
        out.push(item);
    })();
    await expect(run).rejects.toThrow('boom');
    expect(counter.pulled).toBeLessThanOrEqual(6);
    expect(out).not.toContain(3);
  });

  describe('in the order the items were pulled (`window`)', () => {
    it('hands back every item once, in order, whatever order the work finishes in', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 40 }).chain((n) => fc.tuple(fc.constant(n), fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }))),
          fc.integer({ min: 1, max: 6 }),
          async ([n, finishOrder], maxPending) => {
            const { items } = countingSource(n);
            const { work, waiting } = controlledWork();
            const out: number[] = [];
            const run = (async () => {
              for await (const { item, result } of dispatch(items, work, { concurrency: maxPending, maxPending, window: maxPending + 2 })) {
                expect(result).toBe(item * 10);
                out.push(item);
              }
            })();
            // Finish the waiting items in the drawn order (item k+1 first when k is drawn), as far as each is started.
            const order = finishOrder.map((k) => k + 1);
            while (out.length < n) {
              await ticks(2);
              const at = waiting.findIndex((w) => w.item === order.find((k) => waiting.some((x) => x.item === k)));
              if (at >= 0) {
                order.splice(order.indexOf(waiting[at]?.item ?? -1), 1);
                waiting.splice(at, 1)[0]?.finish();
              }
            }
            await run;
            expect(out).toEqual([...Array(n).keys()].map((k) => k + 1));
          },
        ),
        { numRuns: 60 },
      );
    });

    it('goes on working past an unfinished item up to the window, then waits for it, and what waited is bounded', async () => {
      const { items, counter } = countingSource(200);
      const { work, waiting, stats } = controlledWork();
      const it = dispatch(items, work, { concurrency: 4, maxPending: 4, window: 20 })[Symbol.asyncIterator]();
      const first = it.next();
      await ticks();
      // Item 1 is the slow one (a retried invoice): every other item finishes as soon as it starts.
      const slow = waiting.shift();
      for (let i = 0; i < 60; i++) {
        waiting.shift()?.finish();
        await ticks(1);
      }
      // Work went on past item 1 (no four-item stall), and stopped at 20 pulled ahead of it.
      expect(counter.pulled).toBe(20);
      expect(stats.started).toBe(20);
      expect(stats.active).toBe(1);
      slow?.finish();
      expect((await first).value).toEqual({ item: 1, result: 10 });
      const handed = [1];
      let behind = 0;
      const drain = (async () => {
        for (;;) {
          const r = await it.next();
          if (r.done === true) return;
          handed.push(r.value.item);
          behind = Math.max(behind, counter.pulled - handed.length);
        }
      })();
      while (handed.length < 200) {
        waiting.shift()?.finish();
        await ticks(2);
      }
      await drain;
      expect(behind).toBeLessThanOrEqual(20);
      expect(handed).toEqual([...Array(200).keys()].map((k) => k + 1));
      expect(stats.maxActive).toBe(4);
    });

    it('hands back work that settles at once before reading on: no window’s worth read ahead', async () => {
      const { items, counter } = countingSource(10_000);
      const it = dispatch(items, (i) => Promise.resolve(i), { concurrency: 128, maxPending: 128, window: 4096 })[Symbol.asyncIterator]();
      expect((await it.next()).value).toEqual({ item: 1, result: 1 });
      expect(counter.pulled).toBeLessThan(10);
      let handed = 1;
      for (let r = await it.next(); r.done !== true; r = await it.next()) {
        handed++;
        expect(r.value.item).toBe(handed);
      }
      expect(handed).toBe(10_000);
    });

    it('skips a failed item in its turn, hands back the rest pulled, then throws its error', async () => {
      const { items } = countingSource(30);
      const out: number[] = [];
      const run = (async () => {
        for await (const { item } of dispatch(items, (i) => (i === 3 ? Promise.reject(new Error('boom')) : Promise.resolve(i)), {
          concurrency: 2,
          maxPending: 2,
          window: 6,
        }))
          out.push(item);
      })();
      await expect(run).rejects.toThrow('boom');
      expect(out.slice(0, 2)).toEqual([1, 2]);
      expect(out).not.toContain(3);
      expect(out).toEqual([...out].sort((a, b) => a - b));
    });
  });
});
