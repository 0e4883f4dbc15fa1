import { describe, expect, it } from 'vitest';
import { retryDelay } from '../../src/submit/retry-delay.js';

const base = { baseMs: 100, maxMs: 2_000 };

describe('retryDelay', () => {
  it.each([
    // attempt, random, expected wait
    [1, 0.999999, 99],
    [1, 0.5, 50],
    [2, 0.5, 100],
    [3, 0.5, 200],
    [4, 0.5, 400],
    [5, 0.5, 800],
    [6, 0.5, 1_000], // ceiling 3,200 capped at 2,000
    [60, 0.5, 1_000], // huge attempt numbers stay capped, never Infinity
    [3, 0, 0], // full jitter: the wait can be zero
  ])('after attempt %i with random %f waits %i ms', (attempt, random, expected) => {
    expect(retryDelay(attempt, { ...base, random: () => random })).toBe(expected);
  });

  it('waits what Retry-After asked for, plus at most baseMs of jitter, whatever the attempt', () => {
    expect(retryDelay(1, { ...base, retryAfterMs: 3_000, random: () => 0 })).toBe(3_000);
    expect(retryDelay(4, { ...base, retryAfterMs: 3_000, random: () => 0.5 })).toBe(3_050);
  });

  it('caps an excessive Retry-After', () => {
    expect(retryDelay(1, { ...base, retryAfterMs: 3_600_000, maxRetryAfterMs: 60_000, random: () => 0 })).toBe(60_000);
    expect(retryDelay(1, { ...base, retryAfterMs: 3_600_000, random: () => 0 })).toBe(300_000);
  });

  it('ignores a negative or non-finite Retry-After and backs off instead', () => {
    expect(retryDelay(2, { ...base, retryAfterMs: -5, random: () => 0.5 })).toBe(100);
    expect(retryDelay(2, { ...base, retryAfterMs: Number.NaN, random: () => 0.5 })).toBe(100);
  });
});
