import { createHash } from 'node:crypto';

/** The value with every object's keys in code-unit order, so equal documents serialise equally. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = canonical(v);
    }
    return out;
  }
  return value;
}

/**
 * sha256 (hex) of the document's canonical JSON (keys sorted at every level, undefined fields
 * left out): the same content gives the same hash whatever order its fields were built in.
 */
export function documentHash(document: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(document)))
    .digest('hex');
}
