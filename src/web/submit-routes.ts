import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import type { RunSummary } from '../index.js';
import { INVOICE_STATUSES, submitSheet, WORKSPACE_RUN_LABEL } from '../index.js';
import { busyRefusal } from './busy-refusal.js';
import { checkView } from './check-routes.js';
import { loginRefusal } from './login-refusal.js';
import type { CheckFiles } from './check-files.js';
import type { IssuerAccess } from './issuer-access.js';
import { issuersOfCheck } from './issuer-routes.js';
import type { CheckDeps } from './run-check.js';
import { pageStatusLabel } from './page-status-label.js';
import { runCheck } from './run-check.js';
import type { StoredPreview } from './sheet-preview-view.js';
import { recordingColumns } from './value-map-check.js';
import type { ServiceView, SubmissionView } from './workspace-api.js';
import type { WorkspaceStore } from './workspace-store.js';

export type { WorkspaceService } from './issuer-access.js';

export interface SubmitRouteOptions extends CheckDeps {
  readonly store: WorkspaceStore;
  /** The workspace's one journal (workspace-journal.ts): every submission writes there, one at a time. */
  readonly journal: string;
  readonly running: Set<Promise<unknown>>;
  /** The service and the logins (configured, or typed in the page); absent: no service configured. */
  readonly access?: IssuerAccess;
  /** The checks being sent now, each with its stop; shared with the check routes, which tell the page. */
  readonly sending: Map<string, AbortController>;
  /** The check's workbooks written at download (a submission waits for them). */
  readonly files?: CheckFiles;
}

const Params = z.object({ id: z.string().uuid() });
const SubmitBody = z
  .object({
    issuer: z
      .string()
      .regex(/^\d{11}$/)
      .optional(),
  })
  .strict();
const NOT_FOUND = { error: 'No se encontró esa revisión en el espacio de trabajo.' };

/**
 * Sending from the page: POST /api/checks/:id/submit runs the library's submitSheet over the
 * uploaded sheet with the edits, through the same streaming into the store as a check (the grid and
 * the summary then show each invoice's answer), with the workspace's one journal and its lock;
 * POST /api/checks/:id/stop is Ctrl-C (what is in flight finishes, journal and results are written);
 * sending again resumes, skipping what the journal shows as accepted.
 */
