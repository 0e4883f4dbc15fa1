import { createHash } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { allowedValues, BUILTIN_CATALOGUES } from '../../src/invoice/catalogues.js';
import { DEMO_ACCOUNT } from '../../src/sandbox/sandbox-account.js';
import type { SandboxAccount } from '../../src/sandbox/sandbox-account.js';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import type { RunningSandbox } from '../../src/sandbox/start-sandbox.js';
import { get, invoiceDocument, invoicePath, login, putInvoice, REMOVE, withField } from './sandbox-http.js';

let sandbox: RunningSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

const RUC = DEMO_ACCOUNT.ruc;
const OTHER: SandboxAccount = { ruc: '20100070970', mail: 'otra@empresa.test', clave: 'otra-clave', razonSocial: 'OTRA EMPRESA S.A.' };

async function started(options: Parameters<typeof startSandbox>[0] = {}): Promise<{ sb: RunningSandbox; token: string }> {
  sandbox = await startSandbox(options);
  const { svcToken } = await login(sandbox.url, sandbox.account);
  return { sb: sandbox, token: svcToken };
}

interface ErrorBody {
  codigo: string;
  mensaje: string;
  detalle: string;
}

describe('sandbox invoice PUT: accepted documents', () => {
  it('accepts a valid invoice with the success body: identificador, serie, numero, tipoDocumento 01, total with 18% IGV on taxed lines', async () => {
    const { sb, token } = await started();
    const doc = invoiceDocument(RUC, 41);
    const raw = JSON.stringify(doc);
    const a = await putInvoice(sb.url, RUC, token, raw);
    expect(a.status).toBe(200);
    // 3 x 10.50 = 31.50 taxed (IGV 5.67) + 2 x 5.005 = 10.01 exonerated: 47.18
    expect(a.body).toEqual({
      codigoBarras: `${RUC}|01|F001|41|5.67|47.18|2026-01-15|6|20100070970|`,
      firma: expect.any(String) as unknown,
      hash: createHash('sha256').update(raw).digest('base64'),
      identificador: `${RUC}-01-F001-41`,
      numero: 41,
      serie: 'F001',
      tipoDocumento: '01',
      total: 47.18,
    });
    const { entries, counters } = sb.ledger();
    expect(entries).toEqual([
      {
        ruc: RUC,
        serie: 'F001',
        numero: 41,
        sha256: createHash('sha256').update(raw).digest('hex'),
        identificador: `${RUC}-01-F001-41`,
        acceptedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
      },
    ]);
    expect(counters).toMatchObject({ puts: 1, accepted: 1, rejected: 0 });
  });

  it('accepts null horaEmision and ordencompra, and a payload without medioPago or ubigeo (seen accepted in production)', async () => {
    const { sb, token } = await started();
    let doc = withField(invoiceDocument(RUC, 7), 'datosDocumento.horaEmision', null);
    doc = withField(doc, 'datosDocumento.ordencompra', null);
    doc = withField(doc, 'datosDocumento.medioPago', REMOVE);
    doc = withField(doc, 'receptor.domicilioFiscal.ubigeo', REMOVE);
    const a = await putInvoice(sb.url, RUC, token, doc);
    expect(a.status).toBe(200);
  });

  it('answers a serie/numero already accepted with 400 and the service\'s {"message": "... ya existe"} body, even with other content', async () => {
    const { sb, token } = await started();
    expect((await putInvoice(sb.url, RUC, token, invoiceDocument(RUC, 5))).status).toBe(200);
    const again = await putInvoice(sb.url, RUC, token, withField(invoiceDocument(RUC, 5), 'datosDocumento.glosa', 'otra'));
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: `El comprobante ${RUC}-01-F001-5 ya existe` });
    expect((await putInvoice(sb.url, RUC, token, invoiceDocument(RUC, 5, 'F002'))).status).toBe(200);
    const { entries, counters } = sb.ledger();
    expect(entries.map((e) => e.identificador)).toEqual([`${RUC}-01-F001-5`, `${RUC}-01-F002-5`]);
    expect(counters).toMatchObject({ accepted: 2, duplicates: 1 });
  });
});

