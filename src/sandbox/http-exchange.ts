import type { IncomingMessage, ServerResponse } from 'node:http';

/** Largest request body the sandbox reads (an invoice is a few kB). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The whole request body, or `too-large` once it passes `limit` (the rest is discarded). */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Discards a request body that will not be read, so the connection can be reused. */
export function discardBody(req: IncomingMessage): void {
  req.resume();
}

/** `application/json`, with or without parameters such as `charset=utf-8`. */
export function isJsonContentType(header: string | undefined): boolean {
  return header !== undefined && header.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/** JSON parse that answers `undefined` for text that is not JSON (the caller answers 400). */
export function parseJson(raw: Buffer): { readonly ok: true; readonly value: unknown } | { readonly ok: false } {
  try {
    return { ok: true, value: JSON.parse(raw.toString('utf8')) as unknown };
  } catch {
    return { ok: false };
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
