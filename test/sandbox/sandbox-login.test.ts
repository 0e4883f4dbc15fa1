import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../src/sandbox/sandbox-account.js';
import type { SandboxAccount } from '../../src/sandbox/sandbox-account.js';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import type { RunningSandbox } from '../../src/sandbox/start-sandbox.js';
import { login, LOGIN_PATH, loginBody, post } from './sandbox-http.js';

let sandbox: RunningSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

const TEST_ACCOUNT: SandboxAccount = {
  ruc: '20100070970',
  mail: 'qa@portal.test',
  clave: 'portal-clave',
  razonSocial: 'PORTAL PRUEBAS S.A.',
  testAccount: true,
};

describe('sandbox login (POST /tokenapi/secure/v2/login/token)', () => {
  it('answers the demo account with an 8-hour HS256 token and the contract fields, fechaExpiracion in the exact format', async () => {
    // Expiry is in whole seconds (the JWT's exp), rounded up so the token lives at least 8 hours.
    const now = Date.parse('2026-11-21T10:04:04.123Z');
    sandbox = await startSandbox({ clock: () => now });
    const a = await post(sandbox.url, LOGIN_PATH, loginBody(DEMO_ACCOUNT));
    expect(a.status).toBe(200);
    const body = a.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['estado', 'fechaExpiracion', 'razonSocial', 'ruc', 'svcToken']);
    expect(body['fechaExpiracion']).toBe('2026-11-21T18:04:05.000+00:00');
    expect(body['ruc']).toBe('20512333797');
    expect(body['razonSocial']).toBe('DEMO IMPORTACIONES S.A.C.');
    expect(body['estado']).toBe('ACTIVO');
    const token = body['svcToken'] as string;
    expect(decodeProtectedHeader(token).alg).toBe('HS256');
    const claims = decodeJwt(token);
    expect(claims['ruc']).toBe('20512333797');
    expect(claims.exp).toBe(Date.parse('2026-11-21T18:04:05.000Z') / 1000);
  });

  it('refuses wrong credentials with 401 and the contract error body in Spanish', async () => {
    sandbox = await startSandbox();
    for (const wrong of [
      { ...loginBody(DEMO_ACCOUNT), clave: 'otra-clave' },
      { ...loginBody(DEMO_ACCOUNT), mail: 'otro@factura-import.test' },
      { ...loginBody(DEMO_ACCOUNT), ruc: 20512333798 },
    ]) {
      const a = await post(sandbox.url, LOGIN_PATH, wrong);
      expect(a.status).toBe(401);
      expect(a.body).toEqual({ codigo: '401', mensaje: 'Credenciales incorrectas', detalle: expect.stringContaining('clave') as unknown });
    }
    expect(sandbox.ledger().counters).toMatchObject({ loginRequests: 3, logins: 0, loginsRefused: 3 });
  });

  it.each([
    ['a RUC in quotes', { ruc: '20512333797' }, 'ruc debe ser un número'],
    ['a RUC of 10 digits', { ruc: 2051233379 }, 'ruc debe tener 11 dígitos'],
    ['a missing clave', { clave: undefined }, 'clave debe ser un texto'],
    ['a numeric aplicacion.codigo', { aplicacion: { codigo: 1 } }, 'aplicacion.codigo debe ser el texto "1"'],
    ['a missing aplicacion', { aplicacion: undefined }, 'aplicacion debe ser un objeto'],
  ])('answers 400 naming the field for %s', async (_what, change, message) => {
    sandbox = await startSandbox();
    const a = await post(sandbox.url, LOGIN_PATH, { ...loginBody(DEMO_ACCOUNT), ...change });
    expect(a.status).toBe(400);
    expect((a.body as { codigo: string }).codigo).toBe('400');
    expect((a.body as { mensaje: string }).mensaje).toContain(message);
  });

  it('answers 400 for a body that is not JSON and 415 without the JSON content type', async () => {
    sandbox = await startSandbox();
    expect((await post(sandbox.url, LOGIN_PATH, '{"ruc": 205')).status).toBe(400);
    const form = await post(sandbox.url, LOGIN_PATH, 'ruc=20512333797', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
  });

  it('hands out a fresh token at every login of an ordinary account', async () => {
    sandbox = await startSandbox();
    const first = await login(sandbox.url, DEMO_ACCOUNT);
    const second = await login(sandbox.url, DEMO_ACCOUNT);
    expect(second.svcToken).not.toBe(first.svcToken);
  });

  it('gives a test account the same token and expiry for logins within an hour of the one that issued it', async () => {
    let now = Date.parse('2026-03-01T12:00:00.000Z');
    sandbox = await startSandbox({ accounts: [TEST_ACCOUNT], clock: () => now });
    const first = await login(sandbox.url, TEST_ACCOUNT);
    now += 59 * 60 * 1000;
    const again = await login(sandbox.url, TEST_ACCOUNT);
    expect(again.svcToken).toBe(first.svcToken);
    expect(again.fechaExpiracion).toBe(first.fechaExpiracion);
    now += 60 * 1000; // one hour after the first login
    const renewed = await login(sandbox.url, TEST_ACCOUNT);
    expect(renewed.svcToken).not.toBe(first.svcToken);
    expect(renewed.fechaExpiracion).toBe('2026-03-01T21:00:00.000+00:00');
    expect(sandbox.ledger().counters.logins).toBe(3);
  });

  it('applies the test-account rule to every account with the testAccount option', async () => {
    sandbox = await startSandbox({ testAccount: true, clock: () => Date.parse('2026-03-01T12:00:00.000Z') });
    const first = await login(sandbox.url, DEMO_ACCOUNT);
    expect((await login(sandbox.url, DEMO_ACCOUNT)).svcToken).toBe(first.svcToken);
  });
});
