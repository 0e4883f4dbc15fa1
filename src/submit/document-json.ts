import { LosslessNumber, stringify } from 'lossless-json';
import { exactTextOf } from '../invoice/exact-amounts.js';

/**
 * The request body of a document: JSON.stringify's output, except that every number field whose
 * exact decimal text was recorded (src/invoice/exact-amounts.ts) is written from that text, never
 * through a binary float: 123456789012.0123456789 goes out as typed, not as 123456789012.01234.
 * JSON has no limit on a number's digits, and Node 20 has no JSON.rawJSON, so lossless-json's
 * writer (which prints a LosslessNumber's text as a bare JSON number) does the writing.
 */
export function documentJson(document: unknown): string {
  return stringify(withExactNumbers(document)) ?? 'null';
}

function withExactNumbers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withExactNumbers);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const exact = typeof v === 'number' ? exactTextOf(value, key) : undefined;
    out[key] = exact !== undefined ? new LosslessNumber(exact) : withExactNumbers(v);
  }
  return out;
}
