import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/cli-process.js';
import { tempDir } from '../helpers/temp-dir.js';
import { readThrough, type ReadThrough } from './read-through.js';

/**
 * Fuzzing the dry-run chain in process: random bytes, and valid CSV/XLSX fixtures damaged by byte
 * flips, truncation and inserted quotes, delimiters and line breaks. For every case: it ends
 * (bounded by CASE_TIMEOUT_MS), it fails only with a FacturaError, and when it reads, every line
 * record ends in an invoice or in orphan rows. Seeded and bounded, so a failure replays.
 */
const CASE_TIMEOUT_MS = 10_000;
const SEED = 20261121;

const CSV_BASES = [
  'fixtures/demo/ventas-noviembre.csv',
  'fixtures/readers/csv/utf8.csv',
  'fixtures/readers/csv/windows-1252-semicolon.csv',
  'fixtures/readers/csv/embedded-newlines.csv',
];
const XLSX_BASES = [
  'fixtures/demo/ventas-noviembre.xlsx',
  'fixtures/readers/exceljs/cases-1900.xlsx',
  'fixtures/readers/openpyxl/cases-1904.xlsx',
  'fixtures/readers/libreoffice/cases-1900.xlsx',
];

type Mutation =
  | { readonly kind: 'flip'; readonly at: number; readonly bits: number }
  | { readonly kind: 'truncate'; readonly at: number }
  | { readonly kind: 'insert'; readonly at: number; readonly text: string }
  | { readonly kind: 'delete'; readonly at: number; readonly length: number };

const fraction = fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true });
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), at: fraction, bits: fc.integer({ min: 1, max: 255 }) }),
  fc.record({ kind: fc.constant('truncate' as const), at: fraction }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fraction,
    text: fc.constantFrom('"', ',', ';', '\t', '\n', '\r', '\r\n', '""', '\u0000', '"\n"', '\uFEFF', 'é'),
  }),
  fc.record({ kind: fc.constant('delete' as const), at: fraction, length: fc.integer({ min: 1, max: 64 }) }),
);

function mutate(base: Buffer, mutations: readonly Mutation[]): Buffer {
  let bytes = Buffer.from(base);
  for (const m of mutations) {
    const at = Math.floor(m.at * bytes.length);
    if (m.kind === 'flip' && at < bytes.length) bytes[at] = (bytes[at] ?? 0) ^ m.bits;
    else if (m.kind === 'truncate') bytes = bytes.subarray(0, at);
    else if (m.kind === 'insert') bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from(m.text, 'utf8'), bytes.subarray(at)]);
    else if (m.kind === 'delete') bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + m.length)]);
  }
  return bytes;
}

async function bounded(path: string): Promise<ReadThrough> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`reading ${path} did not end within ${CASE_TIMEOUT_MS} ms`)), CASE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([readThrough(path), hang]);
  } finally {
    clearTimeout(timer);
  }
}

function expectSound(result: ReadThrough): void {
  if (result.kind === 'refused') {
    expect(result.code).toBe('INPUT');
    expect(result.es.length).toBeGreaterThan(0);
    return;
  }
  expect(result.rowsInInvoices + result.rowsInOrphans).toBe(result.records);
  expect(result.valid + result.invalid).toBe(result.invoices);
}

describe('fuzzing the dry-run chain', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  const bases = new Map<string, Buffer>();
  let n = 0;
  beforeAll(async () => {
    dir = await tempDir('factura-fuzz-');
    for (const base of [...CSV_BASES, ...XLSX_BASES]) bases.set(base, await readFile(join(PROJECT_ROOT, base)));
  });
  afterAll(async () => {
    await dir.cleanup();
  });

  async function check(bytes: Buffer, extension: string): Promise<void> {
    const path = join(dir.path, `case-${n++}${extension}`);
    await writeFile(path, bytes);
    expectSound(await bounded(path));
  }

  it('random bytes named .csv or .xlsx never escape as anything but a FacturaError', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 0, maxLength: 4096 }), fc.constantFrom('.csv', '.xlsx', '.txt'), async (bytes, ext) => {
        await check(Buffer.from(bytes), ext);
      }),
      { numRuns: 40, seed: SEED, interruptAfterTimeLimit: 30_000 },
    );
  }, 60_000);

  it('damaged CSV files are read with every row accounted for, or refused with a FacturaError', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...CSV_BASES), fc.array(mutation, { minLength: 1, maxLength: 6 }), async (base, mutations) => {
        await check(mutate(bases.get(base) ?? Buffer.alloc(0), mutations), '.csv');
      }),
      { numRuns: 60, seed: SEED, interruptAfterTimeLimit: 40_000 },
    );
  }, 90_000);

  it('damaged XLSX files are read with every row accounted for, or refused with a FacturaError', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...XLSX_BASES), fc.array(mutation, { minLength: 1, maxLength: 3 }), async (base, mutations) => {
        await check(mutate(bases.get(base) ?? Buffer.alloc(0), mutations), '.xlsx');
      }),
      { numRuns: 60, seed: SEED, interruptAfterTimeLimit: 40_000 },
    );
  }, 90_000);
});
