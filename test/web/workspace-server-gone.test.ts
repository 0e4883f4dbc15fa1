import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicSandbox } from '../../src/index.js';
import { startSandbox } from '../../src/index.js';
import { tempDir } from '../helpers/temp-dir.js';
import { writeSalesCsv } from '../reliability/sales-sheet.js';
import type { ServeProcess } from './browser-session.js';
import { closeWorkspace, giveSession, openBrowser, sandboxServiceEnv, signIn, startServe, stopServe, uploadSheet, workspaceApi } from './browser-session.js';

/**
 * A review killed `serve` while the page showed a submission's progress: 20 seconds later the page
 * still read «Enviando… 5 de 40», and «Detener» said «Deteniendo…» for ever. The browser retries a
 * dropped event stream on its own, for ever; the page now asks once whether the server is there.
 */
const INVOICES = 200;

describe('the page when the workspace’s server is gone', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  let sandbox: PublicSandbox;
  let serve: ServeProcess | undefined;
  let context: Awaited<ReturnType<typeof openBrowser>>['context'] | undefined;

  beforeAll(async () => {
    dir = await tempDir('factura-web-gone-');
    // Slow answers: the submission is still going when the server is killed.
    sandbox = await startSandbox({ latencyMs: 500 });
  }, 60_000);
  afterAll(async () => {
    await closeWorkspace({ context, serve, sandbox, dir });
  });

  it('says it cannot reach the workspace, in words a person can act on, instead of the last count', async () => {
    serve = await startServe(join(dir.path, 'espacio'), sandboxServiceEnv(sandbox));
    const session = await signIn(serve);
    const sheet = join(dir.path, 'ventas.csv');
    // 200 invoices at 500 ms each, four at a time: 25 s of sending, so the page shows it sending on a slow machine too.
    await writeSalesCsv(sheet, { invoices: INVOICES });
    const uploaded = await uploadSheet(session, 'ventas.csv', await readFile(sheet));
    expect(uploaded.status).toBe(200);
    const call = workspaceApi(session);
    const id = String(uploaded.json['checkId']);
    expect((await call('POST', `/api/checks/${id}/run`, {})).status).toBe(202);
    await expect.poll(async () => (await call('GET', `/api/checks/${id}`)).json['state'], { timeout: 30_000, interval: 100 }).toBe('done');

    const browser = await openBrowser(join(dir.path, 'perfil'));
    context = browser.context;
    const { page } = browser;
    await giveSession(context, session);
    await page.goto(session.origin);
    await page.getByRole('button', { name: 'Abrir la revisión de ventas.csv' }).click();
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Confirmar/ })
      .click();
    await page.getByRole('heading', { name: 'Enviando «ventas.csv»…' }).waitFor();

    const killed = serve;
    serve = undefined;
    await stopServe(killed, 'SIGKILL');
    await page.getByText('No se pudo comunicar con el espacio de trabajo. ¿Sigue abierta la terminal con «factura-import serve»?').waitFor({ timeout: 15_000 });
    expect(await page.getByRole('heading', { name: 'Enviando «ventas.csv»…' }).count()).toBe(0);
    expect(sandbox.ledger().entries.length).toBeLessThan(INVOICES);
  }, 120_000);
});
