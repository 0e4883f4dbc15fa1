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
 * Sets the factor for this process (the CLI's: a library leaves its host's heap alone). V8 reads it
 * at every collection, so setting it at start-up, before the run allocates, is enough; worker
 * threads (the results thread) share the process's flags.
 */
export function limitHeapGrowth(percent: number = HEAP_GROWING_PERCENT): void {
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}
