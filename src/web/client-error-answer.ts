import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import { SECURITY_HEADERS } from './security-plugin.js';

/** What the server says to a request it cannot even read (Fastify's `clientErrorHandler`), by Node's error code. */
const ANSWERS: Readonly<Record<string, { readonly status: number; readonly error: string }>> = {
  HPE_HEADER_OVERFLOW: { status: 431, error: 'La solicitud es demasiado grande: su dirección o sus encabezados pasan del límite.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, error: 'La solicitud tardó demasiado en llegar. Vuelva a intentarlo.' },
};
const MALFORMED = { status: 400, error: 'Solicitud no válida.' };

/**
 * Answers a request Node's parser refused before any route saw it (a header past the size limit,
 * one that never finished arriving, bytes that are no HTTP), as every other answer of the
 * workspace: a JSON body with the error in Spanish, and the security headers. Fastify's own
 * answer is in English and carries no headers. A connection already reset or destroyed gets nothing.
 */
export function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, error } = (err.code !== undefined ? ANSWERS[err.code] : undefined) ?? MALFORMED;
  if (socket.writable) {
    const body = JSON.stringify({ error });
    const headers = {
      ...SECURITY_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${head}\r\n${body}`);
  }
  socket.destroy(err);
}

/**
 * Answers a request Fastify refuses before its hooks run (an address that does not decode, `/%`, or a
 * parameter past its length): Fastify's own answer was English, echoed the address and carried none
 * of the security headers. The same Spanish JSON and headers as above, the address not repeated.
 */
export function answerFrameworkError(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  void reply
    .code(status)
    .headers({ ...SECURITY_HEADERS, 'cache-control': 'no-store' })
    .type('application/json; charset=utf-8')
    .send({ error: status === 414 ? 'La dirección es demasiado larga.' : 'La dirección no es válida.' });
}
