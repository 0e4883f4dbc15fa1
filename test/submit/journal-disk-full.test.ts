import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FacturaError } from '../../src/factura-error.js';
import { openJournal } from '../../src/submit/journal.js';
import { tempDir } from '../helpers/temp-dir.js';
import type { TinyDisk } from '../helpers/tiny-disk.js';
import { mountTinyDisk } from '../helpers/tiny-disk.js';

let dir: { path: string; cleanup: () => Promise<void> };
let disk: TinyDisk;

beforeAll(async () => {
  dir = await tempDir('journal-full-');
  disk = await mountTinyDisk(dir.path, 16);
});
afterAll(async () => {
  if (disk.path !== undefined) await disk.unmount();
  await dir.cleanup();
});

describe('a journal on a disk that fills up', () => {
  it('ends the run at close when an outcome line could not be written, even though nobody awaited it', async (ctx) => {
    if (disk.path === undefined) return ctx.skip(disk.reason);
    const tiny = disk.path;
    const journal = await openJournal(join(tiny, 'ventas.journal.jsonl'));
    await journal.recordAttempt({ key: '20512333797-F001-1', hash: 'a'.repeat(64), attempt: 1 });
    await writeFile(join(tiny, 'filler'), Buffer.alloc(16 * 1024)).catch(() => undefined);
    // As sendInvoice does: outcome lines are queued, not awaited (enough of them to need a new page).
    for (let n = 1; n <= 60; n += 1) {
      void journal.recordOutcome({ key: `20512333797-F001-${n}`, hash: 'a'.repeat(64), status: 'ACCEPTED' }).catch(() => undefined);
    }
    const err = await journal.close().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(FacturaError);
    expect((err as FacturaError).code).toBe('OUTPUT');
    expect((err as FacturaError).text.es).toContain('el disco está lleno');
  });
});
