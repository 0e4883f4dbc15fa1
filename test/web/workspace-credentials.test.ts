import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicSandbox } from '../../src/index.js';
import { startSandbox } from '../../src/index.js';
import { limaToday } from '../../src/invoice/lima-today.js';
import { tempDir } from '../helpers/temp-dir.js';
import type { ServeProcess } from './browser-session.js';
import type { WorkspaceApi } from './browser-session.js';
import { startServe, closeWorkspace, sessionHeaders, signIn, workspaceApi } from './browser-session.js';

/**
 * `serve` with the service's addresses and no login at all (no FACTURA_RUC/MAIL/CLAVE, no
 * per-company ones, no credentials file): it starts, «Enviar» is offered, and the page's login
 * route checks what is typed with the service and never echoes the password.
 */
describe('serve without any login in the environment', () => {
  let sandbox: PublicSandbox;
  let dir: { path: string; cleanup: () => Promise<void> };
  let serve: ServeProcess;
  let output = '';
  let origin = '';
  let secret = '';

  beforeAll(async () => {
    dir = await tempDir('factura-web-credentials-');
    sandbox = await startSandbox();
    serve = await startServe(join(dir.path, 'espacio'), { FACTURA_AUTH_URL: sandbox.url, FACTURA_BASE_URL: sandbox.url });
    serve.child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    serve.child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    ({ secret, origin } = await signIn(serve));
  }, 60_000);

  afterAll(async () => {
    await closeWorkspace({ serve, sandbox, dir });
  });

  const call: WorkspaceApi = (method, path, body) => workspaceApi({ secret, origin })(method, path, body);

  it('starts and offers «Enviar» to the service the environment names, with no issuer yet', async () => {
    const service = await call('GET', '/api/service');
    expect(service).toEqual({
      status: 200,
      json: { available: true, environment: `Servicio de facturación (${sandbox.url})`, journalService: new URL(sandbox.url).host },
    });
  });

  it('refuses a login the service refuses, in Spanish, without quoting the password, and holds nothing', async () => {
    const wrong = 'una-clave-equivocada-42';
    const refused = await call('POST', '/api/credentials', { ruc: sandbox.credentials.ruc, mail: sandbox.credentials.mail, clave: wrong, asDefault: true });
    expect(refused.status).toBe(422);
    // About what was typed, not the environment's variables the command line reads.
    expect(refused.json['error']).toBe(
      `El servicio no aceptó el acceso del emisor ${sandbox.credentials.ruc}: El servicio rechazó el correo o la clave: revíselos e indíquelos de nuevo. No se envió ninguna factura.`,
    );
    expect(JSON.stringify(refused.json)).not.toContain(wrong);
    expect(await call('GET', '/api/service')).toMatchObject({ json: { available: true } });
    expect((await call('GET', '/api/service')).json['ruc']).toBeUndefined();
    const bad = await call('POST', '/api/credentials', { ruc: '123', mail: 'x', clave: wrong, asDefault: true });
    expect(bad).toEqual({ status: 400, json: { error: 'Indique el RUC (11 dígitos), el correo y la clave del emisor.' } });
  });

  it('holds an accepted login as the default issuer’s: the service then names it with its legal name', async () => {
    const { ruc, mail, clave } = sandbox.credentials;
    const given = await call('POST', '/api/credentials', { ruc, mail, clave, asDefault: true });
    expect(given).toEqual({ status: 200, json: { ruc, razonSocial: sandbox.account.razonSocial } });
    expect(await call('GET', '/api/service')).toEqual({
      status: 200,
      json: {
        available: true,
        environment: `Servicio de facturación (${sandbox.url})`,
        journalService: new URL(sandbox.url).host,
        ruc,
        razonSocial: sandbox.account.razonSocial,
      },
    });
    expect(output).not.toContain(clave);
  });
});

describe('serve with a login the service refuses', () => {
  let sandbox: PublicSandbox;
  let dir: { path: string; cleanup: () => Promise<void> };
  let serve: ServeProcess;
  let origin = '';
  let secret = '';

  beforeAll(async () => {
    dir = await tempDir('factura-web-refused-');
    sandbox = await startSandbox();
    serve = await startServe(join(dir.path, 'espacio'), {
      FACTURA_RUC: sandbox.credentials.ruc,
      FACTURA_MAIL: sandbox.credentials.mail,
      FACTURA_CLAVE: 'ya-no-es-la-clave-17',
      FACTURA_AUTH_URL: sandbox.url,
      FACTURA_BASE_URL: sandbox.url,
    });
    ({ secret, origin } = await signIn(serve));
  }, 60_000);

  afterAll(async () => {
    await closeWorkspace({ serve, sandbox, dir });
  });

  it('refuses «Enviar» before starting, with the service’s words, and the check keeps its rows', async () => {
    const csv = `serie,numero,fechaEmision,receptorNumeroDocumento,receptorNombreLegal,descripcion,cantidad,valorVentaUnitario\nF001,1,${limaToday(Date.now())},20512333797,Comercial Andina S.A.C.,Arroz,2,18.50\n`;
    const boundary = '----facturaTestRefused';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="hoja"; filename="ventas.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
    const headers = sessionHeaders({ secret, origin });
    const uploaded = await request(`${origin}/api/uploads`, {
      method: 'POST',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    const { checkId } = (await uploaded.body.json()) as { checkId: string };
    const ran = await request(`${origin}/api/checks/${checkId}/run`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{}',
    });
    await ran.body.dump();
    const state = async (): Promise<{ state: string; rowsRead: number }> =>
      (await (await request(`${origin}/api/checks/${checkId}`, { headers })).body.json()) as { state: string; rowsRead: number };
    await expect.poll(async () => (await state()).state, { timeout: 30_000, interval: 100 }).toBe('done');
    const sent = await request(`${origin}/api/checks/${checkId}/submit`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(sent.statusCode).toBe(409);
    const { error } = (await sent.body.json()) as { error: string };
    expect(error).toMatch(new RegExp(`^El servicio no aceptó el acceso \\(RUC ${sandbox.credentials.ruc}: .+\\)\\. No se envió nada\\.$`));
    expect(error).not.toContain('ya-no-es-la-clave-17');
    await expect(state()).resolves.toEqual(expect.objectContaining({ state: 'done', rowsRead: 1 }));
    expect(sandbox.ledger().counters.puts).toBe(0);
  }, 60_000);
});
