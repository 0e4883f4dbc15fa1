import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import type { RunSummary } from '../index.js';
import { messageWithoutPlace } from '../index.js';
import { INVOICE_STATUSES, inUserTerms, problemCounts } from '../index.js';
import { attachment } from './attachment.js';
import { busyRefusal } from './busy-refusal.js';
import type { CheckProgressHub } from './check-progress-hub.js';
import { offeredFiles } from './check-files.js';
import { downloadName } from './download-name.js';
import { checkTerms } from './check-terms.js';
import { SECURITY_HEADERS } from './security-plugin.js';
import type { CheckDeps } from './run-check.js';
import { pageStatusLabel } from './page-status-label.js';
import { runCheck } from './run-check.js';
import type { StoredPreview } from './sheet-preview-view.js';
import { confirmedMapping } from './confirmed-mapping.js';
import { storedGridWidth } from './grid-width.js';
import { previewForBrowser, previewWithMapping } from './sheet-preview-view.js';
import type { CheckProgress, CheckView, ProblemGroup, ProblemItem } from './workspace-api.js';
import type { CheckRecord, WorkspaceStore } from './workspace-store.js';

export interface CheckRouteOptions extends CheckDeps {
  readonly store: WorkspaceStore;
  readonly hub: CheckProgressHub;
  /** Checks started and not yet finished (the server waits for them when it closes). */
  readonly running: Set<Promise<unknown>>;
  /** The checks being sent now, each with the stop of its submission (see submit-routes). */
  readonly sending: ReadonlyMap<string, AbortController>;
  /** How a check runs (default: runCheck); the workspace's also records columns and applies the remembered value maps. */
  readonly run?: (checkId: string, mapping: Readonly<Record<string, string>> | undefined) => Promise<void>;
}

const RunBody = z
  .object({ mapping: z.record(z.string().max(100), z.string().max(500)).optional(), tipoRegistro: z.literal('PRECIOS_CON_IGV').optional() })
  .strict();
const Params = z.object({ id: z.string().uuid() });
const GroupQuery = z.object({ code: z.string().max(100), severity: z.enum(['error', 'warning']), column: z.string().max(500) });

/**
 * The library's RunSummary as stored (JSON), with what the check adds beside it (run-check.ts:
 * `issuedBefore`); read defensively, an older row may lack a field.
 */
type StoredSummary = Partial<Pick<RunSummary, 'invoices' | 'byStatus' | 'totals' | 'problems' | 'problemGroups' | 'byIssuer'>> & {
  readonly issuedBefore?: number;
  readonly toSendWarned?: { readonly invoices?: number; readonly lateIssueDates?: number };
  readonly toSendTotals?: CheckView['totals'];
  readonly service?: string;
};

/**
 * How many errors or warnings the check found, as «Problemas encontrados» lists them: the sheet's
 * notes and the rows of no invoice too (problemCounts, as RunSummary.problems now is). A summary
 * stored before the groups were kept counts the invoices' alone.
 */
function problemCount(s: StoredSummary, severity: 'error' | 'warning'): number {
  if (s.problemGroups === undefined) return (severity === 'error' ? s.problems?.errors : s.problems?.warnings) ?? 0;
  return problemCounts(s.problemGroups)[severity === 'error' ? 'errors' : 'warnings'];
}

/**
 * «Problemas encontrados»: the run's own grouping (RunSummary.problemGroups, as the CLI prints it),
 * stored with the summary. A group's «Ir a la fila» goes to a row of the grid, which starts below the
 * header: a note about the header row (title rows skipped above it) has no row to go to, and no link.
 */
export function problemGroupsView(check: CheckRecord): ProblemGroup[] {
  const groups = (check.summary as StoredSummary | undefined)?.problemGroups ?? [];
  const headerRow = (check.preview as StoredPreview | undefined)?.headerRow ?? 0;
  return groups.map((g) => {
    const firstRow = g.rows.find((row) => row > headerRow);
    return {
      code: g.code,
      severity: g.severity,
      column: g.column ?? '',
      ...(g.letter !== undefined ? { letter: g.letter } : {}),
      count: g.occurrences,
      invoices: g.invoices,
      ...(firstRow !== undefined ? { firstRow } : {}),
      // The run speaks the workspace's terms; a check stored before it did is read in them too.
      example: inUserTerms({ es: g.example, en: g.example }, checkTerms(check)).es,
      ...(g.exampleRow !== undefined ? { exampleRow: g.exampleRow } : {}),
      ...(g.values !== undefined ? { values: g.values } : {}),
      ...(g.moreValues === true ? { moreValues: true } : {}),
    };
  });
}

