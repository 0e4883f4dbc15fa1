import { readdir, rm, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import type { CheckFiles } from './check-files.js';
import type { ForgetAnswer } from './workspace-api.js';
import type { WorkspaceStore } from './workspace-store.js';

export interface ForgetCheckRouteOptions {
  readonly store: WorkspaceStore;
  readonly files: CheckFiles;
  /** The checks being sent now (submit-routes). */
  readonly sending: ReadonlyMap<string, unknown>;
  /** The workspace folder: a check's files are in `checks/<id>`. */
  readonly workspace: string;
}

const Params = z.object({ id: z.string().uuid() });

const NOT_FOUND = { error: 'Esa revisión ya no está en el espacio de trabajo.' };
const BUSY = (fileName: string) => ({
  error: `«${fileName}» se está revisando o enviando: espere a que termine (o detenga el envío) y vuelva a pulsar «Eliminar».`,
});

/** A journal's file name: an upload's own journal of an older workspace, or one a merge left beside it. */
const JOURNAL_FILE = /\.journal\.jsonl/;

/**
 * The check's folder without its journals: the upload, its workbooks, anything else written for it
 * go; a journal file (an upload's own, from before the workspace had one) stays, and the folder
 * with it, since it may be the only record that an invoice was issued.
 */
async function removeCheckFiles(dir: string): Promise<void> {
  const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  for (const name of names) if (!JOURNAL_FILE.test(name)) await rm(join(dir, name), { recursive: true, force: true });
  await rmdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT' && err.code !== 'ENOTEMPTY') throw err;
  });
}

/**
 * POST /api/checks/:id/forget: removes a check from the workspace: its entry in the history, what
 * the database holds of it, and its files (the sheet as uploaded, the workbooks written for it).
 * Refused while it is being checked or sent. The workspace's journal is not touched: the invoices
 * the check sent stay issued, and a later upload of the same sheet skips them.
 */
export const forgetCheckRoutes: FastifyPluginCallback<ForgetCheckRouteOptions> = (app, { store, files, sending, workspace }, done) => {
  app.post('/api/checks/:id/forget', async (request, reply): Promise<ForgetAnswer | undefined> => {
    const params = Params.safeParse(request.params);
    if (!params.success) return reply.code(404).send(NOT_FOUND);
    const id = params.data.id;
    const check = store.getCheck(id);
    if (check === undefined) return reply.code(404).send(NOT_FOUND);
    if (sending.has(id)) return reply.code(409).send(BUSY(check.fileName));
    // The store looks at the check's state in the transaction that removes it.
    const outcome = store.forgetCheck(id);
    if (outcome === 'missing') return reply.code(404).send(NOT_FOUND);
    if (outcome === 'running') return reply.code(409).send(BUSY(check.fileName));
    // Gone from the database, so nothing starts writing for it now; a workbook being written for a download ends first.
    await files.settled(id);
    await removeCheckFiles(join(workspace, 'checks', id));
    return { forgotten: check.fileName };
  });
  done();
};
