/**
 * A small deterministic pseudo-random generator (mulberry32) for the sandbox's fault injection:
 * the same seed gives the same sequence of numbers in [0, 1), so a test can replay a run of 500s
 * and dropped connections exactly. Not for anything secret.
 */
export type SeededRandom = () => number;

export function createSeededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * An independent stream for one purpose (faults, latency, logins) from one seed, so that drawing
 * latencies never shifts the sequence of faults.
 */
export function deriveSeededRandom(seed: number, stream: string): SeededRandom {
  let h = (seed >>> 0) ^ 0x9e3779b9;
  for (let i = 0; i < stream.length; i += 1) h = Math.imul(h ^ stream.charCodeAt(i), 0x01000193) >>> 0;
  return createSeededRandom(h);
}
