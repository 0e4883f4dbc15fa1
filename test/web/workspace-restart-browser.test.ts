import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp-dir.js';
import { salesRow, writeSalesSheet } from '../helpers/write-sales-sheet.js';
import type { ServeProcess } from './browser-session.js';
import { closeWorkspace, openBrowser, POLL, startServe, stopServe, uploadAndCheck } from './browser-session.js';

const LOST =
  '«factura-import serve» se cerró o se inició de nuevo después de abrir esta página, y esta página ya no puede usarse. ' +
  'Abra el enlace nuevo que muestra la terminal de «factura-import serve» (la línea «Abra http://127.0.0.1:… en su navegador»); ' +
  'si el programa está cerrado, inícielo otra vez con «factura-import serve». Sus revisiones siguen guardadas en el espacio de trabajo.';

/** The start of the server's refusal of a link or a session (security-plugin.ts), for a link never given as for one of a run before. */
const GENERIC = 'Este enlace no es de la sesión actual del espacio de trabajo: abra el enlace que muestra la terminal de «factura-import serve»';

/**
 * A page left open while `factura-import serve` was stopped and started again on the same workspace and port:
 * the secret it keeps is the earlier run's. Each part of the review said the server's refusal on its own (the
 * download, the replace: two alerts of the link's words, «el enlace sirve una sola vez… si ya lo usó en otro
 * navegador»), and «Revalidar» led to «No se pudo revisar «ventas.xlsx»» with them, a sheet that had nothing wrong.
 */
describe('the web workspace: a page left open across a restart of serve', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  let serve: ServeProcess | undefined;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    dir = await tempDir('factura-web-restart-');
    ({ context, page } = await openBrowser(join(dir.path, 'perfil-chromium')));
  }, 120_000);
  afterAll(async () => {
    await closeWorkspace({ context, serve, dir });
  });

  it('says once, in place of the workspace, that serve was started again and to open its new link', async () => {
    const sheet = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(sheet, [salesRow(1), salesRow(2, { receptorNumeroDocumento: '20512333798' })]);
    const workspace = join(dir.path, 'espacio');
    serve = await startServe(workspace);
    await page.goto(serve.url);
    await uploadAndCheck(page, sheet, 'VÁLIDO 1');

    // Stopped and started again, on the same folder and address: the page stays as it was.
    const port = new URL(serve.url).port;
    await stopServe(serve);
    serve = await startServe(workspace, {}, ['--port', port]);
    expect(new URL(serve.url).port).toBe(port);

    await page.getByRole('button', { name: 'Descargar resultados' }).click();
    await page.getByRole('heading', { name: 'factura-import: Esta página quedó de una sesión anterior' }).waitFor();
    await expect.poll(() => page.getByRole('alert').allTextContents(), POLL).toEqual([LOST]);
    // The workspace is gone from the page: nothing more to press that would be refused again.
    expect(await page.getByRole('button', { name: 'Reemplazar en toda la columna' }).count()).toBe(0);
    expect(await page.getByText('No se pudo revisar').count()).toBe(0);

    // The new link opens the workspace, with the check there.
    await page.goto(serve.url);
    await page.getByRole('button', { name: 'Abrir la revisión de ventas.xlsx' }).waitFor();
  }, 120_000);

  /**
   * Reloaded after the restart (F5: the address has lost its token, the page keeps the earlier run's secret), the page
   * said «Enlace no válido» with the words of a link never valid or used twice; it now says what it says when the session
   * is lost while it is open. The old link itself gets the server's refusal, whose words fit a link never given too.
   */
  it('says the same when reloaded after a restart, and the old link gets words that fit any link', async () => {
    if (serve === undefined) throw new Error('the test before left no serve running');
    const oldLink = serve.url;
    await page.getByRole('button', { name: 'Abrir la revisión de ventas.xlsx' }).click();
    await page.getByRole('list', { name: 'Facturas por estado' }).filter({ hasText: 'VÁLIDO 1' }).waitFor();
    const port = new URL(serve.url).port;
    await stopServe(serve);
    serve = await startServe(join(dir.path, 'espacio'), {}, ['--port', port]);

    await page.reload();
    await page.getByRole('heading', { name: 'factura-import: Esta página quedó de una sesión anterior' }).waitFor();
    expect(await page.getByRole('alert').allTextContents()).toEqual([LOST]);
    expect(await page.getByText('Enlace no válido').count()).toBe(0);

    // The old link (a bookmark, the terminal's scrollback): refused, in words that say nothing of whether it was ever given.
    const refused = await page.goto(oldLink);
    expect(refused?.status()).toBe(401);
    await page.getByText(GENERIC).waitFor();
    expect(await page.getByText('sesión anterior').count()).toBe(0);

    // The new link opens the workspace, with the check there.
    await page.goto(serve.url);
    await page.getByRole('button', { name: 'Abrir la revisión de ventas.xlsx' }).waitFor();
  }, 120_000);
});
