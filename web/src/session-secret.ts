import { SESSION_HEADER } from '../../src/web/workspace-api.js';

/**
 * Where the page keeps the session's secret: localStorage, which belongs to this origin alone (scheme, host and
 * port: a page of another 127.0.0.1 port has its own and cannot read this one), unlike a cookie, which browsers
 * send to every port of the host. localStorage rather than sessionStorage: a reload and a second tab opened on the
 * workspace's address both find it, as they found the cookie; sessionStorage is per tab, and the one-time link is
 * spent, so a second tab would be refused until serve is started again. It outlives serve, but a new run of serve
 * makes a new secret, so what is left of an earlier run opens nothing (the page then says to use the new link).
 */
const KEY = 'factura-import.sesion';

export function keepSessionSecret(secret: string): void {
  localStorage.setItem(KEY, secret);
}

/** The header that carries the secret, for every call to the workspace; empty before the page has one. */
export function sessionHeaders(): Record<string, string> {
  const secret = localStorage.getItem(KEY);
  return secret === null ? {} : { [SESSION_HEADER]: secret };
}
