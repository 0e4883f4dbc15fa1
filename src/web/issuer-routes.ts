import { Decimal } from 'decimal.js';
import type { FastifyPluginCallback } from 'fastify';
import pLimit from 'p-limit';
import { z } from 'zod';
import type { CurrencyTotals, RunSummary } from '../index.js';
import { FacturaError } from '../index.js';
import { loginRefusal } from './login-refusal.js';
import type { IssuerAccess } from './issuer-access.js';
import type { CredentialsAnswer, IssuerToSend, SendPlan } from './workspace-api.js';
import { STATUSES_ISSUED, STATUSES_TO_SEND } from './workspace-api.js';
import type { CheckRecord, WorkspaceStore } from './workspace-store.js';

const Params = z.object({ id: z.string().uuid() });
const CredentialsBody = z
  .object({
    ruc: z
      .string()
      .trim()
      .regex(/^\d{11}$/),
    mail: z.string().trim().min(3).max(320),
    clave: z.string().min(1).max(500),
    asDefault: z.boolean(),
  })
  .strict();

const INVALID = ['INVALID', 'REJECTED'];
/** Login checks at once, for a sheet of many companies. */
const LOGIN_CHECKS = 4;

type StoredSummary = Partial<Pick<RunSummary, 'invoices' | 'byStatus' | 'totals' | 'byIssuer'>> & {
  /** run-check.ts: valid invoices the journal shows as issued already (SKIPPED in byStatus), by issuer RUC. */
  readonly issuedBeforeByIssuer?: Readonly<Record<string, number>>;
};
type Counts = Readonly<Record<string, number>>;

const count = (byStatus: Counts, statuses: readonly string[]): number => statuses.reduce((n, s) => n + (byStatus[s] ?? 0), 0);

/** `a` + sign × each of `parts`, by status. */
function addCounts(a: Counts, parts: readonly Counts[], sign: 1 | -1): Record<string, number> {
  const out: Record<string, number> = { ...a };
  for (const p of parts) for (const [s, n] of Object.entries(p)) out[s] = (out[s] ?? 0) + sign * n;
  return out;
}

/** `a` + sign × each of `parts`, by currency, to the cent (decimal.js); currencies left without invoices are dropped. */
function addTotals(a: readonly CurrencyTotals[], parts: readonly (readonly CurrencyTotals[])[], sign: 1 | -1): CurrencyTotals[] {
  const currencies = [...new Set([...a, ...parts.flat()].map((t) => t.moneda))].sort();
  return currencies
    .map((moneda) => {
      const mine = a.filter((t) => t.moneda === moneda);
      const others = parts.flat().filter((t) => t.moneda === moneda);
      const sum = (k: 'base' | 'igv' | 'total'): string =>
        others
          .reduce(
            (d, t) => d.plus(new Decimal(t[k]).times(sign)),
            mine.reduce((d, t) => d.plus(t[k]), new Decimal(0)),
          )
          .toFixed(2);
      const invoices = others.reduce(
        (n, t) => n + sign * t.invoices,
        mine.reduce((n, t) => n + t.invoices, 0),
      );
      return { moneda, invoices, base: sum('base'), igv: sum('igv'), total: sum('total') };
    })
    .filter((t) => t.invoices > 0);
}

/**
 * The issuers of a checked sheet with what each would send, from the check's stored summary: one
 * entry per RUC the run counted, plus the invoices without one (a dry run does not know the default
 * issuer), which belong to the default issuer. No login here.
 */
