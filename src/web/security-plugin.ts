import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionAnswer } from './workspace-api.js';
import { LINK_HEADER, SESSION_HEADER, SESSION_PATH } from './workspace-api.js';

export interface SecurityOptions {
  /** The one-time token of the printed URL (`/?t=TOKEN`). */
  readonly token: string;
  /** The session's secret, given once for the token (POST /api/session); every other call carries it in SESSION_HEADER. */
  readonly session: string;
  /** `host:port` values the browser may use to reach this server (read when a request comes). */
  readonly allowedHosts: () => ReadonlySet<string>;
}

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

/**
 * Every refusal of a link or a session: one wording for a link of an earlier run of serve and one never given (the
 * server does not say whether a token or a secret ever existed). The page says more when it knows it had a session
 * (web/src/session-lost.ts): that one is the page's own knowledge, not the server's.
 */
const NO_SESSION =
  'Este enlace no es de la sesión actual del espacio de trabajo: abra el enlace que muestra la terminal de «factura-import serve» ' +
  '(la línea «Abra http://127.0.0.1:… en su navegador»). Cada enlace sirve una sola vez: si ya lo usó en otro navegador, detenga el programa con Ctrl-C ' +
  'e inícielo de nuevo para obtener uno nuevo.';
const FOREIGN_HOST = 'Dirección no permitida: abra el espacio de trabajo con la dirección que muestra la terminal (127.0.0.1).';
const FOREIGN_ORIGIN = 'Solicitud rechazada: no viene de la página del espacio de trabajo.';

/** A header given twice arrives as an array (or joined): never the secret. */
function sameSecret(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
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
    return reply.type('text/html; charset=utf-8').send(refusalPage(title, message, status === 401 ? BACK_TO_PAGE : undefined));
  }
  return reply.type('application/json; charset=utf-8').send({ error: message });
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A link opened a second time in the browser that holds the session (serve opened it, then the link was clicked): the page itself still works. */
const BACK_TO_PAGE = '<p>Si ya abrió el espacio de trabajo en este navegador, <a href="/">vuelva a él</a>.</p>';

function refusalPage(title: string, message: string, more = ''): string {
  return `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><title>factura-import · ${escapeHtml(title)}</title></head>
<body>
<h1>factura-import: ${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
${more}
</body>
</html>
`;
}

/** The front end's files (fastify-static's routes, or the page that says it is missing): HTML, scripts, styles, no data. */
const PAGE_ROUTES = new Set(['/', '/*']);

/**
 * The server's security rules, registered before any route (fastify-plugin: its hooks apply to the
 * whole server, so no route can be added outside them):
 * - a `Host` that is not this server's own address and port gets 403 (DNS rebinding);
 * - the front end's files (no data) are served to anyone who reaches the server; `/?t=TOKEN` with a used or
 *   wrong token gets the refusal instead;
 * - the page's own script sends the token once to POST /api/session (header LINK_HEADER) and gets the session's
 *   secret, which it keeps in its origin's storage (127.0.0.1:PORT alone can read it) and sends in SESSION_HEADER
 *   with every call; the token then dies. Every other request without that secret gets 401. No cookie: a
 *   127.0.0.1 cookie goes to every port of 127.0.0.1 (a program there would read it and replay it), and a page on
 *   another port can plant one under the same name;
 * - a state-changing request (not GET/HEAD/OPTIONS) whose `Origin` is not this server gets 403, the exchange too;
 * - every answer carries a strict CSP (no inline script) and no-sniff/no-frame/no-referrer headers.
 * Body sizes are capped where the server is built (bodyLimit) and in the upload route.
 */
const securityPlugin: FastifyPluginCallback<SecurityOptions> = (app, options, done) => {
  let tokenUsed = false;
  /** The page answered to the link (`/?t=TOKEN`): kept by no cache, like the API's answers. */
  const linkPages = new WeakSet<FastifyRequest>();

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const allowed = options.allowedHosts();
    const host = request.headers.host ?? '';
    if (!allowed.has(host)) return refuse(request, reply, 403, FOREIGN_HOST);
    const origin = request.headers.origin;
    const fromOwnPage = origin !== undefined && origin.startsWith('http://') && allowed.has(origin.slice('http://'.length));
    // The route fastify matched, not the address as written: `/%61pi/checks` is routed as /api/checks.
    const route = request.routeOptions.url;

    if (route === SESSION_PATH && request.method === 'POST') return fromOwnPage ? undefined : refuse(request, reply, 403, FOREIGN_ORIGIN);

    if (route !== undefined && PAGE_ROUTES.has(route) && (request.method === 'GET' || request.method === 'HEAD')) {
      const url = new URL(request.url, `http://${host}`);
      const token = url.searchParams.get('t');
      if (token !== null && url.pathname === '/') {
        if (tokenUsed || !sameSecret(token, options.token)) return refuse(request, reply, 401, NO_SESSION);
        linkPages.add(request);
      }
      return undefined;
    }

    if (!sameSecret(request.headers[SESSION_HEADER], options.session)) return refuse(request, reply, 401, NO_SESSION);
    if (!SAFE_METHODS.has(request.method) && !fromOwnPage) return refuse(request, reply, 403, FOREIGN_ORIGIN);
    return undefined;
  });

  // The exchange: the link's token, once, for the session's secret. The page's script asks; the answer is JSON,
  // which no page of another origin can read (no CORS), and the Origin was checked above.
  app.post(SESSION_PATH, async (request, reply) => {
    if (tokenUsed || !sameSecret(request.headers[LINK_HEADER], options.token)) return refuse(request, reply, 401, NO_SESSION);
    tokenUsed = true;
    const answer: SessionAnswer = { secret: options.session };
    return reply.header('cache-control', 'no-store').send(answer);
  });
  // Whether the page's secret still holds (the hook answered 401 if not): a page opened from a bookmark, reloaded,
  // or kept from an earlier run of serve on the same port asks before it shows anything.
  app.get(SESSION_PATH, (_request, reply) => reply.send({}));

  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(SECURITY_HEADERS);
    // The API's answers (a check's rows, its mapping file, the history) are never kept by a browser's or a proxy's cache.
    if ((request.url.startsWith('/api/') || linkPages.has(request)) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
  done();
};

export const securityRules = fp(securityPlugin, { name: 'factura-security', fastify: '5.x' });
