import { getPriority, setPriority } from 'node:os';

/**
 * Lowers the calling thread's scheduling priority by `steps` nice levels (at most to 19), so that
 * on a busy machine the process's other threads get the cores first. Linux only: there the nice
 * value belongs to each thread, and `setPriority(0, …)` (setpriority(PRIO_PROCESS, 0)) changes the
 * calling thread alone; on other systems it would lower the whole process, so this does nothing.
 * Relative to the thread's current value (inherited from the process), so a run started with
 * `nice` is never raised. A refusal (a sandbox that forbids the call) changes nothing: priority is
 * a preference, never a condition of the work. Threads started later by the calling thread inherit
 * the value. libuv's pool is not one of them: Node reads every module through the pool, so it
 * exists before a thread's code runs (a fresh process whose first act is to start a thread that
 * calls this shows it: lower-thread-priority.test.ts). Returns the thread's nice value afterwards,
 * or undefined when it was left alone.
 */
export function lowerThreadPriority(steps: number, platform: NodeJS.Platform = process.platform): number | undefined {
  if (platform !== 'linux') return undefined;
  try {
    const nice = Math.min(19, getPriority(0) + steps);
    setPriority(0, nice);
    return getPriority(0);
  } catch {
    return undefined;
  }
}