export function issuersOfCheck(check: CheckRecord, access: IssuerAccess): IssuerToSend[] {
  const s = (check.summary ?? {}) as StoredSummary;
  const byIssuer = s.byIssuer ?? [];
  const defaultRuc = access.defaultRuc();
  const entry = (ruc: string | undefined, byStatus: Counts, invoices: number, totals: readonly CurrencyTotals[]): IssuerToSend => {
    // '': those a check counted before any issuer was known (run-check.ts): the default issuer's, however it is known now.
    const issued = s.issuedBeforeByIssuer ?? {};
    const issuedBefore = (issued[ruc ?? ''] ?? 0) + (ruc !== undefined && ruc === defaultRuc ? (issued[''] ?? 0) : 0);
    return {
      ...(ruc !== undefined ? { ruc } : {}),
      invoices,
      // Those issued before are SKIPPED, not among the statuses to send: nothing to take away.
      toSend: count(byStatus, STATUSES_TO_SEND),
      accepted: count(byStatus, STATUSES_ISSUED),
      issuedBefore,
      invalid: count(byStatus, INVALID),
      totals: totals.map((t) => ({ moneda: t.moneda, invoices: t.invoices, base: t.base, igv: t.igv, total: t.total })),
      access: access.sourceOf(ruc),
      isDefault: ruc === undefined || ruc === defaultRuc,
    };
  };
  const issuers = byIssuer.map((i) => entry(i.ruc, i.byStatus, i.invoices, i.totals));
  const rest = (s.invoices ?? 0) - byIssuer.reduce((n, i) => n + i.invoices, 0);
  if (rest > 0) {
    // The invoices without «RUC emisor»: the whole run minus every issuer counted by RUC.
    const parts = byIssuer.map((i) => i.byStatus);
    const byStatus = addCounts(s.byStatus ?? {}, parts, -1);
    const totals = addTotals(
      s.totals ?? [],
      byIssuer.map((i) => i.totals),
      -1,
    );
    const at = byIssuer.findIndex((i) => i.ruc === defaultRuc);
    const own = byIssuer[at];
    if (own === undefined) issuers.push(entry(defaultRuc, byStatus, rest, totals));
    else issuers[at] = entry(own.ruc, addCounts(own.byStatus, [byStatus], 1), own.invoices + rest, addTotals(own.totals, [totals], 1));
  }
  return issuers.filter((i) => i.invoices > 0);
}

const NOT_FOUND = { error: 'No se encontró esa revisión en el espacio de trabajo.' };

/**
 * The issuers of a sheet for the «Enviar» confirmation (GET /api/checks/:id/issuers: each with its
 * invoices, totals, legal name from a login check and whether its login is known), and the login
 * typed in the page for an issuer without one (POST /api/credentials), checked with the service and
 * then held in the server's memory only.
 */
export const issuerRoutes: FastifyPluginCallback<{ readonly store: WorkspaceStore; readonly access: IssuerAccess }> = (app, { store, access }, done) => {
  app.get('/api/checks/:id/issuers', async (request, reply): Promise<SendPlan | undefined> => {
    const params = Params.safeParse(request.params);
    const check = params.success ? store.getCheck(params.data.id) : undefined;
    if (check === undefined) return reply.code(404).send(NOT_FOUND);
    const limit = pLimit(LOGIN_CHECKS);
    const issuers = await Promise.all(
      issuersOfCheck(check, access).map((i) =>
        limit(async (): Promise<IssuerToSend> => {
          const login = i.ruc === undefined ? undefined : access.loginOf(i.ruc);
          if (login === undefined) return i;
          try {
            const l = await login;
            return { ...i, ...(l.razonSocial !== undefined ? { razonSocial: l.razonSocial } : {}) };
          } catch (err) {
            return { ...i, loginProblem: loginRefusal(err, access.sourceOf(i.ruc)) };
          }
        }),
      ),
    );
    return { environment: access.service.environment, hasIssuerColumn: store.checkColumns(check.id).has('emisorRuc'), issuers };
  });

  app.post('/api/credentials', async (request, reply): Promise<CredentialsAnswer | undefined> => {
    const body = CredentialsBody.safeParse(request.body);
    // The body holds a password: no message quotes it, and nothing of it is logged.
    if (!body.success) return reply.code(400).send({ error: 'Indique el RUC (11 dígitos), el correo y la clave del emisor.' });
    const { ruc, mail, clave, asDefault } = body.data;
    try {
      const login = await access.verifyAndHold(ruc, { mail, clave }, asDefault);
      return { ruc, ...(login.razonSocial !== undefined ? { razonSocial: login.razonSocial } : {}) };
    } catch (err) {
      if (!(err instanceof FacturaError)) throw err;
      return reply.code(422).send({ error: `El servicio no aceptó el acceso del emisor ${ruc}: ${loginRefusal(err, 'memoria')}` });
    }
  });
  done();
};
