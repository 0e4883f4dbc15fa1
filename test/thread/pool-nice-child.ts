/**
 * A child process for lower-thread-priority.test.ts, started fresh so that nothing ran before it:
 * starts the priority probe (a worker thread lowering itself by 10), then gives libuv's thread
 * pool work (a file stat, a deflate) and prints, as JSON, the process's threads whose nice value
 * differs from the main thread's, besides the probe's own.
 */
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { deflate } from 'node:zlib';
import { siblingModule, startModuleThread } from '../../src/thread/start-module-thread.js';
import { threadNice } from './thread-nice.js';

const niceOf = (tid: string): number => threadNice(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8'));
/** A thread's nice value, or undefined when it ended between the listing and the reading (a short-lived thread of V8's or tsx's). */
const niceIfAlive = (tid: string): number | undefined => {
  try {
    return niceOf(tid);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
};

const probe = startModuleThread(siblingModule(import.meta.url, 'priority-probe-thread'), { steps: [10] });
const [answer] = (await once(probe, 'message')) as [{ nice: number; tid: string }];
await stat(process.execPath);
await promisify(deflate)(Buffer.alloc(1 << 20, 7));
const main = niceOf(String(process.pid));
const threads = readdirSync('/proc/self/task');
const others = threads.filter((tid) => {
  const nice = tid === answer.tid ? undefined : niceIfAlive(tid);
  return nice !== undefined && nice !== main;
});
console.log(JSON.stringify({ main, probe: answer.nice, threads: threads.length, others }));
await probe.terminate();
