import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { FacturaError, inUserTerms } from '../index.js';
import { checkTerms } from './check-terms.js';
import { buildSheetPreview, previewForBrowser } from './sheet-preview-view.js';
import type { StoredPreview } from './sheet-preview-view.js';
import type { WorkspaceStore } from './workspace-store.js';

export interface UploadOptions {
  readonly store: WorkspaceStore;
  /** The workspace folder; each upload goes to `checks/<generated id>/hoja-subida`. */
  readonly workspace: string;
  readonly maxUploadMb: number;
}

const Params = z.object({ id: z.string().uuid() });
const SheetBody = z.object({ sheet: z.string().min(1).max(500) }).strict();

/** Room for the multipart framing around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;
/** The name the uploaded file gets on disk: never the name the browser sent. */
const STORED_NAME = 'hoja-subida';

export function tooLargeMessage(maxUploadMb: number): string {
  return `El archivo supera el límite de ${maxUploadMb} MB. Divida la hoja en partes más pequeñas, o inicie el programa con --max-upload-mb para permitir archivos más grandes.`;
}

/** The name the user knows the file by, for display only: its last path segment, without control characters. */
function displayName(sent: string | undefined): string {
  const last =
    (sent ?? '')
      .split(/[/\\]/)
      .pop()
      // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
      ?.replace(/[\u0000-\u001f\u007f]/g, '')
      .trim() ?? '';
  const name = last === '' || last === '.' || last === '..' ? 'hoja' : last;
  return name.length > 150 ? name.slice(0, 150) : name;
}

/**
 * POST /api/uploads: one file, streamed to disk under a generated name (never held in memory),
 * capped at `maxUploadMb`; answers the sheet's preview for the columns step.
 */
export const uploadRoutes: FastifyPluginAsync<UploadOptions> = async (app, options) => {
  const cap = options.maxUploadMb * 1024 * 1024;
  await app.register(multipart, {
    limits: { fileSize: cap, files: 1, fields: 0, parts: 1, fieldNameSize: 100, headerPairs: 50 },
    throwFileSizeLimit: true,
  });
  const tooLarge = (reply: FastifyReply): FastifyReply => reply.code(413).send({ error: tooLargeMessage(options.maxUploadMb) });

  app.post('/api/uploads', async (request, reply) => {
    const declared = Number(request.headers['content-length'] ?? '0');
    if (declared > cap + MULTIPART_OVERHEAD) return tooLarge(reply);
    if (!request.isMultipart()) return reply.code(400).send({ error: 'Envíe la hoja de ventas como archivo (formulario multipart).' });
    const file = await request.file();
    if (file === undefined) return reply.code(400).send({ error: 'No llegó ningún archivo. Elija la hoja de ventas (.xlsx o .csv).' });
    const id = randomUUID();
    const dir = join(options.workspace, 'checks', id);
    await mkdir(dir, { recursive: true });
    const storedPath = join(dir, STORED_NAME);
    try {
      await pipeline(file.file, createWriteStream(storedPath, { flags: 'wx' }));
    } catch (err) {
      await rm(dir, { recursive: true, force: true });
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(reply);
      throw err;
    }
    if (file.file.truncated) {
      await rm(dir, { recursive: true, force: true });
      return tooLarge(reply);
    }
    const check = { id, fileName: displayName(file.filename), storedPath, createdAt: new Date().toISOString() };
    options.store.createCheck(check);
    try {
      const preview = await buildSheetPreview(options.store, check);
      options.store.setPreview(id, preview);
      return previewForBrowser(preview);
    } catch (err) {
      if (!(err instanceof FacturaError)) throw err;
      const text = inUserTerms(err.text, checkTerms(check));
      options.store.failCheck(id, text);
      return reply.code(422).send({ error: text.es });
    }
  });

  // The choice of sheet in a workbook with several: the preview of the chosen one, which the check then reads.
  app.post('/api/checks/:id/sheet', async (request, reply) => {
    const params = Params.safeParse(request.params);
    const check = params.success ? options.store.getCheck(params.data.id) : undefined;
    const preview = check?.preview as StoredPreview | undefined;
    if (check === undefined || preview === undefined) return reply.code(404).send({ error: 'No se encontró esa hoja en el espacio de trabajo.' });
    const body = SheetBody.safeParse(request.body);
    const sheets = preview.sheets ?? [];
    if (!body.success || !sheets.some((s) => s.name === body.data.sheet)) {
      const names = sheets.map((s) => `«${s.name}»`).join(', ');
      return reply.code(400).send({ error: names === '' ? 'Este archivo tiene una sola hoja.' : `Elija una de las hojas del libro: ${names}.` });
    }
    if (check.state === 'running') return reply.code(409).send({ error: 'La hoja se está revisando: espere a que termine.' });
    // Edits name rows and columns of the sheet that was read: they would not fit another one.
    if (options.store.countEditedCells(check.id) > 0) {
      return reply.code(409).send({ error: 'Esta revisión ya tiene cambios en sus celdas. Para leer otra hoja del libro, súbalo de nuevo.' });
    }
    try {
      const chosen = await buildSheetPreview(options.store, check, { sheet: body.data.sheet, sheets });
      options.store.setPreview(check.id, chosen);
      return previewForBrowser(chosen);
    } catch (err) {
      if (!(err instanceof FacturaError)) throw err;
      return reply.code(422).send({ error: inUserTerms(err.text, checkTerms(check)).es });
    }
  });
};
