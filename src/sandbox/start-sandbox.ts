import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleInvoice } from './handle-invoice.js';
import { handleLogin } from './handle-login.js';
import { discardBody, readBody, sendJson } from './http-exchange.js';
import { ACCOUNT_RUC, DEMO_ACCOUNT } from './sandbox-account.js';
import type { SandboxAccount } from './sandbox-account.js';
import { sandboxErrorBody } from './sandbox-error-body.js';
import { inOutage, latencyFor, NO_FAULTS, pickPutFault } from './sandbox-faults.js';
import type { SandboxFaults, SandboxOutage } from './sandbox-faults.js';
import { applyFaultsPatch } from './sandbox-faults-patch.js';
import { LedgerBook } from './sandbox-ledger.js';
import type { SandboxLedger } from './sandbox-ledger.js';
import { INVOICE_PATH_PREFIX, LOGIN_PATH } from './sandbox-state.js';
import type { SandboxState } from './sandbox-state.js';
import { deriveSeededRandom } from './seeded-random.js';
import { createTokenAuthority } from './token-authority.js';
import { hostHeaderParts, isLoopbackHost } from '../loopback-host.js';

export { DEMO_ACCOUNT } from './sandbox-account.js';
export type { SandboxAccount } from './sandbox-account.js';
export type { SandboxFaults, SandboxOutage } from './sandbox-faults.js';
export type { LedgerEntry, SandboxCounters, SandboxLedger } from './sandbox-ledger.js';

export interface SandboxOptions {
  /** 0 (the default) picks a free port. The sandbox always binds 127.0.0.1. */
  readonly port?: number;
  /** The accounts a login may use; `[DEMO_ACCOUNT]` by default. The first is `RunningSandbox.account`. */
  readonly accounts?: readonly SandboxAccount[];
  /** Every account follows the test-account renewal rule (docs/service-contract.md §5.7). */
  readonly testAccount?: boolean;
  /**
   * A trial of a sheet of several issuers (an accounting firm's): a login for an 11-digit RUC the
   * sandbox does not know, with the first account's e-mail and password, opens an account for that
   * RUC («EMPRESA DE PRUEBA <RUC>»). The real service has one account per issuer; so does the sandbox
   * without this. The CLI's and the workspace's `--sandbox` turn it on.
   */
  readonly anyRuc?: boolean;
  /** Token lifetime; 8 hours by default. */
  readonly tokenLifetimeMs?: number;
  readonly latencyMs?: number;
  readonly latencyJitterMs?: number;
  /** Share of invoice PUTs answered 500. */
  readonly failureRate?: number;
  /** Share of invoice PUTs whose connection is destroyed before any processing. */
  readonly dropRate?: number;
  /** Share of invoice PUTs processed (and recorded) whose answer is then lost. */
  readonly dropAfterAcceptRate?: number;
  /** Share of invoice PUTs of an acceptable document refused with 400 and a reason, nothing recorded. */
  readonly refuseRate?: number;
  /** Share of logins answered 500. */
  readonly loginFailureRate?: number;
  /** Windows, relative to the start, where every request is answered 500. */
  readonly outages?: readonly SandboxOutage[];
  /** Seed of every random decision (faults, jitter); 1 by default. */
  readonly seed?: number;
  /** The sandbox's time (token expiry, outages, ledger); `Date.now` by default. */
  readonly clock?: () => number;
  /** HS256 key of the tokens; random per sandbox by default. */
  readonly jwtSecret?: string | Uint8Array;
}

export interface RunningSandbox {
  /** `http://127.0.0.1:PORT`: serves both the login (auth_url) and the invoice (base_url) paths. */
  readonly url: string;
  readonly port: number;
  /** The first known account (the demo account by default). */
  readonly account: SandboxAccount;
  /** A snapshot of the accepted documents and the counters. */
  ledger(): SandboxLedger;
  /** Every token issued so far is answered 403 from now on (a burst of 403s). */
  revokeTokens(): void;
  /**
   * The account of `ruc` gets a new password, as when a company changes it during a run: logins
   * with the old one are refused (401) from now on; tokens already issued stay valid until revoked.
   */
  changeClave(ruc: string, clave: string): void;
  /** Changes faults while running; throws a RangeError for an out-of-range value. */
  setFaults(patch: Partial<SandboxFaults>): void;
  /** The faults in force. */
  faults(): SandboxFaults;
  /** Stops listening, drops pending requests and keep-alive sockets. */
  close(): Promise<void>;
}

