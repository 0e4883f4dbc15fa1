import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import { CANONICAL_COLUMN_LIST } from '../index.js';
import type { AppliedValueMaps, ValueMapView } from './workspace-api.js';
import type { ValueMapRecord } from './value-map-store.js';
import type { WorkspaceStore } from './workspace-store.js';

const LABELS = new Map(CANONICAL_COLUMN_LIST.map((c) => [c.name, c.label.es]));
const MAX_TEXT = 2000;
const Params = z.object({ id: z.string().uuid() });
const MapParams = z.object({ id: z.coerce.number().int().min(1) });
const RememberBody = z
  .object({
    column: z.string().refine((c) => LABELS.has(c)),
    from: z.string().min(1).max(MAX_TEXT),
    to: z.string().max(MAX_TEXT),
    issuers: z
      .array(z.string().regex(/^(\d{11})?$/))
      .min(1)
      .max(50),
  })
  .strict();

/** The label the page shows for a canonical column (its name when it has none). */
export const columnLabel = (column: string): string => LABELS.get(column) ?? column;

const view = (m: ValueMapRecord): ValueMapView => ({ ...m, label: columnLabel(m.column) });

/**
 * Value maps remembered per issuer: listed (GET /api/value-maps), remembered from an offer the page
 * made after a change (POST /api/value-maps), forgotten (POST /api/value-maps/:id/forget), and how
 * many cells they changed in a sheet when it was first checked (GET /api/checks/:id/value-maps).
 */
export const valueMapRoutes: FastifyPluginCallback<{ readonly store: WorkspaceStore }> = (app, { store }, done) => {
  const list = (): ValueMapView[] => store.listValueMaps().map(view);

  app.get('/api/value-maps', (_request, reply) => reply.send(list()));

  app.post('/api/value-maps', async (request, reply) => {
    const body = RememberBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'Indique la columna, el valor de la hoja, el valor correcto y el emisor.' });
    if (body.data.from === body.data.to) return reply.code(400).send({ error: 'El valor correcto es el mismo que el de la hoja: no hay nada que recordar.' });
    const at = new Date().toISOString();
    for (const ruc of new Set(body.data.issuers)) store.rememberValueMap({ ruc, column: body.data.column, from: body.data.from, to: body.data.to, at });
    return list();
  });

  app.post('/api/value-maps/:id/forget', async (request, reply) => {
    const params = MapParams.safeParse(request.params);
    if (!params.success || !store.forgetValueMap(params.data.id)) return reply.code(404).send({ error: 'Ese valor recordado ya no existe.' });
    return list();
  });

  app.get('/api/checks/:id/value-maps', async (request, reply): Promise<AppliedValueMaps | undefined> => {
    const params = Params.safeParse(request.params);
    if (!params.success || store.getCheck(params.data.id) === undefined)
      return reply.code(404).send({ error: 'No se encontró esa revisión en el espacio de trabajo.' });
    return { cells: store.valueMapsApplied(params.data.id) ?? 0 };
  });
  done();
};