export function checkView(c: CheckRecord, editedCells = 0, sending = false): CheckView {
  const s = (c.summary ?? {}) as StoredSummary;
  const offered = offeredFiles(c);
  const counted = (by: Partial<Record<string, number>> | undefined): CheckView['byStatus'] =>
    INVOICE_STATUSES.map((status) => ({ status, label: pageStatusLabel(status), count: by?.[status] ?? 0 })).filter((x) => x.count > 0);
  const byStatus = counted(s.byStatus);
  const columns = Array.isArray(c.gridColumns) ? (c.gridColumns as CheckView['gridColumns']) : [];
  const shown = Math.min(storedGridWidth(c.summary) ?? columns.length, columns.length);
  return {
    id: c.id,
    fileName: c.fileName,
    createdAt: c.createdAt,
    state: c.state,
    rowsRead: c.rowsRead,
    invoices: s.invoices ?? 0,
    byStatus,
    byIssuer: (s.byIssuer ?? []).map((i) => ({ ruc: i.ruc, invoices: i.invoices, byStatus: counted(i.byStatus) })),
    totals: (s.totals ?? []).map((t) => ({ moneda: t.moneda, invoices: t.invoices, base: t.base, igv: t.igv, total: t.total })),
    ...(Array.isArray(s.toSendTotals) ? { toSendTotals: s.toSendTotals } : {}),
    errors: problemCount(s, 'error'),
    warnings: problemCount(s, 'warning'),
    errorRows: c.errorRows,
    gridColumns: shown === columns.length ? columns : columns.slice(0, shown),
    columnsNotShown: columns.length - shown,
    hasResults: offered.results,
    hasFixFile: offered.fix,
    hasMapping: (c.preview as StoredPreview | undefined)?.mapping !== undefined,
    previewed: c.preview !== undefined,
    ...(c.failure !== undefined ? { failure: c.failure.es } : {}),
    sendCut: c.sendCut,
    editedCells,
    editsPending: c.editsVersion !== c.checkedVersion,
    sending,
    issuedBefore: s.issuedBefore ?? 0,
    withWarnings: s.toSendWarned?.invoices ?? 0,
    lateIssueDates: s.toSendWarned?.lateIssueDates ?? 0,
    ...(typeof s.service === 'string' ? { service: s.service } : {}),
    // Every run since keeps its service ('' for none): a finished check without one is an earlier version's.
    ...(c.state === 'done' && c.summary !== undefined && typeof s.service !== 'string' ? { byEarlierVersion: true as const } : {}),
  };
}

const NOT_FOUND = { error: 'No se encontró esa revisión en el espacio de trabajo.' };
/** A check being sent, or checked, is refused with its own code: the page that asked (another tab's, say) keeps its review and says why. */
const SENDING = busyRefusal('check', true);
const RUNNING = busyRefusal('check', false);

