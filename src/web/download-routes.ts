import { createReadStream } from 'node:fs';
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import { attachment } from './attachment.js';
import type { CheckFiles } from './check-files.js';
import { downloadName } from './download-name.js';
import type { WorkspaceStore } from './workspace-store.js';

const Params = z.object({ id: z.string().uuid(), kind: z.enum(['resultados', 'corregir']) });

const NOT_FOUND = { error: 'Ese archivo no existe para esta revisión.' };

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * GET /api/checks/:id/download/(resultados|corregir): the results workbook and the fix-and-resend
 * sheet, written at the first download of a check (see check-files).
 */
export const downloadRoutes: FastifyPluginCallback<{ readonly store: WorkspaceStore; readonly files: CheckFiles }> = (app, { store, files }, done) => {
  app.get('/api/checks/:id/download/:kind', async (request, reply) => {
    const params = Params.safeParse(request.params);
    const check = params.success ? store.getCheck(params.data.id) : undefined;
    if (check === undefined || params.data === undefined) return reply.code(404).send(NOT_FOUND);
    const found = await files.fileOf(check.id, params.data.kind);
    if (found.kind === 'stale') {
      return reply.code(409).send({
        error: 'Hay cambios sin revalidar: pulse «Revalidar» y vuelva a descargar; los resultados serán los de la hoja con esos cambios.',
      });
    }
    if (found.kind === 'none') return reply.code(404).send(NOT_FOUND);
    return reply
      .type(XLSX)
      .header('content-length', found.size)
      .header('content-disposition', attachment(downloadName(check.fileName, `${params.data.kind}.xlsx`)))
      .header('cache-control', 'no-store')
      .send(createReadStream(found.path));
  });
  done();
};
