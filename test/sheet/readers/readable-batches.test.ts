import { PassThrough, Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { describe, expect, it } from 'vitest';
import { readableBatches } from '../../../src/sheet/readable-batches.js';

/** csv-parse over `text`, written in chunks of `chunk` characters. */
function parser(text: string, chunk: number): Readable {
  const out = parse({ relax_column_count: true });
  const input = new PassThrough();
  input.pipe(out);
  for (let i = 0; i < text.length; i += chunk) input.write(text.slice(i, i + chunk));
  input.end();
  return out;
}

const lines = (n: number): string => Array.from({ length: n }, (_, i) => `F001,${i + 1},línea ${i + 1}\n`).join('');

describe('readableBatches', () => {
  it('gives every record once, in order, in batches of at most max, never an empty one', async () => {
    const batches: string[][][] = [];
    for await (const batch of readableBatches<string[]>(parser(lines(3000), 4096), 256)) batches.push(batch);
    expect(batches.flat().map((r) => r[1])).toEqual(Array.from({ length: 3000 }, (_, i) => String(i + 1)));
    expect(batches.every((b) => b.length > 0 && b.length <= 256)).toBe(true);
    // Several records per step, not one: what the batching is for.
    expect(batches.length).toBeLessThan(3000 / 10);
  });

  it('ends at once on an empty stream', async () => {
    const batches: unknown[][] = [];
    for await (const batch of readableBatches(Readable.from([], { objectMode: true }), 10)) batches.push(batch);
    expect(batches).toEqual([]);
  });

  it('rejects with the stream’s error, after the items read before it', async () => {
    const stream = new PassThrough({ objectMode: true });
    stream.write({ n: 1 });
    const seen: unknown[] = [];
    const read = (async () => {
      for await (const batch of readableBatches(stream, 10)) {
        seen.push(...batch);
        stream.destroy(new Error('disco desconectado'));
      }
    })();
    await expect(read).rejects.toThrow('disco desconectado');
    expect(seen).toEqual([{ n: 1 }]);
  });

  it('rejects when the stream closes before its end', async () => {
    const stream = new PassThrough({ objectMode: true });
    const read = (async () => {
      for await (const _batch of readableBatches(stream, 10)) {
        // never reached
      }
    })();
    stream.destroy();
    await expect(read).rejects.toMatchObject({ code: 'ERR_STREAM_PREMATURE_CLOSE' });
  });

  it('destroys the stream when the reading stops early', async () => {
    const stream = parser(lines(3000), 4096);
    for await (const batch of readableBatches<string[]>(stream, 100)) {
      expect(batch.length).toBeGreaterThan(0);
      break;
    }
    expect(stream.destroyed).toBe(true);
  });
});
