import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliRun } from '../helpers/cli-process.js';
import { tempDir } from '../helpers/temp-dir.js';
import { mountTinyDisk } from '../helpers/tiny-disk.js';
import { writeSalesCsv } from './sales-sheet.js';
import { startSandboxProcess, type SandboxProcess } from './sandbox-process.js';

const STACK_LINE = /^\s+at .+:\d+:\d+\)?$/m;

function expectCleanOutputError(result: CliRun, path: string): void {
  expect(result.code).not.toBe(0);
  expect(result.code).not.toBeNull();
  expect(result.stderr).toContain(path);
  expect(result.stderr).not.toMatch(STACK_LINE);
  expect(result.stderr).not.toMatch(/Unhandled|uncaught/i);
}

/** Every journal line parses, and its ACCEPTED keys are exactly the ledger's (for the numbers this run sent). */
async function expectJournalIntact(journal: string, sandbox: SandboxProcess, numeros: (n: number) => boolean): Promise<void> {
  const lines = (await readFile(journal, 'utf8')).split('\n').filter((l) => l !== '');
  const records = lines.map((l) => JSON.parse(l) as { t: string; key: string; status?: string });
  const accepted = new Set(records.filter((r) => r.t === 'outcome' && r.status === 'ACCEPTED').map((r) => r.key.split('-').slice(-2).join('-')));
  const ledger = await sandbox.ledger();
  expect(accepted).toEqual(new Set(ledger.entries.filter((e) => numeros(e.numero)).map((e) => `${e.serie}-${e.numero}`)));
}

describe('results that cannot be written', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  let sandbox: SandboxProcess | undefined;
  let input: string;
  beforeAll(async () => {
    dir = await tempDir('factura-out-');
    input = join(dir.path, 'ventas.csv');
    await writeSalesCsv(input, { invoices: 60, linesPerInvoice: 3 });
    await writeFile(join(dir.path, 'a-file'), 'not a folder');
    sandbox = await startSandboxProcess(['--seed', '3']);
  });
  afterAll(async () => {
    await sandbox?.stop();
    await dir.cleanup();
  });

  // Tests run as root, so a chmod'ed folder would not stop the writer: the results path goes
  // under a regular file instead (ENOTDIR whoever you are).
  it('validate: a results path under a regular file gives a clear error naming it and a non-zero exit', async () => {
    const out = join(dir.path, 'a-file', 'resultados.xlsx');
    const result = await runCli(['validate', input, '--out', out], { timeoutMs: 90_000 });
    expectCleanOutputError(result, out);
  }, 120_000);

  it('submit: the same, with the journal intact and agreeing with the ledger', async () => {
    if (sandbox === undefined) throw new Error('no sandbox');
    const out = join(dir.path, 'a-file', 'resultados.xlsx');
    const journal = join(dir.path, 'unwritable.journal.jsonl');
    const result = await runCli(['submit', input, '--out', out, '--journal', journal], { env: { ...sandbox.env }, timeoutMs: 90_000 });
    expectCleanOutputError(result, out);
    await expectJournalIntact(journal, sandbox, (n) => n < 1000).catch(async (error: unknown) => {
      // no journal at all is also intact, provided nothing was sent
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      expect(((await sandbox?.ledger())?.entries ?? []).filter((e) => e.numero < 1000)).toEqual([]);
    });
  }, 120_000);

  describe('disk full (a 32 KiB tmpfs holding the results)', () => {
    let full: string | undefined;
    let reason = '';
    let fullRun: CliRun | undefined;
    let unmount: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      const disk = await mountTinyDisk(dir.path, 32);
      if (disk.path === undefined) reason = disk.reason;
      else ({ path: full, unmount } = disk);
    });
    afterAll(async () => {
      await unmount?.();
    });

    it('submit: a clear error, a non-zero exit, and the journal (on another disk) intact', async (ctx) => {
      if (full === undefined || sandbox === undefined) return ctx.skip(reason);
      const out = join(full, 'resultados.xlsx');
      const journal = join(dir.path, 'full.journal.jsonl');
      // fill the disk but for a few bytes, so the results workbook cannot fit
      await writeFile(join(full, 'filler'), Buffer.alloc(28 * 1024));
      const second = join(dir.path, 'ventas-2.csv');
      await writeSalesCsv(second, { invoices: 60, linesPerInvoice: 3, firstNumero: 1000 });
      const result = await runCli(['submit', second, '--out', out, '--journal', journal], { env: { ...sandbox.env }, timeoutMs: 90_000 });
      expectCleanOutputError(result, out);
      expect(await readdir(full)).toEqual(['filler']); // no partial workbook left taking the space
      fullRun = result;
      await expectJournalIntact(journal, sandbox, (n) => n >= 1000);
    }, 120_000);

    // Was a defect: the message said only "No se pudo escribir el libro de resultados X.", not why.
    it('says the disk is full', (ctx) => {
      if (fullRun === undefined) return ctx.skip(reason || 'the disk-full run did not happen');
      expect(fullRun.stderr).toMatch(/ENOSPC|disco está lleno|espacio|disk is full/i);
    });
  });
});
