import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readZipEntry } from '../../../src/sheet/read-zip-entry.js';
import { writeZip } from '../../reliability/zip-writer.js';
import { tempDir } from '../../helpers/temp-dir.js';

let dir: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  dir = await tempDir('zip-entry-');
});
afterAll(async () => dir.cleanup());

/** 4 MB of sheet XML, every row different so deflate cannot shrink it to nothing. */
const SHEET = `<worksheet><sheetData>${Array.from({ length: 40_000 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="inlineStr"><is><t>Línea ${i * 7919}</t></is></c></row>`).join('')}</sheetData></worksheet>`;

async function chunksOf(path: string, limit: number): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of readZipEntry(path, 'xl/worksheets/sheet1.xml', limit, (bytes) => new Error(`pasó de ${limit}: ${bytes}`))) chunks.push(chunk);
  return chunks;
}

describe('readZipEntry', () => {
  it('inflates a deflated part whole, in steps far larger than zlib’s 16 KiB, when the limit is its declared size', async () => {
    const path = join(dir.path, 'hoja.xlsx');
    await writeZip(path, [{ name: 'xl/worksheets/sheet1.xml', data: SHEET }]);
    const size = Buffer.byteLength(SHEET);
    const chunks = await chunksOf(path, size);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(SHEET);
    expect(Math.max(...chunks.map((c) => c.length))).toBeGreaterThan(64 * 1024);
    // With a larger limit yauzl inflates (and checks the declared size) itself: same bytes.
    expect(Buffer.concat(await chunksOf(path, size * 2)).toString('utf8')).toBe(SHEET);
  });

  it('stops at the limit and closes the file, when the part expands past it', async () => {
    const path = join(dir.path, 'excedida.xlsx');
    await writeZip(path, [{ name: 'xl/worksheets/sheet1.xml', data: SHEET }]);
    const before = (await readdir('/proc/self/fd')).length;
    await expect(chunksOf(path, Buffer.byteLength(SHEET) - 1)).rejects.toThrow(/^pasó de /);
    expect((await readdir('/proc/self/fd')).length).toBeLessThanOrEqual(before);
  });

  it('ends with the file closed when the reader stops early', async () => {
    const path = join(dir.path, 'a-medias.xlsx');
    await writeZip(path, [{ name: 'xl/worksheets/sheet1.xml', data: SHEET }]);
    const before = (await readdir('/proc/self/fd')).length;
    for await (const chunk of readZipEntry(path, 'xl/worksheets/sheet1.xml', Buffer.byteLength(SHEET), () => new Error('no'))) {
      expect(chunk.length).toBeGreaterThan(0);
      break;
    }
    expect((await readdir('/proc/self/fd')).length).toBeLessThanOrEqual(before);
  });
});
