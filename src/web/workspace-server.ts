import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import type { FastifyError } from 'fastify';
import type { Logger } from '../logger.js';
import { createCheckFiles } from './check-files.js';
import { checkRoutes } from './check-routes.js';
import { createCheckProgressHub } from './check-progress-hub.js';
import { answerClientError, answerFrameworkError } from './client-error-answer.js';
import { correctedSheetRoutes } from './corrected-sheet-routes.js';
import { downloadRoutes } from './download-routes.js';
import { editRoutes } from './edit-routes.js';
import { forgetCheckRoutes } from './forget-check-routes.js';
import { gridRoutes } from './grid-routes.js';
import { createIssuerAccess } from './issuer-access.js';
import { issuerRoutes } from './issuer-routes.js';
import { redactSecrets } from '../redact-secrets.js';
import type { LocalizedText } from '../index.js';
import { journalService } from '../index.js';
import { runCheckWithValueMaps } from './value-map-check.js';
import { valueMapRoutes } from './value-map-routes.js';
import type { ValidateSheet } from './run-check.js';
import { securityRules } from './security-plugin.js';
import type { WorkspaceService } from './submit-routes.js';
import { submitRoutes } from './submit-routes.js';
import { tooLargeMessage, uploadRoutes } from './upload-routes.js';
import { DEFAULT_MAX_UPLOAD_MB, DEFAULT_PORT } from './workspace-defaults.js';
import { isLoopbackHost, LOOPBACK_NAMES } from '../loopback-host.js';
import { workspaceJournal } from './workspace-journal.js';
import { lockWorkspace } from './workspace-lock.js';
import { openWorkspaceStore } from './workspace-store.js';

export interface WorkspaceServerOptions {
  /** The folder that holds the database, the uploads and the written workbooks. */
  readonly workspace: string;
  readonly host?: string;
  /** 0 = a free port. */
  readonly port?: number;
  readonly maxUploadMb?: number;
  /** The built front end (index.html and assets); default: the package's dist/web/app. */
  readonly assetsDir?: string;
  /** The check to run (default: the library's validateSheet). */
  readonly validate?: ValidateSheet;
  readonly logger?: Logger;
  /** Where «Enviar» sends; without it the page explains how to configure one. */
  readonly service?: WorkspaceService;
  /** Told what a person must know at the start (the lock of a `serve` that died taken over), besides the log. */
  readonly onNotice?: (text: LocalizedText) => void;
}

export interface WorkspaceServer {
  /** `http://HOST:PORT` */
  readonly origin: string;
  /** The URL to open once: `http://HOST:PORT/?t=TOKEN`. */
  readonly openUrl: string;
  readonly port: number;
  close(): Promise<void>;
}

/** The longest a request may take to arrive, the upload's body included. */
const REQUEST_TIMEOUT_MS = 10 * 60_000;

/** Every request body but the upload (which is streamed and capped on its own) stays under this. */
const JSON_BODY_LIMIT = 64 * 1024;

/** The package's built front end: dist/web/app, from src/web (tests) as from dist/web (installed). */
function defaultAssetsDir(): string {
  return join(fileURLToPath(new URL('../..', import.meta.url)), 'dist', 'web', 'app');
}

