import { timingSafeEqual } from 'node:crypto';
import { parse as parseCookie, serialize as serializeCookie } from 'cookie';
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityOptions {
  /** The one-time token of the printed URL (`/?t=TOKEN`). */
  readonly token: string;
  /** The session cookie's value once the token is exchanged. */
  readonly session: string;
  /** `host:port` values the browser may use to reach this server (read when a request comes). */
  readonly allowedHosts: () => ReadonlySet<string>;
  /** The server's port (read when a request comes): it names the cookie. */
  readonly port: () => number;
}

/**
 * The session cookie's name. Browsers keep cookies per host, not per port, so two workspaces open
 * at once (two ports) would overwrite each other's session under one name.
 */
export const sessionCookieName = (port: number): string => `factura_sesion_${port}`;

/** The Content-Security-Policy of every answer: our own scripts, styles and requests only; no inline script. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The headers every answer carries; a route that writes its answer itself (hijacked: the live progress) sets them too. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const NO_SESSION =
  'Esta página solo se abre con el enlace que muestra la terminal al iniciar «factura-import serve» (el enlace sirve una sola vez). ' +
  'Si ya lo usó en otro navegador, detenga el programa con Ctrl-C e inícielo de nuevo para obtener un enlace nuevo.';
const FOREIGN_HOST = 'Dirección no permitida: abra el espacio de trabajo con la dirección que muestra la terminal (127.0.0.1).';
const FOREIGN_ORIGIN = 'Solicitud rechazada: no viene de la página del espacio de trabajo.';

function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A refusal: JSON for the page's calls; for a browser opening a page (a bookmark, a link used twice)
 * the same words on a page of their own, not a JSON object in braces.
 */
function refuse(request: FastifyRequest, reply: FastifyReply, status: 401 | 403, message: string): FastifyReply {
  reply.code(status).header('cache-control', 'no-store');
  if (request.method === 'GET' && (request.headers.accept ?? '').includes('text/html')) {
    const title = status === 401 ? 'Enlace no válido' : 'Dirección no permitida';
    return reply.type('text/html; charset=utf-8').send(refusalPage(title, message));
  }
  return reply.type('application/json; charset=utf-8').send({ error: message });
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function refusalPage(title: string, message: string): string {
  return `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><title>factura-import · ${escapeHtml(title)}</title></head>
<body>
<h1>factura-import: ${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
</body>
</html>
`;
}

/**
 * The server's security rules, registered before any route (fastify-plugin: its hooks apply to the
 * whole server, so no route can be added outside them):
 * - a `Host` that is not this server's own address and port gets 403 (DNS rebinding);
 * - `/?t=TOKEN` with the one-time token sets an HttpOnly, SameSite=Strict session cookie and
 *   redirects to `/`, so the token leaves the address bar (and the history); the token then dies;
 * - every other request without the session cookie gets 401;
 * - a state-changing request (not GET/HEAD/OPTIONS) whose `Origin` is not this server gets 403;
 * - every answer carries a strict CSP (no inline script) and no-sniff/no-frame/no-referrer headers.
 * Body sizes are capped where the server is built (bodyLimit) and in the upload route.
 */
const securityPlugin: FastifyPluginCallback<SecurityOptions> = (app, options, done) => {
  let tokenUsed = false;

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const allowed = options.allowedHosts();
    const host = request.headers.host ?? '';
    if (!allowed.has(host)) return refuse(request, reply, 403, FOREIGN_HOST);

    const url = new URL(request.url, `http://${host}`);
    const token = url.searchParams.get('t');
    if (token !== null && request.method === 'GET' && url.pathname === '/') {
      if (tokenUsed || !sameSecret(token, options.token)) return refuse(request, reply, 401, NO_SESSION);
      tokenUsed = true;
      const cookie = serializeCookie(sessionCookieName(options.port()), options.session, { httpOnly: true, sameSite: 'strict', path: '/' });
      return reply.code(303).header('set-cookie', cookie).header('cache-control', 'no-store').header('location', '/').send();
    }

    const cookies = parseCookie(request.headers.cookie ?? '');
    if (!sameSecret(cookies[sessionCookieName(options.port())], options.session)) return refuse(request, reply, 401, NO_SESSION);

    if (!SAFE_METHODS.has(request.method)) {
      const origin = request.headers.origin;
      if (origin === undefined || !allowed.has(origin.replace(/^http:\/\//, '')) || !origin.startsWith('http://')) {
        return refuse(request, reply, 403, FOREIGN_ORIGIN);
      }
    }
    return undefined;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(SECURITY_HEADERS);
    // The API's answers (a check's rows, its mapping file, the history) are never kept by a browser's or a proxy's cache.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
  done();
};

export const securityRules = fp(securityPlugin, { name: 'factura-security', fastify: '5.x' });
