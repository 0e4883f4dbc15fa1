import type { SandboxOutage } from './sandbox-faults.js';

/**
 * An outage window written `FROM-TO` in seconds since the sandbox started (`10-20`, `0.5-2`), as
 * `--outage` takes it; `undefined` when the text is not such a window or TO is before FROM.
 */
export function parseOutage(text: string): SandboxOutage | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*-\s*(\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!m) return undefined;
  const fromMs = Math.round(Number(m[1]) * 1000);
  const toMs = Math.round(Number(m[2]) * 1000);
  return toMs >= fromMs ? { fromMs, toMs } : undefined;
}