/** `[::1]`-style brackets for IPv6 literals in a Host header. */
function hostPart(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Starts the local web workspace: fastify with the security rules registered first, then one
 * plugin per area (uploads, checks, grid, edits, downloads) and the built front end.
 */
export async function startWorkspaceServer(options: WorkspaceServerOptions): Promise<WorkspaceServer> {
  // The workspace holds the customers' sales (uploads, results, the journal, the database): only its
  // owner may open it, whatever the umask made of it (a review found it 755, its files 644).
  await mkdir(options.workspace, { recursive: true, mode: 0o700 });
  await chmod(options.workspace, 0o700);
  // One server per folder, taken before the database is opened: a second `serve` (a double-click on the
  // launcher) would mark the first one's submission interrupted while it sends (abandonRunning below).
  const lock = await lockWorkspace(options.workspace, {
    ...(options.logger !== undefined ? { logger: options.logger } : {}),
    ...(options.onNotice !== undefined ? { onNotice: options.onNotice } : {}),
  });
  let server: WorkspaceServer;
  try {
    server = await serveWorkspace(options, () => lock.release());
  } catch (err) {
    await lock.release();
    throw err;
  }
  // A second `serve` on the folder is told where this one is (the address, not the one-time link); without it, only the PID.
  await lock.tellAddress(`${server.origin}/`).catch((err: unknown) => options.logger?.warn({ err, lock: lock.path }, 'workspace lock: address not recorded'));
  return server;
}

/** The server itself, once the workspace's lock is held; `release` lets it go once the server is closed. */
async function serveWorkspace(options: WorkspaceServerOptions, release: () => Promise<void>): Promise<WorkspaceServer> {
  const host = options.host ?? '127.0.0.1';
  const maxUploadMb = options.maxUploadMb ?? DEFAULT_MAX_UPLOAD_MB;
  const store = openWorkspaceStore(join(options.workspace, 'espacio-de-trabajo.sqlite'));
  const journal = await workspaceJournal(options.workspace, options.logger);
  // The sheet and the workspace's journal stay: the check is run again from them, and a
  // submission then sends the rest, never an invoice the journal has accepted.
  store.abandonRunning(
    {
      checking: {
        es: 'La revisión se interrumpió porque el programa se cerró. Pulse «Revisar de nuevo».',
        en: 'The check was interrupted because the program stopped. Press «Revisar de nuevo».',
      },
      sending: {
        es: 'El envío se interrumpió porque el programa se cerró. Pulse «Revisar de nuevo» y luego «Enviar» para enviar el resto: las facturas ya aceptadas no se envían dos veces.',
        en: 'The submission was interrupted because the program stopped. Press «Revisar de nuevo» and then «Enviar» to send the rest: the invoices already accepted are not sent twice.',
      },
    },
    new Date().toISOString(),
  );
  const hub = createCheckProgressHub();
  const running = new Set<Promise<unknown>>();
  const sending = new Map<string, AbortController>();
  const access = options.service !== undefined ? createIssuerAccess(options.service) : undefined;
  const defaultRuc = (): string | undefined => access?.defaultRuc();
  const token = randomBytes(24).toString('base64url');
  const session = randomBytes(32).toString('base64url');
  let allowed: ReadonlySet<string> = new Set();

  // requestTimeout bounds how long a request may take to arrive (not its answer: the live progress
  // streams for as long as a check runs); an upload of the largest sheet over loopback takes seconds.
  const app = Fastify({
    bodyLimit: JSON_BODY_LIMIT,
    logger: false,
    forceCloseConnections: true,
    return503OnClosing: true,
    requestTimeout: REQUEST_TIMEOUT_MS,
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  });
  await app.register(securityRules, { token, session, allowedHosts: () => allowed });
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const status = err.statusCode ?? 500;
    if (status === 413)
      return reply.code(413).send({ error: request.url.startsWith('/api/uploads') ? tooLargeMessage(maxUploadMb) : 'La solicitud es demasiado grande.' });
    if (status >= 400 && status < 500) return reply.code(status).send({ error: 'Solicitud no válida.' });
    // Passwords typed in the page are held in memory only: scrubbed from the log like the environment's.
    options.logger?.error({ err: redactSecrets(err, access?.secrets() ?? []) }, 'workspace request failed');
    return reply.code(500).send({ error: 'Error interno del espacio de trabajo. Vuelva a intentarlo; si sigue, revise la terminal.' });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'No existe esa dirección en el espacio de trabajo.' }));

  await app.register(uploadRoutes, { store, workspace: options.workspace, maxUploadMb });
  const sentTo = options.service !== undefined ? { journalService: journalService(options.service.baseUrl, options.service.journalService) } : {};
  const knownLogins = access !== undefined ? { knownLogins: () => access.knownLogins() } : {};
  const checkDeps = { store, hub, journal, defaultRuc, ...sentTo, ...knownLogins, ...(options.validate !== undefined ? { validate: options.validate } : {}) };
  const files = createCheckFiles(checkDeps);
  await app.register(checkRoutes, {
    ...checkDeps,
    running,
    sending,
    run: (checkId, mapping) => runCheckWithValueMaps(checkDeps, checkId, mapping, defaultRuc),
  });
  await app.register(gridRoutes, { store });
  await app.register(downloadRoutes, { store, files });
  await app.register(editRoutes, { store, defaultRuc });
  await app.register(valueMapRoutes, { store });
  if (access !== undefined) await app.register(issuerRoutes, { store, access });
  await app.register(correctedSheetRoutes, { store });
  await app.register(forgetCheckRoutes, { store, files, sending, workspace: options.workspace });
  await app.register(submitRoutes, {
    store,
    hub,
    journal,
    running,
    sending,
    files,
    defaultRuc,
    ...sentTo,
    ...(access !== undefined ? { access } : {}),
  });
  const assets = options.assetsDir ?? defaultAssetsDir();
  if (existsSync(join(assets, 'index.html'))) {
    await app.register(fastifyStatic, { root: assets, prefix: '/', index: 'index.html', cacheControl: false, serveDotFiles: false });
  } else {
    app.get('/', async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').send('Falta la interfaz del espacio de trabajo: ejecute «npm run build» y vuelva a iniciar el programa.'),
    );
  }

  try {
    await app.listen({ host, port: options.port ?? DEFAULT_PORT });
  } catch (err) {
    await app.close();
    store.close();
    throw err;
  }
  const port = (app.server.address() as AddressInfo).port;
  const names = isLoopbackHost(host) ? [...LOOPBACK_NAMES, hostPart(host)] : [hostPart(host)];
  allowed = new Set(names.map((n) => `${n}:${port}`));
  const origin = `http://${hostPart(host)}:${port}`;
  return {
    origin,
    openUrl: `${origin}/?t=${token}`,
    port,
    async close() {
      await app.close();
      await Promise.allSettled([...running]);
      store.close();
      await release();
    },
  };
}
