/**
 * How long to wait before the next attempt: exponential backoff with full jitter (a uniformly
 * random wait between 0 and base·2^(attempt−1), capped at maxMs), so a burst of failed requests
 * does not come back as a burst. A `Retry-After` from the service wins over the backoff: the wait
 * is what the service asked (capped at `maxRetryAfterMs`) plus a little jitter (up to `baseMs`).
 * Pure: the random source is passed in; the caller does the waiting.
 */
export interface RetryDelayOptions {
  /** First backoff ceiling in milliseconds (attempt 1 waits at most this long). */
  readonly baseMs: number;
  /** Largest backoff ceiling, however many attempts have failed. */
  readonly maxMs: number;
  /** What the service's `Retry-After` asked for, in milliseconds, when it sent one. */
  readonly retryAfterMs?: number;
  /** Largest wait accepted from `Retry-After` (default: 5 minutes). */
  readonly maxRetryAfterMs?: number;
  /** A number in [0, 1), like Math.random. */
  readonly random: () => number;
}

export const DEFAULT_MAX_ATTEMPTS = 5;
export const DEFAULT_RETRY_BASE_MS = 500;
export const DEFAULT_RETRY_MAX_MS = 30_000;
export const DEFAULT_MAX_RETRY_AFTER_MS = 5 * 60_000;

/** The wait in whole milliseconds after failed attempt number `attempt` (1-based). */
export function retryDelay(attempt: number, options: RetryDelayOptions): number {
  const { baseMs, maxMs, retryAfterMs, random } = options;
  const r = Math.min(Math.max(random(), 0), 1);
  if (retryAfterMs !== undefined && Number.isFinite(retryAfterMs) && retryAfterMs >= 0) {
    const asked = Math.min(retryAfterMs, options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS);
    return Math.round(asked + r * baseMs);
  }
  const exponent = Math.max(0, Math.floor(attempt) - 1);
  // 2 ** 1024 is Infinity; min() keeps the ceiling finite whatever the attempt number.
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(exponent, 52));
  return Math.floor(r * ceiling);
}
