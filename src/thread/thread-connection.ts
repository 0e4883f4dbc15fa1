import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';

/** Messages to a worker thread and its answers, one by one, in order. */
export interface ThreadConnection<To, From> {
  post(message: To): void;
  /** The thread's next answer, in order; rejects when the thread died (its error, or its exit). */
  next(): Promise<From>;
  /** Ends the thread (at once: it has nothing left to do, or the run gave up). */
  stop(): Promise<void>;
  readonly stopped: boolean;
}

/** Answers queue up as they come; `next` takes them one by one. A thread that dies ends every wait. */
export function connectThread<To, From>(worker: Worker): ThreadConnection<To, From> {
  const answers: From[] = [];
  const waiting: { resolve: (a: From) => void; reject: (e: unknown) => void }[] = [];
  let died: Error | undefined;
  const deliver = (answer: From): void => {
    const waiter = waiting.shift();
    if (waiter) waiter.resolve(answer);
    else answers.push(answer);
  };
  const die = (err: unknown): void => {
    died ??= err instanceof Error ? err : new Error(String(err));
    for (const waiter of waiting.splice(0)) waiter.reject(died);
  };
  worker.on('message', deliver);
  worker.on('error', die);
  worker.on('exit', (code) => die(new Error(`the thread stopped (exit code ${code})`)));
  return {
    post: (message) => worker.postMessage(message),
    next() {
      const answer = answers.shift();
      if (answer !== undefined) return Promise.resolve(answer);
      if (died !== undefined) return Promise.reject(died);
      return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
    },
    async stop() {
      if (died === undefined) await Promise.all([once(worker, 'exit'), worker.terminate()]);
    },
    get stopped() {
      return died !== undefined;
    },
  };
}
