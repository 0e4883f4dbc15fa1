import { setMaxListeners } from 'node:events';

/** The signal that cuts requests still in flight, and how to let go of the run's stop signal. */
export interface InflightCut {
  readonly signal: AbortSignal;
  /** Stops listening to the run's stop signal and drops a pending cut. */
  dispose(): void;
}

/**
 * Once the run is stopped (Ctrl-C), requests already in flight may still finish for `graceMs`;
 * then this signal aborts them all (their outcome is unknown). One per submission, shared by every
 * request: one listener on the stop signal and one timer for the whole run, instead of two
 * AbortControllers, a listener and an abort per request. `requests` is how many requests may
 * listen to it at once (undici adds a listener per request and removes it when the request ends).
 * The timer does not keep the process alive on its own.
 */
export function inflightCut(stop: AbortSignal, graceMs: number, requests = 1): InflightCut {
  const cut = new AbortController();
  setMaxListeners(Math.max(10, requests + 1), cut.signal);
  let timer: NodeJS.Timeout | undefined;
  const onStop = (): void => {
    timer = setTimeout(() => cut.abort(), graceMs);
    timer.unref();
  };
  if (stop.aborted) onStop();
  else stop.addEventListener('abort', onStop, { once: true });
  return {
    signal: cut.signal,
    dispose() {
      stop.removeEventListener('abort', onStop);
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}
