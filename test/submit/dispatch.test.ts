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
    expect(counter.pulled).toBe(5);
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
});