/** A path segment decoded, or as sent when its escapes are broken (it then matches no token's RUC). */
function pathSegment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function internalError(res: ServerResponse): void {
  sendJson(res, 500, sandboxErrorBody(500, 'Error interno del servidor', 'Ocurrió un error inesperado. Intente nuevamente en unos segundos o minutos.'));
}

/**
 * Starts the simulator of the e-invoicing service (docs/service-contract.md) on
 * 127.0.0.1. Control paths for tests in another process: GET /__sandbox/ledger[?entries=false],
 * POST /__sandbox/revoke-tokens, POST /__sandbox/faults (JSON, the fields of `setFaults`).
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const accounts = options.accounts ?? [DEMO_ACCOUNT];
  const first = accounts[0];
  if (first === undefined) throw new RangeError('startSandbox: at least one account is needed');
  for (const a of accounts) if (!ACCOUNT_RUC.test(a.ruc)) throw new RangeError(`startSandbox: account RUC must be 11 digits, got ${a.ruc}`);
  const clock = options.clock ?? Date.now;
  const seed = options.seed ?? 1;
  const secret =
    options.jwtSecret === undefined
      ? new Uint8Array(randomBytes(32))
      : typeof options.jwtSecret === 'string'
        ? new TextEncoder().encode(options.jwtSecret)
        : options.jwtSecret;
  const faults = applyFaultsPatch(NO_FAULTS, {
    ...(options.latencyMs !== undefined ? { latencyMs: options.latencyMs } : {}),
    ...(options.latencyJitterMs !== undefined ? { latencyJitterMs: options.latencyJitterMs } : {}),
    ...(options.failureRate !== undefined ? { failureRate: options.failureRate } : {}),
    ...(options.dropRate !== undefined ? { dropRate: options.dropRate } : {}),
    ...(options.dropAfterAcceptRate !== undefined ? { dropAfterAcceptRate: options.dropAfterAcceptRate } : {}),
    ...(options.refuseRate !== undefined ? { refuseRate: options.refuseRate } : {}),
    ...(options.loginFailureRate !== undefined ? { loginFailureRate: options.loginFailureRate } : {}),
    ...(options.outages !== undefined ? { outages: options.outages } : {}),
    ...(options.tokenLifetimeMs !== undefined ? { tokenLifetimeMs: options.tokenLifetimeMs } : {}),
  });

  const state: SandboxState = {
    accounts: new Map(accounts.map((a) => [a.ruc, a])),
    allTestAccounts: options.testAccount === true,
    anyRuc: options.anyRuc === true,
    faults,
    tokens: createTokenAuthority(secret, clock),
    book: new LedgerBook(),
    clock,
    startedAtMs: clock(),
    secret,
    random: {
      faults: deriveSeededRandom(seed, 'faults'),
      latency: deriveSeededRandom(seed, 'latency'),
      logins: deriveSeededRandom(seed, 'logins'),
    },
  };

  let closing = false;
  const waits = new Set<() => void>();
  /** Waits `ms` real milliseconds, or less when the sandbox closes (then answers false). */
  const wait = (ms: number): Promise<boolean> =>
    new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        waits.delete(done);
        resolve(!closing);
      };
      const timer = setTimeout(done, ms);
      waits.add(done);
    });

  let putsInFlight = 0;
  async function serviceRequest(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (path === LOGIN_PATH) return serviceExchange(req, res, path);
    putsInFlight += 1;
    state.book.counters.maxPutsInFlight = Math.max(state.book.counters.maxPutsInFlight, putsInFlight);
    try {
      await serviceExchange(req, res, path);
    } finally {
      putsInFlight -= 1;
    }
  }

  async function serviceExchange(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const counters = state.book.counters;
    const isLogin = path === LOGIN_PATH;
    // Draw every random number at arrival, in arrival order: the same seed replays the same run.
    let putFault: ReturnType<typeof pickPutFault> = 'none';
    let loginFails = false;
    if (isLogin) {
      counters.loginRequests += 1;
      loginFails = state.random.logins() < state.faults.loginFailureRate;
    } else {
      counters.puts += 1;
      putFault = pickPutFault(state.random.faults(), state.faults);
    }
    const delay = latencyFor(state.random.latency(), state.faults);
    if (delay > 0 && !(await wait(delay))) {
      req.socket.destroy();
      return;
    }
    if (inOutage(state.clock() - state.startedAtMs, state.faults.outages) || loginFails || putFault === 'fail500') {
      discardBody(req);
      counters.errors500 += 1;
      internalError(res);
      return;
    }
    if (putFault === 'drop') {
      counters.dropped += 1;
      req.socket.destroy();
      return;
    }
    if (isLogin) await handleLogin(state, req, res);
    else await handleInvoice(state, req, res, pathSegment(path.slice(INVOICE_PATH_PREFIX.length)), putFault === 'dropAfterAccept', putFault === 'refuse');
  }

  async function controlRequest(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<void> {
    if (path === '/__sandbox/ledger' && req.method === 'GET') {
      const snapshot = state.book.snapshot();
      sendJson(res, 200, query.get('entries') === 'false' ? { counters: snapshot.counters } : snapshot);
    } else if (path === '/__sandbox/revoke-tokens' && req.method === 'POST') {
      discardBody(req);
      state.tokens.revokeAll();
      sendJson(res, 200, { revoked: true });
    } else if (path === '/__sandbox/faults' && req.method === 'POST') {
      const raw = await readBody(req);
      try {
        if (raw === 'too-large') throw new RangeError('body too large');
        state.faults = applyFaultsPatch(state.faults, JSON.parse(raw.toString('utf8')));
        sendJson(res, 200, state.faults);
      } catch (err) {
        sendJson(res, 400, { error: (err as Error).message });
      }
    } else {
      discardBody(req);
      sendJson(res, 404, { error: 'unknown sandbox control path' });
    }
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname;
    // Only this machine's own name for it (a page's DNS rebinding names another), and the control
    // paths never for a web page (a browser says its Origin): any page could change the faults of a
    // trial run in the user's workspace, or read its ledger, with a plain form POST.
    if (!loopbackHost(req.headers.host, port) || (path.startsWith('/__sandbox/') && req.headers.origin !== undefined)) {
      discardBody(req);
      sendJson(res, 403, sandboxErrorBody(403, 'Acceso denegado', 'El simulador solo atiende a programas de este equipo, no a páginas web.'));
      return undefined;
    }
    if (path.startsWith('/__sandbox/')) return controlRequest(req, res, path, url.searchParams);
    const isLogin = path === LOGIN_PATH;
    const isInvoice = path.startsWith(INVOICE_PATH_PREFIX) && path.length > INVOICE_PATH_PREFIX.length && !path.slice(INVOICE_PATH_PREFIX.length).includes('/');
    if (!isLogin && !isInvoice) {
      discardBody(req);
      sendJson(res, 404, sandboxErrorBody(404, 'Recurso no encontrado', `No existe el recurso ${path}.`));
      return undefined;
    }
    if (req.method !== (isLogin ? 'POST' : 'PUT')) {
      discardBody(req);
      res.setHeader('allow', isLogin ? 'POST' : 'PUT');
      sendJson(res, 405, sandboxErrorBody(405, 'Método no permitido', `El recurso ${path} no admite el método ${req.method ?? ''}.`));
      return undefined;
    }
    return serviceRequest(req, res, path);
  }

  /** The port listened on (set once listening; no request comes before). */
  let port = 0;
  const server = createServer((req, res) => {
    route(req, res).catch(() => {
      if (res.headersSent) res.destroy();
      else internalError(res);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: options.port ?? 0 }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  let closed: Promise<void> | undefined;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    account: first,
    ledger: () => state.book.snapshot(),
    revokeTokens: () => state.tokens.revokeAll(),
    changeClave: (ruc, clave) => {
      const account = state.accounts.get(ruc);
      if (account === undefined) throw new RangeError(`changeClave: no account with RUC ${ruc}`);
      state.accounts.set(ruc, { ...account, clave });
    },
    setFaults: (patch) => {
      state.faults = applyFaultsPatch(state.faults, patch);
    },
    faults: () => state.faults,
    close: () =>
      (closed ??= new Promise<void>((resolve, reject) => {
        closing = true;
        for (const release of [...waits]) release();
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      })),
  };
}

/** Whether a Host header names this machine's loopback (isLoopbackHost) at `port`, or is absent (HTTP/1.0). */
function loopbackHost(host: string | undefined, port: number): boolean {
  if (host === undefined) return true;
  const parts = hostHeaderParts(host);
  return parts !== undefined && isLoopbackHost(parts.name) && (parts.port === undefined || parts.port === port);
}
