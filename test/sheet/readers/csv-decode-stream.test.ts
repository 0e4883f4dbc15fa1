import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createCsvDecodeStream } from '../../../src/sheet/csv-decode-stream.js';

/** The stream's output for the given bytes cut into chunks of `size`, as text. */
async function decodeInChunks(bytes: Buffer, size: number, encoding: 'utf-8' | 'windows-1252'): Promise<string> {
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  const out: Buffer[] = [];
  for await (const piece of Readable.from(chunks).pipe(createCsvDecodeStream(encoding, 'ventas.csv'))) out.push(piece as Buffer);
  return Buffer.concat(out).toString('utf8');
}

describe('the CSV decode stream', () => {
  // Characters of 2 (é, ñ, «), 3 (—, €) and 4 bytes (𝄞), so every chunk size below cuts some of them.
  const text = 'serie;numero;descripción\nF001;1;Café molido «Señor» 250 g — €\nF001;2;Azúcar rubia ñandú 1 kg 𝄞\n';
  const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);

  it('gives the UTF-8 text without its BOM whatever the chunks, characters split between them included', async () => {
    // 1 and 2: a first chunk shorter than a BOM (held until the BOM can be told); 3, 5, 7, 64 KiB: the bytes as read.
    for (const size of [1, 2, 3, 5, 7, 65_536]) {
      expect(await decodeInChunks(withBom, size, 'utf-8'), `chunks of ${size} bytes`).toBe(text);
      expect(await decodeInChunks(Buffer.from(text, 'utf8'), size, 'utf-8'), `no BOM, chunks of ${size} bytes`).toBe(text);
    }
  });

  it('gives Windows-1252 bytes as their characters, € and the curly quotes included', async () => {
    const bytes = Buffer.from([0x80, 0x3b, 0x93, 0x41, 0x94, 0x3b, 0xf1, 0x0a]);
    for (const size of [1, 3, 64]) expect(await decodeInChunks(bytes, size, 'windows-1252')).toBe('€;“A”;ñ\n');
  });

  it('gives a file shorter than a BOM as it is', async () => {
    for (const size of [1, 2]) expect(await decodeInChunks(Buffer.from('a\n', 'utf8'), size, 'utf-8')).toBe('a\n');
  });

  it('refuses a file that ends in the middle of a character, naming the byte where it starts', async () => {
    const cut = Buffer.concat([Buffer.from('serie;numero\nF001;1 ', 'utf8'), Buffer.from('€', 'utf8').subarray(0, 2)]);
    for (const size of [1, 2, 5, 64]) await expect(decodeInChunks(cut, size, 'utf-8')).rejects.toThrow(/a byte 0xE2 that is not UTF-8 \(byte 20 of the file\)/);
  });

  it('refuses bytes that are not UTF-8, whatever the chunks', async () => {
    const bad = Buffer.concat([Buffer.from('serie;numero\nF001;', 'utf8'), Buffer.from([0xe9]), Buffer.from(';1\n', 'utf8')]);
    for (const size of [1, 2, 4, 64]) await expect(decodeInChunks(bad, size, 'utf-8')).rejects.toThrow(/a byte 0xE9 that is not UTF-8 \(byte 18 of the file\)/);
    // After a BOM, the offset still counts the BOM's three bytes, as an editor showing the file's bytes does.
    const afterBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bad]);
    for (const size of [1, 2, 64])
      await expect(decodeInChunks(afterBom, size, 'utf-8')).rejects.toThrow(/a byte 0xE9 that is not UTF-8 \(byte 21 of the file\)/);
  });
});
