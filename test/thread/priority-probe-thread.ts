/**
 * A worker thread for lower-thread-priority.test.ts: lowers its own priority by each of
 * `workerData.steps` in turn and answers what the function returned each time and its nice
 * value as the kernel shows it for this thread alone (/proc/thread-self/stat), and its thread id.
 */
import { readFileSync, readlinkSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { lowerThreadPriority } from '../../src/thread/lower-thread-priority.js';
import { threadNice } from './thread-nice.js';

const returned = (workerData as { steps: number[] }).steps.map((steps) => lowerThreadPriority(steps) ?? null);
parentPort?.postMessage({
  returned,
  nice: threadNice(readFileSync('/proc/thread-self/stat', 'utf8')),
  tid: readlinkSync('/proc/thread-self').split('/').pop(),
});