/** Checks: start one over an upload, list them (history), one's summary, its live progress, its problem groups. */
export const checkRoutes: FastifyPluginCallback<CheckRouteOptions> = (app, options, done) => {
  const { store, hub } = options;

  app.post('/api/checks/:id/run', async (request, reply) => {
    const params = Params.safeParse(request.params);
    const body = RunBody.safeParse(request.body ?? {});
    if (!params.success) return reply.code(404).send(NOT_FOUND);
    if (!body.success) return reply.code(400).send({ error: 'La asignación de columnas no es válida.' });
    const check = store.getCheck(params.data.id);
    if (check === undefined) return reply.code(404).send(NOT_FOUND);
    // Its submission runs, whatever the database says of its state (another program may have written it): a check now would rewrite it under the submission.
    // Asked first: a check being sent is «running» too, and «ya se está revisando» would not tell the page it is being sent.
    if (options.sending.has(check.id)) return reply.code(409).send(SENDING);
    if (check.state === 'running') return reply.code(409).send(RUNNING);
    const preview = check.preview as StoredPreview | undefined;
    // A mapping confirmed now is kept as a mapping file, its IGV choice in it; a rerun keeps the one it ran with.
    const chosen = body.data.mapping === undefined ? undefined : confirmedMapping(body.data.mapping, body.data.tipoRegistro !== undefined);
    if (chosen !== undefined && preview !== undefined) {
      // Remembered for these headers only once it reads the sheet: a mapping that cannot would be offered again at every upload.
      const mapped = await previewWithMapping(check.storedPath, preview.chosenSheet === undefined ? {} : { sheet: preview.chosenSheet }, chosen);
      if (mapped.refusal !== undefined) return reply.code(400).send({ error: inUserTerms(mapped.refusal, checkTerms(check)).es });
      if (mapped.preview.header !== undefined) store.rememberMapping(preview.signature, chosen, new Date().toISOString());
      // Another «Revisar» may have started while the mapping was tried, or the check been removed: from here to the run's start nothing waits.
      const now = store.getCheck(check.id);
      if (now === undefined) return reply.code(404).send(NOT_FOUND);
      if (options.sending.has(check.id)) return reply.code(409).send(SENDING);
      if (now.state === 'running') return reply.code(409).send(RUNNING);
    }
    const mapping = chosen ?? preview?.mapping;
    if (preview !== undefined && mapping !== undefined) store.setPreview(check.id, { ...preview, mapping });
    const run = options.run !== undefined ? options.run(check.id, mapping) : runCheck(options, check.id, mapping);
    options.running.add(run);
    void run.finally(() => options.running.delete(run));
    return reply.code(202).send(checkView(store.getCheck(check.id) ?? check, store.countEditedCells(check.id)));
  });

  app.get('/api/checks', (_request, reply) => {
    const checks = store.listChecks(50);
    const edited = store.countEditedCellsOf(checks.map((c) => c.id));
    return reply.send(checks.map((c) => checkView(c, edited.get(c.id) ?? 0, options.sending.has(c.id))));
  });

  app.get('/api/checks/:id', async (request, reply) => {
    const params = Params.safeParse(request.params);
    const check = params.success ? store.getCheck(params.data.id) : undefined;
    return check === undefined ? reply.code(404).send(NOT_FOUND) : checkView(check, store.countEditedCells(check.id), options.sending.has(check.id));
  });

  app.get('/api/checks/:id/preview', (request, reply) => {
    const params = Params.safeParse(request.params);
    const preview = params.success ? (store.getCheck(params.data.id)?.preview as StoredPreview | undefined) : undefined;
    return preview === undefined ? reply.code(404).send(NOT_FOUND) : reply.send(previewForBrowser(preview));
  });

  // The column mapping the check ran with, as the command line's --map file (with its IGV choice).
  app.get('/api/checks/:id/mapping', (request, reply) => {
    const params = Params.safeParse(request.params);
    const check = params.success ? store.getCheck(params.data.id) : undefined;
    const file = (check?.preview as StoredPreview | undefined)?.mapping;
    if (check === undefined || file === undefined) return reply.code(404).send({ error: 'Esta revisión no usó una asignación de columnas.' });
    return reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', attachment(downloadName(check.fileName, 'columnas.json')))
      .send(`${JSON.stringify(file, null, 2)}\n`);
  });

  app.get('/api/checks/:id/problems', async (request, reply): Promise<ProblemGroup[] | undefined> => {
    const params = Params.safeParse(request.params);
    const check = params.success ? store.getCheck(params.data.id) : undefined;
    if (check === undefined) return reply.code(404).send(NOT_FOUND);
    return problemGroupsView(check);
  });

  app.get('/api/checks/:id/problems/items', async (request, reply): Promise<ProblemItem[] | undefined> => {
    const params = Params.safeParse(request.params);
    const query = GroupQuery.safeParse(request.query);
    if (!params.success || !query.success) return reply.code(404).send(NOT_FOUND);
    return store.problemsOfGroup(params.data.id, { code: query.data.code, severity: query.data.severity, header: query.data.column }, 50).map((p) => ({
      ...(p.row !== undefined ? { row: p.row } : {}),
      ...(p.value !== undefined ? { value: p.value } : {}),
      // The page says the row before it, and the group names the column: the message without its place («Fila 6, Tipo: »), not twice.
      message: p.row !== undefined ? messageWithoutPlace(p.message.es) : p.message.es,
    }));
  });

  // Live progress as server-sent events; the stream ends with `done` or `failed`.
  app.get('/api/checks/:id/events', async (request, reply) => {
    const params = Params.safeParse(request.params);
    const check = params.success ? store.getCheck(params.data.id) : undefined;
    if (check === undefined) return reply.code(404).send(NOT_FOUND);
    reply.hijack();
    const res = reply.raw;
    // Hijacked, the answer skips the onSend hook: the security headers are written here.
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    const send = (e: CheckProgress): void => void res.write(`data: ${JSON.stringify(e)}\n\n`);
    if (check.state === 'done' || check.state === 'failed') {
      send(check.state === 'done' ? { type: 'done' } : { type: 'failed', message: check.failure?.es ?? '' });
      res.end();
      return;
    }
    let ended = false;
    const unsubscribe = hub.subscribe(check.id, (e) => {
      if (ended) return;
      send(e);
      if (e.type !== 'progress') {
        ended = true;
        res.end();
      }
    });
    if (ended) unsubscribe();
    res.on('close', unsubscribe);
  });
  done();
};
