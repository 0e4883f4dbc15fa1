import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import { checkLogin, FacturaError, submitSheet } from '../index.js';
import type { IssuerCredentials, ServiceOptions } from '../index.js';
import { checkView } from './check-routes.js';
import type { CheckDeps } from './run-check.js';
import { runCheck } from './run-check.js';
import type { StoredPreview } from './sheet-preview-view.js';
import type { ServiceView } from './workspace-api.js';
import type { WorkspaceStore } from './workspace-store.js';

/** Where the workspace sends: the service the environment names, or the sandbox `serve --sandbox` started. */
export interface WorkspaceService extends Pick<ServiceOptions, 'authUrl' | 'baseUrl'> {
  /** The default issuer's login (FACTURA_RUC/MAIL/CLAVE, or the sandbox's account). */
  readonly credentials?: ServiceOptions['credentials'];
  /** The logins of the issuers a sheet's emisorRuc column names, by RUC (as `submit` reads them). */
  readonly issuerCredentials?: Readonly<Record<string, IssuerCredentials>>;
  /** How the confirmation names where the invoices go (in Spanish). */
  readonly environment: string;
}

export interface SubmitRouteOptions extends CheckDeps {
  readonly store: WorkspaceStore;
  readonly running: Set<Promise<void>>;
  readonly service?: WorkspaceService;
  /** The checks being sent now, each with its stop; shared with the check routes, which tell the page. */
  readonly sending: Map<string, AbortController>;
}

const Params = z.object({ id: z.string().uuid() });
const NOT_FOUND = { error: 'No se encontró esa revisión en el espacio de trabajo.' };

/**
 * Sending from the page: POST /api/checks/:id/submit runs the library's submitSheet over the
 * uploaded sheet with the edits, through the same streaming into the store as a check (the grid and
 * the summary then show each invoice's answer), with the CLI's journal and lock beside the sheet;
 * POST /api/checks/:id/stop is Ctrl-C (what is in flight finishes, journal and results are written);
 * sending again resumes, skipping what the journal shows as accepted.
 */
export const submitRoutes: FastifyPluginCallback<SubmitRouteOptions> = (app, options, done) => {
  const { store, service } = options;
  const stops = options.sending;

  // One login check per process, for the confirmation's issuer (RUC and legal name); a failure is said and tried again next time.
  let login: Promise<{ razonSocial?: string }> | undefined;
  app.get('/api/service', async (): Promise<ServiceView> => {
    if (service === undefined) return { available: false };
    const credentials = service.credentials;
    // Only per-issuer logins: the sheet's emisorRuc column decides who logs in; no one issuer to name.
    if (credentials === undefined) return { available: true, environment: service.environment };
    const base = { available: true, environment: service.environment, ruc: credentials.ruc } as const;
    login ??= checkLogin({ credentials, authUrl: service.authUrl, baseUrl: service.baseUrl });
    try {
      const l = await login;
      return { ...base, ...(l.razonSocial !== undefined ? { razonSocial: l.razonSocial } : {}) };
    } catch (err) {
      login = undefined;
      const problem = err instanceof FacturaError ? err.text.es : `No se pudo iniciar sesión en el servicio: ${String(err)}`;
      return { ...base, problem };
    }
  });

  app.post('/api/checks/:id/submit', async (request, reply) => {
    const params = Params.safeParse(request.params);
    const check = params.success ? store.getCheck(params.data.id) : undefined;
    if (check === undefined) return reply.code(404).send(NOT_FOUND);
    if (service === undefined) {
      return reply.code(409).send({
        error:
          'No hay un servicio configurado: inicie «factura-import serve --sandbox» para probar, o defina FACTURA_RUC, FACTURA_MAIL, FACTURA_CLAVE, FACTURA_AUTH_URL y FACTURA_BASE_URL.',
      });
    }
    if (check.state === 'running') return reply.code(409).send({ error: 'Esta hoja ya se está revisando o enviando.' });
    if (check.state !== 'done') return reply.code(409).send({ error: 'Revise la hoja antes de enviarla.' });
    if (check.editsVersion !== check.checkedVersion) return reply.code(409).send({ error: 'Hay cambios sin revalidar: pulse «Revalidar» antes de enviar.' });
    const controller = new AbortController();
    stops.set(check.id, controller);
    const mapping = (check.preview as StoredPreview | undefined)?.mapping;
    const run = runCheck(options, check.id, mapping, (path, o) =>
      submitSheet(path, {
        ...o,
        ...(service.credentials !== undefined ? { credentials: service.credentials } : {}),
        ...(service.issuerCredentials !== undefined ? { issuerCredentials: service.issuerCredentials } : {}),
        authUrl: service.authUrl,
        baseUrl: service.baseUrl,
        signal: controller.signal,
        runLabel: 'factura-import serve (espacio de trabajo)',
      }),
    );
    options.running.add(run);
    void run.finally(() => {
      options.running.delete(run);
      stops.delete(check.id);
    });
    return reply.code(202).send(checkView(store.getCheck(check.id) ?? check, store.countEditedCells(check.id), true));
  });

  app.post('/api/checks/:id/stop', async (request, reply) => {
    const params = Params.safeParse(request.params);
    const stop = params.success ? stops.get(params.data.id) : undefined;
    if (stop === undefined) return reply.code(409).send({ error: 'Esta hoja no se está enviando.' });
    stop.abort();
    return reply.code(202).send({ stopping: true });
  });

  // The server closing (Ctrl-C on serve) stops every submission as Ctrl-C stops the CLI's.
  app.addHook('onClose', (_instance, closed) => {
    for (const stop of stops.values()) stop.abort();
    closed();
  });
  done();
};
