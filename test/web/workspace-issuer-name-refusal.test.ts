import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceWithoutLegalName } from '../helpers/service-without-legal-name.js';
import { serviceWithoutLegalName } from '../helpers/service-without-legal-name.js';
import { tempDir } from '../helpers/temp-dir.js';
import { salesRow, writeSalesSheet } from '../helpers/write-sales-sheet.js';
import type { ServeProcess } from './browser-session.js';
import { signIn, startServe, stopServe, uploadAndRun, workspaceApi } from './browser-session.js';

/**
 * «Enviar» in the workspace, with a service whose login gives no razón social: the check said «No se envió: El servicio no
 * indicó la razón social del emisor 20512333797: indíquela en emisor.nombreLegal, o en config (…)», the library's option
 * names, which the page's user has nowhere to type. It now says where the name comes from (the service account) and that
 * only the terminal's «factura-import submit» takes it (--emisor-nombre); nothing is sent.
 */
describe('the web workspace: «Enviar» with a login that gives no razón social', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  let service: ServiceWithoutLegalName;
  let serve: ServeProcess;

  beforeAll(async () => {
    dir = await tempDir('factura-web-issuer-name-');
    service = await serviceWithoutLegalName();
    serve = await startServe(join(dir.path, 'espacio'), {
      FACTURA_RUC: '20512333797',
      FACTURA_MAIL: 'a@b.pe',
      FACTURA_CLAVE: 'x',
      FACTURA_AUTH_URL: service.url,
      FACTURA_BASE_URL: service.url,
    });
  }, 60_000);
  afterAll(async () => {
    await stopServe(serve);
    await service?.close();
    await dir?.cleanup();
  });

  it('says what the page’s user can do, names no option of the library, and sends nothing', async () => {
    const session = await signIn(serve);
    const call = workspaceApi(session);
    const sheet = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(sheet, [salesRow(1)]);
    const id = await uploadAndRun(session, 'ventas.xlsx', await readFile(sheet));
    expect((await call('POST', `/api/checks/${id}/submit`, {})).status).toBe(202);
    await expect.poll(async () => (await call('GET', `/api/checks/${id}`)).json['sending'], { timeout: 30_000, interval: 100 }).toBe(false);
    const failure = String((await call('GET', `/api/checks/${id}`)).json['failure']);
    expect(failure).toBe(
      'El servicio no indicó la razón social del emisor 20512333797: indíquela en la cuenta del servicio de facturación del RUC 20512333797 (su inicio de sesión debe darla: pida a quien administra esa cuenta que la registre). Esta página no tiene dónde escribirla; desde la terminal, «factura-import submit» la toma con --emisor-nombre.',
    );
    expect(failure).not.toMatch(/nombreLegal|config/u);
    expect(service.puts()).toBe(0);
  }, 60_000);
});