export const submitRoutes: FastifyPluginCallback<SubmitRouteOptions> = (app, options, done) => {
  const { store, access } = options;
  const service = access?.service;
  const stops = options.sending;

  // The default issuer's login check (RUC and legal name); a failure is said and tried again next time.
  app.get('/api/service', async (): Promise<ServiceView> => {
    if (access === undefined || service === undefined) return { available: false };
    const ruc = access.defaultRuc();
    const login = ruc === undefined ? undefined : access.loginOf(ruc);
    // No default login: the sheet's emisorRuc column (or the page) decides who logs in.
    // The service as the workspace's journal names it (workspace-server.ts made it with the service).
    const where = { available: true, environment: service.environment, journalService: options.journalService ?? '' } as const;
    if (ruc === undefined || login === undefined) return where;
    const base = { ...where, ruc } as const;
    try {
      const l = await login;
      return { ...base, ...(l.razonSocial !== undefined ? { razonSocial: l.razonSocial } : {}) };
    } catch (err) {
      const problem = loginRefusal(err, access.sourceOf(ruc));
      return { ...base, problem };
    }
  });

  // The last submission of each check, for the history.
  app.get('/api/submissions', (_request, reply) =>
    reply.send(
      [...store.latestSubmissions().values()].map(
        (s) =>
          ({
            checkId: s.checkId,
            startedAt: s.startedAt,
            ...(s.finishedAt !== undefined ? { finishedAt: s.finishedAt } : {}),
            environment: s.environment,
            ...(s.issuer !== undefined ? { issuer: s.issuer } : {}),
            byStatus: INVOICE_STATUSES.map((status) => ({ status, label: pageStatusLabel(status), count: s.byStatus?.[status] ?? 0 })).filter(
              (x) => x.count > 0,
            ),
            interrupted: s.interrupted,
            ...(s.failure !== undefined ? { failure: s.failure } : {}),
          }) satisfies SubmissionView,
      ),
    ),
  );

  /** The workspace's journal takes one submission at a time: what to say while another sheet is being sent. */
  const otherSending = (checkId: string): string | undefined => {
    const other = [...stops.keys()].find((id) => id !== checkId);
    if (other === undefined) return undefined;
    const name = store.getCheck(other)?.fileName;
    return `Se está enviando otra hoja${name !== undefined ? ` («${name}»)` : ''}: espere a que termine, o deténgala, y pulse «Enviar» de nuevo. Los envíos van de uno en uno para que ninguna factura se envíe dos veces.`;
  };

  app.post('/api/checks/:id/submit', async (request, reply) => {
    const params = Params.safeParse(request.params);
    const check = params.success ? store.getCheck(params.data.id) : undefined;
    if (check === undefined) return reply.code(404).send(NOT_FOUND);
    if (access === undefined || service === undefined) {
      return reply.code(409).send({
        error:
          'No hay un servicio configurado: inicie «factura-import serve --sandbox» para probar, o defina FACTURA_AUTH_URL y FACTURA_BASE_URL (y las credenciales FACTURA_*, o indíquelas en la página).',
      });
    }
    const body = SubmitBody.safeParse(request.body ?? {});
    if (!body.success) return reply.code(400).send({ error: 'Indique el RUC del emisor a enviar (11 dígitos), o ninguno para enviar todos.' });
    // Being sent or checked (from another tab, say): refused with the code the page keeps its review on, saying why.
    if (stops.has(check.id) || check.state === 'running') return reply.code(409).send(busyRefusal('submit', stops.has(check.id)));
    const other = otherSending(check.id);
    if (other !== undefined) return reply.code(409).send({ error: other });
    if (check.state !== 'done') return reply.code(409).send({ error: 'Revise la hoja antes de enviarla.' });
    if (check.editsVersion !== check.checkedVersion) return reply.code(409).send({ error: 'Hay cambios sin revalidar: pulse «Revalidar» antes de enviar.' });
    const only = body.data.issuer;
    // Checked here, before the run starts: the library would refuse too, but the check's rows would be gone by then.
    const lacking = issuersOfCheck(check, access).filter((i) => i.toSend > 0 && i.access === 'falta' && (only === undefined || i.ruc === only));
    if (lacking.length > 0) {
      const named = lacking.map((i) => (i.ruc === undefined ? 'las facturas sin RUC emisor' : `RUC ${i.ruc}`)).join(', ');
      return reply.code(409).send({ error: `Falta el acceso (correo y clave) de ${named}: indíquelo en la confirmación de «Enviar». No se envió nada.` });
    }
    // Every issuer that would send refused at login: the library would end the run before sending (and the
    // check's rows would be read again for nothing); said here instead, with the service's words.
    const going = issuersOfCheck(check, access).filter((i) => i.toSend > 0 && i.ruc !== undefined && (only === undefined || i.ruc === only));
    const refusals = await Promise.all(
      going.map(async (i) => {
        try {
          await access.loginOf(i.ruc as string);
          return undefined;
        } catch (err) {
          return `RUC ${i.ruc as string}: ${loginRefusal(err, access.sourceOf(i.ruc))}`;
        }
      }),
    );
    if (going.length > 0 && refusals.every((r) => r !== undefined)) {
      return reply.code(409).send({ error: `El servicio no aceptó el acceso (${refusals.join(' · ')}). No se envió nada.` });
    }
    // A download may be writing the check's workbooks: the submission writes the same files.
    await options.files?.settled(check.id);
    // The logins (and the download) were awaited: another «Confirmar envío» may have started meanwhile.
    const now = store.getCheck(check.id);
    if (stops.has(check.id) || now?.state === 'running') return reply.code(409).send(busyRefusal('submit', stops.has(check.id)));
    if (now?.state !== 'done') return reply.code(409).send({ error: 'Revise la hoja antes de enviarla.' });
    const meanwhile = otherSending(check.id);
    if (meanwhile !== undefined) return reply.code(409).send({ error: meanwhile });
    const controller = new AbortController();
    stops.set(check.id, controller);
    const mapping = (check.preview as StoredPreview | undefined)?.mapping;
    const submission = store.startSubmission({
      checkId: check.id,
      at: new Date().toISOString(),
      environment: service.environment,
      ...(only !== undefined ? { issuer: only } : {}),
    });
    const logins = access.logins();
    const library = recordingColumns(store, check.id, (path, o) =>
      submitSheet(path, {
        ...o,
        ...logins,
        ...(only !== undefined ? { onlyIssuer: only } : {}),
        authUrl: service.authUrl,
        baseUrl: service.baseUrl,
        ...(service.journalService !== undefined ? { journalService: service.journalService } : {}),
        ...(service.valueNames !== undefined ? { valueNames: service.valueNames } : {}),
        signal: controller.signal,
        journal: options.journal,
        runLabel: WORKSPACE_RUN_LABEL,
      }),
    );
    const run = runCheck(options, check.id, mapping, library, 'submission').then((end) => {
      // Refused before its run started (another program sending with the journal, a login): it sent nothing, the check
      // says why beside «Enviar», and the history keeps telling the submission before (which may have sent every invoice).
      if (end === 'not-started') return store.withdrawSubmission(submission);
      const after = store.getCheck(check.id);
      const summary = after?.summary as Partial<RunSummary> | undefined;
      store.finishSubmission(submission, {
        at: new Date().toISOString(),
        ...(summary?.byStatus !== undefined ? { byStatus: summary.byStatus } : {}),
        interrupted: summary?.interrupted === true,
        // Failed, or ended before its run started (the check then stays done, with the failure said).
        ...(after?.failure !== undefined ? { failure: after.failure.es } : {}),
      });
    });
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
    if (stop === undefined) {
      // A check that is not there is not found (as on every other route); one that is, is not being sent.
      if (!params.success || store.getCheck(params.data.id) === undefined) return reply.code(404).send(NOT_FOUND);
      return reply.code(409).send({ error: 'Esta hoja no se está enviando.' });
    }
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
