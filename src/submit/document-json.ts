import { exactTextOf } from '../invoice/exact-amounts.js';

/**
 * The request body of a document: JSON.stringify's output, except that every number field whose
 * exact decimal text was recorded (src/invoice/exact-amounts.ts) is written from that text, never
 * through a binary float: 123456789012.0123456789 goes out as typed, not as 123456789012.01234.
 * JSON has no limit on a number's digits, and Node 20 has no JSON.rawJSON, so the text is written
 * here, in one pass over the document (the same text lossless-json's writer gave over a copy of
 * the document with LosslessNumbers in it, at a third of the cost).
 */
export function documentJson(document: unknown): string {
  return json(document) ?? 'null';
}

/** One value's JSON; undefined for what JSON leaves out (undefined, a function, a symbol). */
function json(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return typeof value === 'bigint' ? value.toString() : JSON.stringify(value);
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      out += json(value[i] as unknown) ?? 'null';
    }
    return `${out}]`;
  }
  let out = '{';
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key];
    const text = (typeof v === 'number' ? exactTextOf(value, key) : undefined) ?? json(v);
    if (text === undefined) continue;
    out += `${out.length > 1 ? ',' : ''}${JSON.stringify(key)}:${text}`;
  }
  return `${out}}`;
}