describe('sandbox invoice PUT: 403 for a token that does not open the door', () => {
  it('answers 403 with the contract body when the token is missing', async () => {
    const { sb } = await started();
    const a = await putInvoice(sb.url, RUC, undefined, invoiceDocument(RUC, 1));
    expect(a.status).toBe(403);
    expect(a.body).toEqual({ codigo: '403', mensaje: 'Acceso denegado', detalle: expect.stringContaining('Authorization') as unknown });
  });

  it('answers 403 once the token has expired (short lifetime, driven clock), and accepts again after a new login', async () => {
    let now = Date.parse('2026-05-10T15:00:00.000Z');
    const { sb, token } = await started({ tokenLifetimeMs: 60_000, clock: () => now });
    now += 59_999;
    expect((await putInvoice(sb.url, RUC, token, invoiceDocument(RUC, 1))).status).toBe(200);
    now += 1;
    const expired = await putInvoice(sb.url, RUC, token, invoiceDocument(RUC, 2));
    expect(expired.status).toBe(403);
    expect((expired.body as ErrorBody).detalle).toContain('expirado');
    const fresh = await login(sb.url, sb.account);
    expect(fresh.fechaExpiracion).toBe('2026-05-10T15:02:00.000+00:00');
    expect((await putInvoice(sb.url, RUC, fresh.svcToken, invoiceDocument(RUC, 2))).status).toBe(200);
  });

  it('answers 403 for an altered token (payload changed, signature kept) and for one signed with another key', async () => {
    const { sb, token } = await started();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const altered = `${header}.${Buffer.from(JSON.stringify({ ...claims, exp: Number(claims['exp']) + 3600 })).toString('base64url')}.${signature}`;
    expect((await putInvoice(sb.url, RUC, altered, invoiceDocument(RUC, 1))).status).toBe(403);
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('not-the-sandbox-key-at-all-000000'));
    expect((await putInvoice(sb.url, RUC, forged, invoiceDocument(RUC, 1))).status).toBe(403);
    expect(sb.ledger().counters).toMatchObject({ forbidden403: 2, accepted: 0 });
  });

  it('answers 403 to every token issued before a revocation, and accepts a token from a new login', async () => {
    const { sb, token } = await started();
    expect((await putInvoice(sb.url, RUC, token, invoiceDocument(RUC, 1))).status).toBe(200);
    sb.revokeTokens();
    expect((await putInvoice(sb.url, RUC, token, invoiceDocument(RUC, 2))).status).toBe(403);
    const { svcToken } = await login(sb.url, sb.account);
    expect((await putInvoice(sb.url, RUC, svcToken, invoiceDocument(RUC, 2))).status).toBe(200);
  });

  it('answers 403 when the token belongs to another RUC than the path', async () => {
    sandbox = await startSandbox({ accounts: [DEMO_ACCOUNT, OTHER] });
    const other = await login(sandbox.url, OTHER);
    const a = await putInvoice(sandbox.url, RUC, other.svcToken, invoiceDocument(RUC, 1));
    expect(a.status).toBe(403);
    expect((a.body as ErrorBody).detalle).toContain(RUC);
  });
});

