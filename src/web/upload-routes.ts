import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import pLimit from 'p-limit';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { FacturaError, inUserTerms } from '../index.js';
import { checkTerms } from './check-terms.js';
import { displayName } from './display-name.js';
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

/**
 * An upload over the limit, said to the page's user, who may not be the one who started `serve`: what they can do
 * themselves first (smaller sheets), then what whoever started it can (a larger limit).
 */
export function tooLargeMessage(maxUploadMb: number): string {
  return `El archivo supera el límite de ${maxUploadMb} MB que acepta este espacio de trabajo. Divida la hoja en partes más pequeñas (por ejemplo, una por mes o por serie) y súbalas una por una, o pida a quien inició «factura-import serve» que lo inicie de nuevo con un límite mayor (--max-upload-mb).`;
}

/**
 * The upload's file part; undefined when none comes. Its headers are the body's first bytes, so the
 * part is out of the parser at once; one the parser skips (a file name with a line break in it)
 * never comes, and `request.file()` would wait for it forever, holding the connection.
 */
async function firstFile(request: FastifyRequest): Promise<{ file: MultipartFile | undefined; rest: () => Promise<unknown> }> {
  const parts = request.parts()[Symbol.asyncIterator]();
  let timer: NodeJS.Timeout | undefined;
  const none = new Promise<undefined>((resolve) => (timer = setTimeout(resolve, FILE_PART_WAIT_MS, undefined)));
  try {
    const first = await Promise.race([parts.next(), none]);
    const part = first === undefined || first.done === true ? undefined : first.value;
    // Once the file is read: the form must end there. A second part (another file, a field after it) is
    // refused by the parser's limit of one part (FST_PARTS_LIMIT); it was taken in silence.
    return { file: part !== undefined && part.type === 'file' ? part : undefined, rest: () => parts.next() };
  } finally {
    clearTimeout(timer);
  }
}

/** How long the file part's headers may take to come out of the parser. */
const FILE_PART_WAIT_MS = 10_000;

/**
 * What to answer for an upload the multipart parser refused: the size cap, something besides the one
 * file, or a body that is not a whole form (cut short, no boundary). Undefined for anything else (the
 * disk), which stays a server error.
 */
function uploadRefusal(err: unknown): { readonly tooLarge: true } | { readonly message: string } | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return { tooLarge: true };
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_FILES_LIMIT') {
    return { message: 'Envíe solo la hoja de ventas: un único archivo, sin otros campos.' };
  }
  // busboy's own errors carry no code: «Unexpected end of form», «Boundary not found», «Malformed part header»…
  if (err instanceof Error && code === undefined)
    return { message: 'La hoja no llegó completa (el envío se cortó o está dañado). Vuelva a elegir el archivo.' };
  return undefined;
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
  // One preview at a time: a workbook's preview holds its shared strings (up to the reader's cap), so
  // uploads at once wait for each other instead of adding up their memory.
  const previews = pLimit(1);
  const tooLarge = (reply: FastifyReply): FastifyReply => reply.code(413).send({ error: tooLargeMessage(options.maxUploadMb) });
  /** The answer to an upload the parser refused (uploadRefusal); any other error is thrown on, a server error. */
  const refuseUpload = (reply: FastifyReply, err: unknown): FastifyReply => {
    const refused = uploadRefusal(err);
    if (refused === undefined) throw err;
    return 'tooLarge' in refused ? tooLarge(reply) : reply.code(400).send({ error: refused.message });
  };

  app.post('/api/uploads', async (request, reply) => {
    const declared = Number(request.headers['content-length'] ?? '0');
    if (declared > cap + MULTIPART_OVERHEAD) return tooLarge(reply);
    if (!request.isMultipart()) return reply.code(400).send({ error: 'Envíe la hoja de ventas como archivo (formulario multipart).' });
    let picked: Awaited<ReturnType<typeof firstFile>>;
    try {
      picked = await firstFile(request);
    } catch (err) {
      return refuseUpload(reply, err);
    }
    const { file, rest } = picked;
    if (file === undefined) return reply.code(400).send({ error: 'No llegó ningún archivo. Elija la hoja de ventas (.xlsx o .csv).' });
    const id = randomUUID();
    const dir = join(options.workspace, 'checks', id);
    await mkdir(dir, { recursive: true });
    const storedPath = join(dir, STORED_NAME);
    try {
      await pipeline(file.file, createWriteStream(storedPath, { flags: 'wx' }));
      await rest();
    } catch (err) {
      await rm(dir, { recursive: true, force: true });
      return refuseUpload(reply, err);
    }
    if (file.file.truncated) {
      await rm(dir, { recursive: true, force: true });
      return tooLarge(reply);
    }
    const check = { id, fileName: displayName(file.filename), storedPath, createdAt: new Date().toISOString() };
    options.store.createCheck(check);
    try {
      const preview = await previews(() => buildSheetPreview(options.store, check));
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
      const chosen = await previews(() => buildSheetPreview(options.store, check, { sheet: body.data.sheet, sheets }));
      options.store.setPreview(check.id, chosen);
      return previewForBrowser(chosen);
    } catch (err) {
      if (!(err instanceof FacturaError)) throw err;
      return reply.code(422).send({ error: inUserTerms(err.text, checkTerms(check)).es });
    }
  });
};
