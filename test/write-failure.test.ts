import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localized } from '../src/i18n/localized-text.js';
import { writeFailure } from '../src/write-failure.js';
import { tempDir } from './helpers/temp-dir.js';

describe('writeFailure names the real cause', () => {
  it('a temporary file gone before its rename is not "the folder does not exist"', async () => {
    const dir = await tempDir('write-failure-');
    try {
      const target = join(dir.path, 'resultados.xlsx');
      const cause: unknown = await rename(join(dir.path, 'resultados.xlsx.1-ab.part'), target).catch((e: unknown) => e);
      const err = writeFailure(localized('el libro de resultados', 'the results workbook'), target, cause);
      expect(err.text.es).toBe(
        `No se pudo escribir el libro de resultados ${target}: el archivo temporal desapareció antes de ponerlo en su lugar (¿otro programa lo movió o borró, o se borró la carpeta?).`,
      );
      expect(err.text.es).not.toContain('la carpeta no existe');
    } finally {
      await dir.cleanup();
    }
  });

  it('a folder that does not exist is said so', async () => {
    const dir = await tempDir('write-failure-');
    try {
      const target = join(dir.path, 'no-such-folder', 'resultados.xlsx');
      const { open } = await import('node:fs/promises');
      const cause: unknown = await open(target, 'w').catch((e: unknown) => e);
      expect(writeFailure(localized('el libro de resultados', 'the results workbook'), target, cause).text.es).toContain(': la carpeta no existe.');
    } finally {
      await dir.cleanup();
    }
  });
});
