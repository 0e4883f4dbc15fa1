import type { FastifyPluginCallback, FastifyReply } from 'fastify';
import { z } from 'zod';
import { checkView } from './check-routes.js';
import type { CheckRecord, WorkspaceStore } from './workspace-store.js';
import { columnLabel } from './value-map-routes.js';
import type { EditAnswer, ValueMapOfferView } from './workspace-api.js';

const Params = z.object({ id: z.string().uuid() });
const MAX_TEXT = 2000;
const EditBody = z.object({ row: z.number().int().min(1), col: z.number().int().min(0).max(16_383), value: z.string().max(MAX_TEXT) }).strict();
const ReplaceBody = z.object({ col: z.number().int().min(0).max(16_383), find: z.string().max(MAX_TEXT), replace: z.string().max(MAX_TEXT) }).strict();

const NOT_FOUND = { error: 'No se encontró esa revisión en el espacio de trabajo.' };
const BUSY = { error: 'La hoja se está revisando: espere a que termine para cambiar celdas.' };
const NOT_CHECKED = { error: 'La hoja aún no tiene filas revisadas: revísela antes de cambiar celdas.' };

/**
 * Edits: one cell, a find-and-replace over a column, and undo of the last action. They are kept as
 * an overlay in the workspace (the uploaded sheet is never written) and the next check sees them.
 */
export interface EditRouteOptions {
  readonly store: WorkspaceStore;
  /** The issuer of rows without «RUC emisor», for the value map a change offers to remember. */
  readonly defaultRuc: () => string | undefined;
}

export const editRoutes: FastifyPluginCallback<EditRouteOptions> = (app, { store, defaultRuc }, done) => {
  /** The check the request names when it can take edits now; otherwise answers the reason and returns undefined. */
  const editable = (params: unknown, reply: FastifyReply): CheckRecord | undefined => {
    const p = Params.safeParse(params);
    const check = p.success ? store.getCheck(p.data.id) : undefined;
    if (check === undefined) return void reply.code(404).send(NOT_FOUND);
    if (check.state === 'running') return void reply.code(409).send(BUSY);
    if (check.state !== 'done') return void reply.code(409).send(NOT_CHECKED);
    return check;
  };
  /**
   * The change just made, as a value map to remember, when the last check had flagged the cells it
   * changed as a value the catalogue does not know; not offered again to issuers that have it.
   */
  const offerOf = (id: string): ValueMapOfferView | undefined => {
    const offer = store.valueMapOffer(id, defaultRuc());
    if (offer === undefined || offer.from === '' || offer.to === '') return undefined;
    const column = [...store.checkColumns(id)].find(([, index]) => index === offer.col)?.[0];
    if (column === undefined) return undefined;
    const known = store.listValueMaps().filter((m) => m.column === column && m.from === offer.from && m.to === offer.to);
    const issuers = offer.issuers.filter((ruc) => !known.some((m) => m.ruc === ruc));
    return issuers.length === 0 ? undefined : { column, label: columnLabel(column), from: offer.from, to: offer.to, issuers };
  };
  const answer = (id: string, changed: number, offering = false): EditAnswer => {
    const check = store.getCheck(id);
    if (check === undefined) throw new Error(`check ${id} vanished`);
    const offer = offering && changed > 0 ? offerOf(id) : undefined;
    return { changed, check: checkView(check, store.countEditedCells(id)), ...(offer !== undefined ? { offer } : {}) };
  };
  const width = (check: CheckRecord): number => (Array.isArray(check.gridColumns) ? check.gridColumns.length : 0);

  app.post('/api/checks/:id/edits', async (request, reply) => {
    const check = editable(request.params, reply);
    if (check === undefined) return reply;
    const body = EditBody.safeParse(request.body);
    if (!body.success || body.data.col >= width(check))
      return reply.code(400).send({ error: 'El cambio no es válido: indique la fila, la columna y el nuevo valor.' });
    const edit = store.addEdit(check.id, { ...body.data, at: new Date().toISOString() });
    if (edit === undefined) return reply.code(404).send({ error: `La hoja no tiene la fila ${body.data.row}.` });
    return answer(check.id, edit === 'same' ? 0 : 1, true);
  });

  app.post('/api/checks/:id/edits/replace', async (request, reply) => {
    const check = editable(request.params, reply);
    if (check === undefined) return reply;
    const body = ReplaceBody.safeParse(request.body);
    if (!body.success || body.data.col >= width(check))
      return reply.code(400).send({ error: 'Indique la columna, el texto a buscar y el texto que lo reemplaza.' });
    return answer(check.id, store.replaceInColumn(check.id, { ...body.data, at: new Date().toISOString() }), true);
  });

  app.post('/api/checks/:id/edits/undo', async (request, reply) => {
    const check = editable(request.params, reply);
    if (check === undefined) return reply;
    return answer(check.id, store.undoLastEdit(check.id));
  });
  done();
};
