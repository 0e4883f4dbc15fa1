import { documentJson } from './document-json.js';
import { decodeJwt } from 'jose/jwt/decode';
import type { Dispatcher } from 'undici';
import { UndiciAgent } from './undici-agent.js';
import { checkServiceUrl } from './check-service-url.js';
import { classifyNetworkError, classifyResponse, readServiceAnswer } from './classify-response.js';
import { dispatchText } from './dispatch-text.js';
import type { Classification, HttpAnswer } from './classify-response.js';
import { LoginFailure } from './login-failure.js';
import { parseRetryAfter } from './parse-retry-after.js';
import type { ValueNames } from '../value-names.js';

export interface LoginCredentials {
  /** 11 digits; sent as a JSON number (docs/service-contract.md §2.1). */
  readonly ruc: string;
  readonly mail: string;
  readonly clave: string;
}

/** A successful login. `token` is the secret: never log it. */
export interface LoginResult {
  readonly token: string;
  /** Epoch ms of `fechaExpiracion` (or of the JWT's `exp` when the answer has no readable date). */
  readonly expiresAt: number;
  readonly razonSocial?: string;
  readonly estado?: string;
  readonly ruc?: string;
}

export interface ApiClientOptions {
  /** {auth_url}: origin (and optional path prefix) of the login endpoint. */
  readonly authUrl: string;
  /** {base_url}: origin (and optional path prefix) of the invoice endpoint. */
  readonly baseUrl: string;
  /** What the addresses are called where they were given, for a refusal (default: the library's options). */
  readonly names?: Pick<ValueNames, 'authUrl' | 'baseUrl'>;
  readonly connectTimeoutMs?: number;
  /** Longest wait for the answer's headers once the request is sent. */
  readonly headersTimeoutMs?: number;
  /** Longest silence while the answer's body arrives. */
  readonly bodyTimeoutMs?: number;
  /** Keep-alive connections per origin (at least the submission concurrency). */
  readonly connections?: number;
  readonly keepAliveTimeoutMs?: number;
  /** Epoch ms, to read a `Retry-After` date. */
  readonly clock?: () => number;
  /**
   * An undici Dispatcher to send every request through (a proxy agent, a test seam). The caller
   * owns it: `close()` leaves it open. Default: an own Agent with the timeouts above.
   */
  readonly dispatcher?: Dispatcher;
}

export interface ApiClient {
  /** One login request. Throws a LoginFailure (`auth` on 401, `retryable`, `refused`). */
  login(credentials: LoginCredentials): Promise<LoginResult>;
  /** One invoice PUT. Never throws for an answer or a network failure: it classifies them. */
  putInvoice(ruc: string, document: unknown, token: string, options?: { signal?: AbortSignal }): Promise<Classification>;
  /** Closes the keep-alive connections. */
  close(): Promise<void>;
}

export const LOGIN_PATH = '/tokenapi/secure/v2/login/token';
export const INVOICE_PATH = '/factura-api/invoiceservice/integracion/factura/';

const FECHA = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:?\d{2})$/;

/** `2026-11-21T18:04:05.000+00:00` (or `+0000`, or `Z`) as epoch ms; undefined when unreadable. */
export function parseFechaExpiracion(value: unknown): number | undefined {
  if (typeof value !== 'string' || !FECHA.test(value.trim())) return undefined;
  const normalised = value.trim().replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const ms = Date.parse(normalised);
  return Number.isNaN(ms) ? undefined : ms;
}

