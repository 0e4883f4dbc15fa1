import { z } from 'zod';
import type { SandboxFaults } from './sandbox-faults.js';

const rate = z.number().min(0).max(1);
const duration = z.number().int().min(0);

/** A change of faults as sent to POST /__sandbox/faults (the same fields as `setFaults`). */
export const sandboxFaultsPatchSchema = z
  .object({
    latencyMs: duration,
    latencyJitterMs: duration,
    failureRate: rate,
    dropRate: rate,
    dropAfterAcceptRate: rate,
    refuseRate: rate,
    loginFailureRate: rate,
    outages: z.array(z.object({ fromMs: duration, toMs: duration }).refine((o) => o.toMs >= o.fromMs, 'toMs must not be before fromMs')),
    tokenLifetimeMs: z.number().int().min(1),
  })
  .partial()
  .strict();

export type SandboxFaultsPatch = Partial<SandboxFaults>;

/**
 * Applies a change of faults; throws a RangeError naming the field when a value is out of range
 * (shares between 0 and 1, durations whole milliseconds >= 0, their sum of PUT shares at most 1).
 */
export function applyFaultsPatch(current: SandboxFaults, patch: unknown): SandboxFaults {
  const parsed = sandboxFaultsPatchSchema.safeParse(patch);
  if (!parsed.success) throw new RangeError(`invalid sandbox faults: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const next: SandboxFaults = { ...current, ...(parsed.data as SandboxFaultsPatch) };
  if (next.dropRate + next.failureRate + next.dropAfterAcceptRate + next.refuseRate > 1) {
    throw new RangeError('invalid sandbox faults: dropRate + failureRate + dropAfterAcceptRate + refuseRate must not exceed 1');
  }
  return next;
}
