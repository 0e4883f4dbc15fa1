import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what a full collection found alive, as a percent
 * (V8's `--heap-growing-percent`: the limit becomes live × (1 + percent/100)).
 *
 * A run streams: it keeps little alive (tens of MB) but promotes garbage steadily (rows and
 * outcomes that cross a few async steps, batches for the results thread). V8's default factor,
 * up to 4× the live set, let that garbage pile up to 100+ MB between full collections, so the peak
 * RSS grew with the run's length, not with what it holds: a 300,000-row validate peaked at 264 MB
 * (default), 203 MB (100), 192 MB (50), CPU time the same within the noise (16-17 s).
 */
const HEAP_GROWING_PERCENT = 50;

/**
 * Threads a run keeps busy at once: the main thread's checks, the reading thread and the results
 * thread (row-source-thread.ts, results-thread.ts).
 */
const BUSY_THREADS = 3;

/**
 * Whether young collections run on one thread: V8's default splits each one into tasks for its
 * helper threads, which pays only when a core is free to run them. With a run's three busy threads
 * on two cores there is none: the helpers wait for a core and the collection for the helpers. A
 * 1,000,000-row CSV validate on this two-core machine, alternating (`node --no-parallel-scavenge`
 * against the default, four pairs): 10.9-11.1 s against 11.4-11.5 s of wall time, the same CPU and
 * peak RSS. V8 reads the flag at every young collection, so setting it at start-up is enough.
 */
const ONE_THREAD_SCAVENGE = availableParallelism() <= BUSY_THREADS;

/** The V8 flags tuneHeap sets (the benchmark runs its raw-library baselines with the same ones). */
export const HEAP_FLAGS: readonly string[] = [
  `--heap-growing-percent=${HEAP_GROWING_PERCENT}`,
  '--no-allocation-site-pretenuring',
  ...(ONE_THREAD_SCAVENGE ? ['--no-parallel-scavenge'] : []),
];

/**
 * Where the old generation of an isolate made after start-up begins, in MB: V8 reads
 * `--initial-old-space-size` when it makes an isolate, so set at run time it reaches the results
 * thread's heap alone, never the main thread's (measured: the main thread's full collections
 * stayed at 7 per 200,000 rows and 34-36 per 1,000,000).
 *
 * The results thread keeps 10-20 MB alive and promotes its row XML's garbage steadily; with the
 * growth limited to 50 % it ran a full collection every few MB promoted. A 1,000,000-row
 * all-invalid validate (`--trace-gc`; single runs on a noisy box):
 *
 * | start   | its full collections | their pauses | process CPU | peak RSS | valid 1M (100k) RSS |
 * |---------|----------------------|--------------|-------------|----------|---------------------|
 * | default | 114                  | 1.3 s        | 67.5 s      | 216 MB   | 182 (168) MB        |
 * | 48 MB   | 42                   | 0.45 s       | 63.7 s      | 222 MB   | 198 (182) MB        |
 * | 64 MB   | 20                   | 0.2 s        | 60.8 s      | 239 MB   | 207-215 (179) MB    |
 *
 * (and V8's threads mark concurrently for each full collection). 48 keeps most of the gain while
 * the valid sheet's peak RSS stays within 1.1 × from 100,000 to 1,000,000 rows; at 64 it reached
 * 1.2 ×. At 32 nothing changed (25 full collections per 200,000 rows, as without).
 */
const THREAD_INITIAL_OLD_SPACE_MB = 48;

/** Set once at start-up, before any worker thread is made. */
export function tuneThreadHeaps(): void {
  setFlagsFromString(`--initial-old-space-size=${THREAD_INITIAL_OLD_SPACE_MB}`);
}

/**
 * The garbage collector's settings for a streaming run, made for this process (the CLI's and the
 * web server's: a library leaves its host's heap alone). V8 reads them at every collection, so
 * setting them at start-up, before the run allocates, is enough; worker threads (the results
 * thread) share the process's flags.
 *
 * - The heap's growth is limited (HEAP_GROWING_PERCENT above).
 * - The results thread's old generation starts at THREAD_INITIAL_OLD_SPACE_MB (above).
 * - Allocation-site pretenuring is off. V8 allocates straight into the old generation the objects
 *   of a site whose objects mostly survived a young collection. exceljs's streaming reader hands
 *   over each ~100 rows of sheet XML as one batch of parser events and rows, and the batch stays
 *   alive while the run checks those rows; with pretenuring on, young objects that such batches
 *   point at survived young collections until the next full one (the mechanism as far as
 *   `--trace-pretenuring-statistics` shows: sites switched to tenured mid-run). On a 100,000-row
 *   XLSX (library call without output files, `--trace-gc-nvp`, A/B interleaved on a loaded box)
 *   that promoted 850-1,100 MB to the old generation against 27 MB without pretenuring, young
 *   collections took 4.1-4.7 s against 0.5-0.8 s, and the run's CPU 12.4-15.7 s against 7.3-10.6 s.
 *   CSV sheets: the same CPU either way (BENCHMARKS.md, "Issue 19: the per-row path", third round).
 */
export function tuneHeap(): void {
  for (const flag of HEAP_FLAGS) setFlagsFromString(flag);
  tuneThreadHeaps();
}
