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

/** The V8 flags tuneHeap sets (the benchmark runs its raw-library baselines with the same ones). */
export const HEAP_FLAGS: readonly string[] = [`--heap-growing-percent=${HEAP_GROWING_PERCENT}`, '--no-allocation-site-pretenuring'];

/**
 * The garbage collector's settings for a streaming run, made for this process (the CLI's and the
 * web server's: a library leaves its host's heap alone). V8 reads them at every collection, so
 * setting them at start-up, before the run allocates, is enough; worker threads (the results
 * thread) share the process's flags.
 *
 * - The heap's growth is limited (HEAP_GROWING_PERCENT above).
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
}
