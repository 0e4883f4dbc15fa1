import { isLoopbackHost } from '../loopback-host.js';

/** What the built-in sandbox is called in a journal: its address changes at every start. */
export const SANDBOX_SERVICE = 'sandbox';

/**
 * The service a run sends to, as its journal names it: `named` when the caller names it (the
 * built-in sandbox, SANDBOX_SERVICE), else the invoice host and path, written one way however the
 * address is spelled (`https://API.example.pe:443/v1/`, `http://api.example.pe/v1` and `…/v1` are one
 * service: the scheme, a default port, the case of the host and a trailing slash do not count). An
 * invoice accepted by one service is not issued at another: a trial on the sandbox must not make
 * the real submission skip it. (A provider that moves to another host is another service to the
 * journal: its «ya existe» answers then keep any number from being issued twice.) This computer's
 * own address is one service however it is written (`localhost`, `[::1]`, `127.0.0.1`).
 */
export function journalService(baseUrl: string, named?: string): string {
  if (named !== undefined && named.trim() !== '') return named.trim();
  try {
    const url = new URL(baseUrl);
    const port = url.port === '' || url.port === '80' || url.port === '443' ? '' : `:${url.port}`;
    return loopbackAsOne(`${url.hostname}${port}${url.pathname.replace(/\/+$/, '')}`);
  } catch {
    return baseUrl.trim().replace(/\/+$/, '');
  }
}

/**
 * A journal's name for a service with this computer's address written as 127.0.0.1: `localhost`
 * and `[::1]` are the same local service (a gateway or proxy on this computer), and a rerun that
 * spells it the other way must still find the invoices it accepted. Journals written before say
 * `localhost…`: recordFor (journal-state.ts) reads them through this too.
 */
export function loopbackAsOne(service: string): string {
  const host = /^(\[[^\]]*\]|[^:/]*)/.exec(service)?.[1] ?? '';
  return host !== '' && isLoopbackHost(host) ? `127.0.0.1${service.slice(host.length)}` : service;
}
