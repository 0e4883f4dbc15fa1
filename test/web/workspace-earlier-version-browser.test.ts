import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicSandbox } from '../../src/index.js';
import { startSandbox } from '../../src/index.js';
import { tempDir } from '../helpers/temp-dir.js';
import { salesRow, writeSalesSheet } from '../helpers/write-sales-sheet.js';
import type { ServeProcess } from './browser-session.js';
import { closeWorkspace, openBrowser, POLL, sandboxServiceEnv, startServe, stopServe, uploadAndCheck } from './browser-session.js';

/**
 * A check stored by an earlier version, whose issued invoices were VALID beside `issuedBefore`: the migration that
 * came with ACEPTADO ANTES forgets its service, so «Enviar» waits for «Revalidar». The hint beside it said the check
 * had been made «con otro servicio de facturación (por ejemplo, el simulador) o sin ninguno», which the user never did.
 */
describe('the web workspace: a check stored by an earlier version, in a real browser', () => {
  let sandbox: PublicSandbox;
  let dir: { path: string; cleanup: () => Promise<void> };
  let serve: ServeProcess | undefined;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    dir = await tempDir('factura-web-earlier-');
    sandbox = await startSandbox();
    ({ context, page } = await openBrowser(join(dir.path, 'perfil-chromium')));
  }, 120_000);
  afterAll(async () => {
    await closeWorkspace({ context, serve, sandbox, dir });
  });

  it('says beside the disabled «Enviar» that an earlier version made the check, and to press «Revalidar»', async () => {
    const sheet = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(sheet, [salesRow(1), salesRow(2)]);
    const workspace = join(dir.path, 'espacio');
    const env = sandboxServiceEnv(sandbox);
    serve = await startServe(workspace, env);
    await page.goto(serve.url);
    await uploadAndCheck(page, sheet, 'VÁLIDO 2');
    const send = page.getByRole('button', { name: 'Enviar', exact: true });
    await expect.poll(() => send.isEnabled(), POLL).toBe(true);
    await stopServe(serve);

    // As an earlier version stored it (an issued invoice counted apart), read by this one: the migration runs again.
    const db = new Database(join(workspace, 'espacio-de-trabajo.sqlite'));
    db.exec(`UPDATE checks SET summary_json = json_set(summary_json, '$.issuedBefore', 1)`);
    db.pragma(`user_version = ${Number(db.pragma('user_version', { simple: true })) - 1}`);
    db.close();
    serve = await startServe(workspace, env);
    await page.goto(serve.url);
    await page.getByRole('button', { name: 'Abrir la revisión de ventas.xlsx' }).click();
    await page
      .getByText('Esta revisión se hizo con una versión anterior de factura-import: pulse «Revalidar» para revisarla de nuevo antes de enviar.')
      .waitFor({ timeout: 30_000 });
    expect(await page.getByText('otro servicio de facturación').count()).toBe(0);
    expect(await send.isDisabled()).toBe(true);

    // «Revalidar» checks it again with this version and this service: «Enviar» is on, and the hint is the usual one.
    await page.getByRole('button', { name: 'Revalidar' }).click();
    await expect.poll(() => send.isEnabled(), { ...POLL, timeout: 60_000 }).toBe(true);
    expect(await page.getByText('una versión anterior de factura-import').count()).toBe(0);
  }, 180_000);
});
