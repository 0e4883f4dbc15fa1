import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import type { WorkspaceStore } from './workspace-store.js';

const Params = z.object({ id: z.string().uuid(), kind: z.enum(['resultados', 'corregir']) });

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `ventas nov.csv` → `ventas nov.resultados.xlsx`, as the CLI names its outputs. */
function downloadName(fileName: string, kind: 'resultados' | 'corregir'): string {
  return `${basename(fileName, extname(fileName))}.${kind}.xlsx`;
}

/** RFC 6266 attachment header with an ASCII fallback and the UTF-8 name. */
export function attachment(name: string): string {
  const ascii = name
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

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
      .header('content-disposition', attachment(downloadName(check.fileName, params.data.kind)))
      .header('cache-control', 'no-store')
      .send(createReadStream(path));
  });
  done();
};