function isJwt(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    decodeJwt(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * The token of a login answer: `svcToken` (contract), or else the single top-level field whose
 * name ends in `Token` and holds a JWT (the real service's brand-prefixed name).
 */
export function findLoginToken(body: Record<string, unknown>): string | undefined {
  const svc = body['svcToken'];
  if (typeof svc === 'string' && svc !== '') return svc;
  const candidates = Object.entries(body).filter(([k, v]) => k.endsWith('Token') && isJwt(v));
  return candidates.length === 1 ? (candidates[0]?.[1] as string) : undefined;
}

function jwtExpiry(token: string): number | undefined {
  try {
    const exp = decodeJwt(token).exp;
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

function join(base: string, path: string): string {
  return base.replace(/\/+$/, '') + path;
}

function optionalText(v: unknown): string | undefined {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
}

/**
 * The HTTP client of the service (docs/service-contract.md §4), on undici: one Agent, which keeps one keep-alive
 * pool per origin, with connect, headers and body timeouts. The token travels only in the
 * Authorization header; it is never put in a URL, an error or a log.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  checkServiceUrl(options.authUrl, 'authUrl', options.names);
  checkServiceUrl(options.baseUrl, 'baseUrl', options.names);
  const clock = options.clock ?? Date.now;
  const owned = options.dispatcher === undefined;
  const agent: Dispatcher =
    options.dispatcher ??
    new UndiciAgent({
      connect: { timeout: options.connectTimeoutMs ?? 10_000 },
      headersTimeout: options.headersTimeoutMs ?? 60_000,
      bodyTimeout: options.bodyTimeoutMs ?? 60_000,
      keepAliveTimeout: options.keepAliveTimeoutMs ?? 10_000,
      ...(options.connections !== undefined ? { connections: options.connections } : {}),
    });
  const loginUrl = new URL(join(options.authUrl, LOGIN_PATH));
  const loginTarget = { origin: loginUrl.origin, path: loginUrl.pathname + loginUrl.search };

  async function login(credentials: LoginCredentials): Promise<LoginResult> {
    if (!/^\d{11}$/.test(credentials.ruc)) throw new LoginFailure('refused', 'FACTURA_RUC must be 11 digits');
    const body = JSON.stringify({ ruc: Number(credentials.ruc), mail: credentials.mail, clave: credentials.clave, aplicacion: { codigo: '1' } });
    let status: number;
    let text: string;
    let headers: HttpAnswer['headers'];
    try {
      const res = await dispatchText(agent, {
        ...loginTarget,
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body,
      });
      status = res.status;
      headers = res.headers;
      text = res.bodyText;
    } catch (error) {
      const net = classifyNetworkError(error);
      throw new LoginFailure('retryable', `login request failed: ${net.reason}`, { cause: error });
    }
    if (status === 401) throw new LoginFailure('auth', 'HTTP 401', { answer: readServiceAnswer(status, text) });
    if (status === 429 || status === 408 || status >= 500) {
      const retryAfterMs = parseRetryAfter(headers['retry-after'], clock());
      throw new LoginFailure('retryable', `HTTP ${status}`, {
        answer: readServiceAnswer(status, text),
        ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
      });
    }
    if (status < 200 || status >= 300) throw new LoginFailure('refused', `HTTP ${status}`, { answer: readServiceAnswer(status, text) });
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new LoginFailure('refused', 'the login answer is not JSON');
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new LoginFailure('refused', 'the login answer is not a JSON object');
    const o = parsed as Record<string, unknown>;
    const token = findLoginToken(o);
    if (token === undefined) throw new LoginFailure('refused', 'the login answer holds no token (svcToken or a single *Token field with a JWT)');
    const expiresAt = parseFechaExpiracion(o['fechaExpiracion']) ?? jwtExpiry(token);
    if (expiresAt === undefined) throw new LoginFailure('refused', 'the login answer gives no readable fechaExpiracion');
    const razonSocial = optionalText(o['razonSocial']);
    const estado = optionalText(o['estado']);
    const ruc = optionalText(o['ruc']);
    return {
      token,
      expiresAt,
      ...(razonSocial !== undefined ? { razonSocial } : {}),
      ...(estado !== undefined ? { estado } : {}),
      ...(ruc !== undefined ? { ruc } : {}),
    };
  }

  /** The PUT's origin and path per issuer RUC (a run has one or a few). */
  const invoiceTargets = new Map<string, { origin: string; path: string }>();
  const invoiceTarget = (ruc: string): { origin: string; path: string } => {
    let target = invoiceTargets.get(ruc);
    if (target === undefined) {
      const url = new URL(join(options.baseUrl, INVOICE_PATH + encodeURIComponent(ruc)));
      target = { origin: url.origin, path: url.pathname + url.search };
      invoiceTargets.set(ruc, target);
    }
    return target;
  };

  async function putInvoice(ruc: string, document: unknown, token: string, opts: { signal?: AbortSignal } = {}): Promise<Classification> {
    try {
      const answer = await dispatchText(
        agent,
        {
          ...invoiceTarget(ruc),
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
          body: documentJson(document),
        },
        opts.signal,
      );
      return classifyResponse(answer, clock());
    } catch (error) {
      return classifyNetworkError(error);
    }
  }

  return { login, putInvoice, close: async () => (owned ? agent.close() : undefined) };
}
