import type { ServiceAnswer } from '../invoice/invoice-outcome.js';
import { redactText } from '../redact-secrets.js';
import { parseRetryAfter } from './parse-retry-after.js';

/**
 * What one answer (or one network failure) of the invoice endpoint means for that invoice.
 * `mayHaveBeenIssued` on a retryable answer says whether the service may have stored the invoice
 * before failing (the body was sent and no definite answer came back): re-sending is still safe,
 * because the service answers "ya existe" to a number it already holds.
 */
export type Classification =
  | { readonly kind: 'accepted'; readonly answer: ServiceAnswer }
  | { readonly kind: 'duplicate'; readonly answer: ServiceAnswer }
  | { readonly kind: 'rejected'; readonly answer: ServiceAnswer }
  | { readonly kind: 'forbidden'; readonly answer: ServiceAnswer }
  | { readonly kind: 'auth'; readonly answer: ServiceAnswer }
  | {
      readonly kind: 'retryable';
      readonly reason: string;
      readonly mayHaveBeenIssued: boolean;
      readonly answer?: ServiceAnswer;
      readonly retryAfterMs?: number;
    };

export interface HttpAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly bodyText: string;
}

const MAX_TEXT = 1_000;
const ALREADY_EXISTS = /ya\s+existe/i;

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : redactText(value.trim()).slice(0, MAX_TEXT);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

function parseJson(bodyText: string): unknown {
  const trimmed = bodyText.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return undefined;
  }
}

/** A body's `errors: [...]` list (strings or `{message}` objects) as one text. */
function errorList(value: unknown): string | undefined {
  if (!Array.isArray(value)) return undefined;
  const parts = value
    .map((e: unknown) =>
      typeof e === 'object' && e !== null ? text((e as Record<string, unknown>)['message'] ?? (e as Record<string, unknown>)['mensaje']) : text(e),
    )
    .filter((s): s is string => s !== undefined);
  return parts.length > 0 ? parts.join('; ') : undefined;
}

/**
 * Reads what the service said, whatever the shape: the contract's `{codigo, mensaje, detalle}`,
 * the real service's `{message, …}`, a list of errors, or plain text. Never throws.
 */
export function readServiceAnswer(status: number, bodyText: string): ServiceAnswer {
  const json = parseJson(bodyText);
  const ok = status >= 200 && status < 300;
  if (json !== null && typeof json === 'object' && !Array.isArray(json)) {
    const o = json as Record<string, unknown>;
    const errors = errorList(o['errors']);
    const codigo = text(o['codigo'] ?? o['code']);
    const mensaje = text(o['mensaje'] ?? o['message'] ?? o['error']);
    const detalle = text(o['detalle'] ?? o['detail'] ?? o['details']) ?? errors;
    const identificador = text(o['identificador']);
    return {
      httpStatus: status,
      ...(codigo !== undefined ? { codigo } : {}),
      ...(mensaje !== undefined ? { mensaje } : {}),
      ...(detalle !== undefined ? { detalle } : {}),
      ...(identificador !== undefined ? { identificador } : {}),
      ...(ok ? { body: json } : {}),
    };
  }
  const plain = text(bodyText);
  return {
    httpStatus: status,
    ...(plain !== undefined && !ok ? { mensaje: plain } : {}),
    ...(ok && json !== undefined ? { body: json } : ok && plain !== undefined ? { body: plain } : {}),
  };
}

/** Classifies one HTTP answer of the invoice endpoint. `now` (epoch ms) reads a Retry-After date. */
export function classifyResponse(answer: HttpAnswer, now: number): Classification {
  const { status } = answer;
  const said = readServiceAnswer(status, answer.bodyText);
  if (status >= 200 && status < 300) return { kind: 'accepted', answer: said };
  if (status === 401) return { kind: 'auth', answer: said };
  if (status === 403) return { kind: 'forbidden', answer: said };
  if (status === 429 || status === 408 || status >= 500) {
    const retryAfterMs = parseRetryAfter(answer.headers['retry-after'], now);
    return {
      kind: 'retryable',
      reason: `HTTP ${status}`,
      // A 429/408 was refused before being processed; a 5xx may come after the service stored it.
      mayHaveBeenIssued: status >= 500,
      answer: said,
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    };
  }
  if (status >= 400) {
    const words = [said.mensaje, said.detalle, said.mensaje === undefined ? answer.bodyText.slice(0, MAX_TEXT) : undefined];
    if ((status === 400 || status === 409) && words.some((w) => w !== undefined && ALREADY_EXISTS.test(w))) return { kind: 'duplicate', answer: said };
    return { kind: 'rejected', answer: said };
  }
  // 1xx/3xx: nothing the contract describes; try again rather than guess.
  return { kind: 'retryable', reason: `HTTP ${status}`, mayHaveBeenIssued: true, answer: said };
}

/** Failures that happen before a connection exists: the request certainly did not reach the service. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  let e: unknown = error;
  for (let depth = 0; depth < 5 && e !== null && typeof e === 'object'; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    const nested = (e as { errors?: unknown }).errors;
    if (Array.isArray(nested)) for (const n of nested) codes.push(...errorCodes(n));
    e = (e as { cause?: unknown }).cause;
  }
  return codes;
}

/**
 * Classifies a network failure (reset, closed socket, timeout, refused connection). Always
 * retryable; the outcome is unknown unless the connection was never made.
 */
export function classifyNetworkError(error: unknown): Extract<Classification, { kind: 'retryable' }> {
  const codes = errorCodes(error);
  const name = error instanceof Error ? error.name : 'Error';
  const reason = codes[0] ?? name;
  const connected = codes.length === 0 || !codes.some((c) => NOT_CONNECTED.has(c));
  return { kind: 'retryable', reason, mayHaveBeenIssued: connected };
}
