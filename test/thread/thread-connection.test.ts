import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { connectThread } from '../../src/thread/thread-connection.js';

/** A real worker thread that answers each number with its double, and dies on a negative one. */
function doubler(): Worker {
  const code = `
    const { parentPort } = require('node:worker_threads');
    parentPort.on('message', (n) => {
      if (n < 0) throw new Error('negative: ' + n);
      parentPort.postMessage(n * 2);
    });`;
  return new Worker(code, { eval: true });
}

describe('connectThread', () => {
  it('gives the answers in order, whether they came before or after the wait', async () => {
    const thread = connectThread<number, number>(doubler());
    thread.post(1);
    thread.post(2);
    thread.post(3);
    expect([await thread.next(), await thread.next(), await thread.next()]).toEqual([2, 4, 6]);
    await thread.stop();
    expect(thread.stopped).toBe(true);
  });

  it('ends a wait with the thread’s own error when the thread dies, and every later wait too', async () => {
    const thread = connectThread<number, number>(doubler());
    thread.post(-1);
    await expect(thread.next()).rejects.toThrow('negative: -1');
    await expect(thread.next()).rejects.toThrow('negative: -1');
    expect(thread.stopped).toBe(true);
    await thread.stop(); // nothing left to stop: returns at once
  });
});
