import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { lowerThreadPriority } from '../../src/thread/lower-thread-priority.js';
import { siblingModule, startModuleThread } from '../../src/thread/start-module-thread.js';
import { threadNice } from './thread-nice.js';

const ownNice = (): number => threadNice(readFileSync('/proc/thread-self/stat', 'utf8'));

/** Runs the probe in a real worker thread: what lowerThreadPriority returned for each step, and the thread's nice after. */
async function probe(steps: number[]): Promise<{ returned: (number | null)[]; nice: number }> {
  const worker = startModuleThread(siblingModule(import.meta.url, 'priority-probe-thread'), { steps });
  const [answer] = (await once(worker, 'message')) as [{ returned: (number | null)[]; nice: number }];
  await worker.terminate();
  return answer;
}

describe.runIf(process.platform === 'linux')('lowerThreadPriority (Linux: the nice value is each thread’s own)', () => {
  it('lowers the calling thread alone, relative to what it inherited', async () => {
    const before = ownNice();
    const answer = await probe([3]);
    expect(answer).toMatchObject({ returned: [Math.min(19, before + 3)], nice: Math.min(19, before + 3) });
    // The thread that started it (this test's) keeps its priority.
    expect(ownNice()).toBe(before);
  });

  it('goes on from the current value and stops at 19, the lowest priority', async () => {
    const before = ownNice();
    const answer = await probe([4, 30]);
    expect(answer.returned).toEqual([Math.min(19, before + 4), 19]);
    expect(answer.nice).toBe(19);
  });

  it('leaves every other thread of a fresh process as it was, libuv’s pool included', async () => {
    // The pool's threads take the nice value of the thread that starts them. A fresh process,
    // whose first act is to start the lowered thread, shows whether the pool could be started by
    // it: Node loads each module with the pool, so it exists before a thread's code runs.
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'test/thread/pool-nice-child.ts'], { timeout: 30_000 });
    const seen = JSON.parse(stdout) as { main: number; probe: number; threads: number; others: string[] };
    expect(seen.probe).toBe(Math.min(19, seen.main + 10));
    expect(seen.others).toEqual([]);
    // The main thread, the probe, V8's platform threads and the pool's: the check looked at them all.
    expect(seen.threads).toBeGreaterThanOrEqual(6);
  });
});

describe('lowerThreadPriority elsewhere', () => {
  it('leaves the priority alone where it would lower the whole process', () => {
    const before = ownNice();
    expect(lowerThreadPriority(10, 'darwin')).toBeUndefined();
    expect(lowerThreadPriority(10, 'win32')).toBeUndefined();
    expect(ownNice()).toBe(before);
  });
});
