import { createHash } from 'node:crypto';
import { LosslessNumber, stringify } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { exactTextOf, markExact } from '../../src/invoice/exact-amounts.js';
import { validateInvoice } from '../../src/invoice/validate-invoice.js';
import { documentHash } from '../../src/submit/document-hash.js';
import { documentJson } from '../../src/submit/document-json.js';
import { CONTEXT, VALID_ROW, draftOf } from '../invoice/invoice-fixtures.js';

/**
 * The request body and the journal's hash are written in one pass over the document (issue 19).
 * The hash must stay the one every earlier journal holds, and the body the text the service got
 * before: both are held here against the ways they were first computed.
 */
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
const firstHash = (document: unknown): string =>
  createHash('sha256')
    .update(JSON.stringify(canonical(document)))
    .digest('hex');

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
const firstBody = (document: unknown): string => stringify(withExactNumbers(document)) ?? 'null';

/** A seeded pseudo-random value of JSON's kinds and a few that JSON leaves out, with exact texts marked on some numbers. */
function randomValue(next: () => number, depth: number): unknown {
  const kind = Math.floor(next() * (depth > 3 ? 7 : 9));
  switch (kind) {
    case 0:
      return null;
    case 1:
      return next() < 0.5;
    case 2:
      return Math.round(next() * 1e6) / 100;
    case 3:
      return ['', 'a', 'ñandú "q" \\ \n', '\u2028', 'Ω'][Math.floor(next() * 5)];
    case 4:
      return undefined;
    case 5:
      return next() < 0.5 ? Number.NaN : -0;
    case 6:
      return next() < 0.5 ? () => 1 : 1e21;
    case 7:
      return Array.from({ length: Math.floor(next() * 4) }, () => randomValue(next, depth + 1));
    default: {
      const o: Record<string, unknown> = {};
      for (let i = Math.floor(next() * 5); i > 0; i--) {
        const key = ['b', 'a', 'zeta', 'Ä', 'a b', '_', 'B', '10', '9'][Math.floor(next() * 9)] ?? 'k';
        o[key] = randomValue(next, depth + 1);
        if (typeof o[key] === 'number' && next() < 0.5) markExact(o, key, '123456789012.0123456789');
      }
      return o;
    }
  }
}

describe('request body and journal hash, written in one pass', () => {
  const document = validateInvoice(draftOf([{ ...VALID_ROW, cantidad: '3', valorVentaUnitario: '123456789012.0123456789' }]), CONTEXT).document;

  it('a built document: the same body and the same hash as before', () => {
    expect(document).toBeDefined();
    expect(documentJson(document)).toBe(firstBody(document));
    expect(documentHash(document)).toBe(firstHash(document));
  });

  it('10,000 seeded values of every kind: the same text both ways', () => {
    let seed = 20_261_126;
    const next = (): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 10_000; i++) {
      const value = { root: randomValue(next, 0), list: [randomValue(next, 1), undefined] };
      expect(documentJson(value)).toBe(firstBody(value));
      expect(documentHash(value)).toBe(firstHash(value));
    }
  });
});
