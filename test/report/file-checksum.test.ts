import { createHash, randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileSha256 } from '../../src/report/file-checksum.js';
import { tempDir } from '../helpers/temp-dir.js';

describe('the input file checksum', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  beforeEach(async () => {
    dir = await tempDir('sha-');
  });
  afterEach(() => dir.cleanup());

  it('is the SHA-256 of the whole file, over several chunks and over none', async () => {
    const bytes = randomBytes(2.5 * 1024 * 1024);
    await writeFile(`${dir.path}/big.csv`, bytes);
    await writeFile(`${dir.path}/empty.csv`, '');
    expect(await fileSha256(`${dir.path}/big.csv`)).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(await fileSha256(`${dir.path}/empty.csv`)).toBe(createHash('sha256').digest('hex'));
  });
});
