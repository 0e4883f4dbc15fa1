import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { previewSheet, validateSheet } from '../../src/index.js';
import { tempDir } from '../helpers/temp-dir.js';

const LEGACY = join(import.meta.dirname, '../../fixtures/legacy');

describe('previewSheet', () => {
  it("reads the header with the run's settings: the config file's mapping, as validateSheet does", async () => {
    const mapping = JSON.parse(await readFile(join(LEGACY, 'mapping.json'), 'utf8')) as Record<string, string>;
    const file = join(LEGACY, 'export.csv');

    const unmapped = await previewSheet(file);
    expect(unmapped.header).toBeUndefined();
    expect(unmapped.problem?.en).toMatch(/No header row found/);

    const preview = await previewSheet(file, { config: { mapping } });
    expect(preview.problem).toBeUndefined();
    expect(preview.headerRow).toBe(1);
    expect(preview.missing).toEqual([]);
    expect(preview.columns.find((c) => c.header === 'DOC_SERIE')).toMatchObject({ letter: 'B', sample: 'F003', column: 'serie' });
    expect(preview.columns.find((c) => c.header === 'USU_REG')?.column).toBeUndefined();

    // The run the preview stands for reads the same header.
    const dir = await tempDir('preview-');
    try {
      const summary = await validateSheet(file, { config: { mapping }, out: join(dir.path, 'r.xlsx'), fixAndResendOut: join(dir.path, 'c.xlsx') });
      expect(summary.invoices).toBeGreaterThan(0);
    } finally {
      await dir.cleanup();
    }
  });
});
