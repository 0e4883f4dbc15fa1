import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import { attachment } from './attachment.js';
import { downloadName } from './download-name.js';
import type { WorkspaceStore } from './workspace-store.js';

const Params = z.object({ id: z.string().uuid(), kind: z.enum(['resultados', 'corregir']) });

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** GET /api/checks/:id/download/(resultados|corregir): the results workbook and the fix-and-resend sheet. */
export const downloadRoutes: FastifyPluginCallback<{ readonly store: WorkspaceStore }> = (app, { store }, done) => {
  app.get('/api/checks/:id/download/:kind', async (request, reply) => {
    const params = Params.safeParse(request.params);
    const check = params.success ? store.getCheck(params.data.id) : undefined;
    const path = params.data?.kind === 'corregir' ? check?.fixPath : check?.resultsPath;
    const info = path === undefined ? undefined : await stat(path).catch(() => undefined);
    if (check === undefined || path === undefined || info === undefined || params.data === undefined) {
      return reply.code(404).send({ error: 'Ese archivo no existe para esta revisión.' });
    }
    return reply
      .type(XLSX)
      .header('content-length', info.size)
      .header('content-disposition', attachment(downloadName(check.fileName, `${params.data.kind}.xlsx`)))
      .header('cache-control', 'no-store')
      .send(createReadStream(path));
  });
  done();
};
