import { request } from 'undici';
import type { SandboxAccount } from '../../src/sandbox/sandbox-account.js';

/** Test-side HTTP to a sandbox (undici), and a complete invoice document of docs/service-contract.md §2.3. */

export const LOGIN_PATH = '/tokenapi/secure/v2/login/token';
export const invoicePath = (ruc: string): string => `/factura-api/invoiceservice/integracion/factura/${ruc}`;

export interface Answer {
  readonly status: number;
  readonly body: unknown;
  readonly text: string;
}

async function answer(res: Awaited<ReturnType<typeof request>>): Promise<Answer> {
  const text = await res.body.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.statusCode, body, text };
}

export async function post(
  base: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = { 'content-type': 'application/json' },
): Promise<Answer> {
  return answer(await request(`${base}${path}`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) }));
}

export async function get(base: string, path: string): Promise<Answer> {
  return answer(await request(`${base}${path}`, { method: 'GET' }));
}

export function loginBody(account: SandboxAccount): Record<string, unknown> {
  return { ruc: Number(account.ruc), mail: account.mail, clave: account.clave, aplicacion: { codigo: '1' } };
}

export interface LoginAnswer {
  readonly svcToken: string;
  readonly fechaExpiracion: string;
  readonly ruc: string;
  readonly razonSocial: string;
  readonly estado: string;
}

/** Logs in and returns the 200 body (fails the test on any other answer). */
export async function login(base: string, account: SandboxAccount): Promise<LoginAnswer> {
  const a = await post(base, LOGIN_PATH, loginBody(account));
  if (a.status !== 200) throw new Error(`login answered ${a.status}: ${a.text}`);
  return a.body as LoginAnswer;
}

export async function putInvoice(base: string, ruc: string, token: string | undefined, body: unknown, contentType = 'application/json'): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': contentType };
  if (token !== undefined) headers['authorization'] = `Bearer ${token}`;
  return answer(await request(`${base}${invoicePath(ruc)}`, { method: 'PUT', headers, body: typeof body === 'string' ? body : JSON.stringify(body) }));
}

/** A complete invoice as a client sends it; `numero` and the issuer's RUC vary per test. */
export function invoiceDocument(ruc: string, numero: number, serie = 'F001'): Record<string, unknown> {
  return {
    close2u: { tipoIntegracion: 'OFFLINE', tipoPlantilla: '01', tipoRegistro: 'PRECIOS_SIN_IGV' },
    datosDocumento: {
      serie,
      numero,
      moneda: 'PEN',
      fechaEmision: '2026-01-15',
      horaEmision: '09:30:00',
      formaPago: 'CONTADO',
      medioPago: 'DEPOSITO_CUENTA',
      condicionPago: 'CONTADO',
      ordencompra: 'OC-77',
      glosa: 'Venta de prueba',
    },
    detalleDocumento: [
      {
        codigoProducto: 'CAJ-01',
        descripcion: 'Caja de cartón',
        tipoAfectacion: 'GRAVADO_OPERACION_ONEROSA',
        unidadMedida: 'UNIDAD_BIENES',
        cantidad: '3',
        valorVentaUnitarioItem: 10.5,
      },
      {
        codigoProducto: 'LIB-02',
        descripcion: 'Libro',
        tipoAfectacion: 'EXONERADO_OPERACION_ONEROSA',
        unidadMedida: 'UNIDAD_BIENES',
        cantidad: '2',
        valorVentaUnitarioItem: 5.005,
      },
    ],
    emisor: {
      correo: 'ventas@demo.pe',
      nombreComercial: 'Demo',
      nombreLegal: 'DEMO IMPORTACIONES S.A.C.',
      numeroDocumentoIdentidad: ruc,
      tipoDocumentoIdentidad: 'RUC',
    },
    informacionAdicional: { tipoOperacion: 'VENTA_INTERNA', coVendedor: 'V01' },
    receptor: {
      correo: 'compras@cliente.pe',
      correoCopia: 'conta@cliente.pe',
      domicilioFiscal: { direccion: 'Av. Arequipa 123, Lima', ubigeo: '150101' },
      nombreComercial: 'Cliente',
      nombreLegal: 'CLIENTE S.A.',
      numeroDocumentoIdentidad: '20100070970',
      tipoDocumentoIdentidad: 'RUC',
    },
  };
}

/**
 * A copy of `doc` with the field at `path` (`datosDocumento.numero`, `detalleDocumento.0.cantidad`)
 * set to `value`, or removed when `value` is `REMOVE`.
 */
export const REMOVE = Symbol('remove');
export function withField(doc: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(doc);
  const keys = path.split('.');
  const last = keys.pop() as string;
  let target = copy;
  for (const k of keys) target = target[k] as Record<string, unknown>;
  if (value === REMOVE) delete target[last];
  else target[last] = value;
  return copy;
}
