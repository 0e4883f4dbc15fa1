import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicSandbox } from '../../src/index.js';
import { startSandbox } from '../../src/index.js';
import { silentLogger } from '../../src/logger.js';
import { acquireRunLock } from '../../src/submit/run-lock.js';
import { tempDir } from '../helpers/temp-dir.js';
import { salesRow, writeSalesSheet } from '../helpers/write-sales-sheet.js';
import type { ServeProcess } from './browser-session.js';
import { closeWorkspace, openBrowser, sandboxServiceEnv, startServe, uploadAndCheck, POLL } from './browser-session.js';

/**
 * A submission that cannot start (another program, such as a second `serve` on the same folder,
 * holds the lock of the workspace's journal) leaves the review as it was: the grid with its rows,
 * statuses and errors, the failure said beside «Enviar»; once the lock is gone, «Enviar» sends.
 */
describe('a submission that fails before sending, in a real browser', () => {
  let sandbox: PublicSandbox;
  let dir: { path: string; cleanup: () => Promise<void> };
  let serve: ServeProcess;
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[] = [];

  const statuses = (): Promise<string | null> => page.getByRole('list', { name: 'Facturas por estado' }).textContent();
  const grid = (): Locator => page.getByRole('grid', { name: 'Filas de la hoja' });

  beforeAll(async () => {
    dir = await tempDir('factura-web-failed-submission-');
    await writeSalesSheet(join(dir.path, 'ventas-mayo.xlsx'), [salesRow(1), salesRow(2, { receptorNumeroDocumento: '20512333790' }), salesRow(3)]);
    sandbox = await startSandbox();
    serve = await startServe(join(dir.path, 'espacio'), sandboxServiceEnv(sandbox));
    ({ context, page, consoleErrors } = await openBrowser(join(dir.path, 'perfil-chromium')));
  }, 120_000);

  afterAll(async () => {
    await closeWorkspace({ context, serve, sandbox, dir });
  });

  it('keeps the grid and says why nothing was sent, then sends once the lock is gone', async () => {
    await page.goto(serve.url);
    await uploadAndCheck(page, join(dir.path, 'ventas-mayo.xlsx'), 'VÁLIDO 2');
    const rows = grid().locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 15_000, interval: 100 }).toBe(1);
    const before = await grid().textContent();

    // Another program holds the lock of the workspace's journal, as a run sending would.
    const lock = await acquireRunLock(join(dir.path, 'espacio', 'envios.journal.jsonl'), {
      command: 'factura-import serve (otra ventana)',
      logger: silentLogger(),
      lang: 'es',
    });
    try {
      await page.getByRole('button', { name: 'Enviar', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirmar envío' }).click();
      const said = page.getByRole('alert').filter({ hasText: 'No se envió:' });
      await said.waitFor({ timeout: 60_000 });
      await expect.poll(() => said.textContent(), POLL).toContain('factura-import serve (otra ventana)');
      // The review as it was: the same statuses, the same rows with their errors.
      await expect(statuses()).resolves.toContain('VÁLIDO 2');
      await expect.poll(() => rows.count(), { timeout: 15_000, interval: 100 }).toBe(1);
      await expect.poll(() => grid().textContent(), POLL).toBe(before);
      await page.getByLabel('Solo con errores').uncheck();
      await expect.poll(() => rows.count(), { timeout: 15_000, interval: 100 }).toBe(3);
      expect(sandbox.ledger().counters.puts).toBe(0);
    } finally {
      await lock.release();
    }

    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar envío' }).click();
    await expect.poll(statuses, { timeout: 60_000, interval: 100 }).toContain('ACEPTADO 2');
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'No se envió:' }).count(), POLL).toBe(0);
    expect(
      sandbox
        .ledger()
        .entries.map((e) => e.numero)
        .sort(),
    ).toEqual([1, 3]);
  }, 120_000);

  it('ran without a script error or a Content-Security-Policy violation', () => {
    expect(consoleErrors).toEqual([]);
  });
});