describe('sandbox invoice PUT: 400 for documents that break the contract', () => {
  it.each([
    ['numero as a string', 'datosDocumento.numero', '12'],
    ['cantidad as a number', 'detalleDocumento.0.cantidad', 3],
    ['valorVentaUnitarioItem as a string', 'detalleDocumento.1.valorVentaUnitarioItem', '5.00'],
    ['horaEmision without seconds', 'datosDocumento.horaEmision', '9:30'],
    ['ordencompra as a number', 'datosDocumento.ordencompra', 77],
    ['fechaEmision as DD/MM/YYYY', 'datosDocumento.fechaEmision', '15/01/2026'],
    ['fechaEmision on a day that does not exist', 'datosDocumento.fechaEmision', '2026-02-30'],
    ['a missing receptor.nombreLegal', 'receptor.nombreLegal', REMOVE],
    ['a missing close2u', 'close2u', REMOVE],
  ])('refuses %s with a message naming the field', async (_what, path, value) => {
    const { sb, token } = await started();
    const a = await putInvoice(sb.url, RUC, token, withField(invoiceDocument(RUC, 1), path, value));
    expect(a.status).toBe(400);
    const body = a.body as ErrorBody;
    expect(body.codigo).toBe('400');
    expect(body.mensaje).toContain(path.replace(/\.(\d+)\./, '[$1].'));
    expect(sb.ledger().entries).toHaveLength(0);
  });

  it('refuses an empty detalleDocumento', async () => {
    const { sb, token } = await started();
    const a = await putInvoice(sb.url, RUC, token, withField(invoiceDocument(RUC, 1), 'detalleDocumento', []));
    expect(a.status).toBe(400);
    expect((a.body as ErrorBody).mensaje).toContain('detalleDocumento debe ser una lista con al menos un ítem');
  });

  it('refuses a value outside an enumeration with a message listing the allowed values', async () => {
    const { sb, token } = await started();
    const a = await putInvoice(sb.url, RUC, token, withField(invoiceDocument(RUC, 1), 'detalleDocumento.0.unidadMedida', 'SERVICIO'));
    expect(a.status).toBe(400);
    const { mensaje } = a.body as ErrorBody;
    expect(mensaje).toBe(
      `El valor "SERVICIO" no está permitido en detalleDocumento[0].unidadMedida. Valores permitidos: ${allowedValues(BUILTIN_CATALOGUES, 'unidadMedida').join(', ')}`,
    );
    expect(mensaje).toContain('UNIDAD_BIENES, UNIDAD_SERVICIOS, KILOGRAMO');
  });

  it('refuses an issuer RUC that is not the path RUC', async () => {
    const { sb, token } = await started();
    const a = await putInvoice(sb.url, RUC, token, withField(invoiceDocument(RUC, 1), 'emisor.numeroDocumentoIdentidad', '20100070970'));
    expect(a.status).toBe(400);
    expect((a.body as ErrorBody).mensaje).toContain('emisor.numeroDocumentoIdentidad');
  });

  it("refuses the whole invoice when one line has a zero price, with the service's words", async () => {
    const { sb, token } = await started();
    const a = await putInvoice(sb.url, RUC, token, withField(invoiceDocument(RUC, 1), 'detalleDocumento.1.valorVentaUnitarioItem', 0));
    expect(a.status).toBe(400);
    expect(a.body).toEqual({
      codigo: '400',
      mensaje: 'Al menos debe ingresar un precio de venta referencial',
      detalle: 'detalleDocumento[1].valorVentaUnitarioItem: Al menos debe ingresar un precio de venta referencial',
    });
    expect(sb.ledger().counters).toMatchObject({ rejected: 1, accepted: 0 });
  });

  it('answers 415 without the JSON content type and 400 for a body that is not JSON', async () => {
    const { sb, token } = await started();
    expect((await putInvoice(sb.url, RUC, token, JSON.stringify(invoiceDocument(RUC, 1)), 'text/plain')).status).toBe(415);
    expect((await putInvoice(sb.url, RUC, token, '{"close2u": ')).status).toBe(400);
  });
});

describe('sandbox routes', () => {
  it('answers 404 for an unknown path and 405 for another method on a known one, with the contract body', async () => {
    const { sb, token } = await started();
    const unknown = await putInvoice(sb.url, `${RUC}/extra`, token, invoiceDocument(RUC, 1));
    expect(unknown.status).toBe(404);
    expect((unknown.body as ErrorBody).codigo).toBe('404');
    const wrongMethod = await get(sb.url, invoicePath(RUC));
    expect(wrongMethod.status).toBe(405);
    expect((wrongMethod.body as ErrorBody).codigo).toBe('405');
  });
});
