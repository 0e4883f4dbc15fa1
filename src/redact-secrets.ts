/**
 * Scrubs secrets from anything about to be logged or written: values under secret-named keys
 * (clave, password, svcToken or any *Token, authorization) and any JWT-looking string anywhere.
 */
const SECRET_KEY = /^(clave|password|passwd|secret|authorization|cookie|.*token)$/i;
const JWT = /eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;
const BEARER = /(Bearer\s+)[^\s"',]+/gi;

export const REDACTED = '[REDACTED]';

/** Cheap tests first: this runs on every text cell of a results workbook (most hold none). */
const MAY_HOLD_BEARER = /bearer/i;

export function redactText(text: string, extraSecrets: readonly string[] = []): string {
  let out = text;
  if (out.includes('eyJ')) out = out.replace(JWT, REDACTED);
  if (MAY_HOLD_BEARER.test(out)) out = out.replace(BEARER, `$1${REDACTED}`);
  for (const s of extraSecrets) if (s.length >= 4 && out.includes(s)) out = out.split(s).join(REDACTED);
  return out;
}

/**
 * `value` without its secrets; `value` itself when it holds none (an object or array is copied only
 * when something in it changed), so a caller can tell by identity whether anything was taken out.
 */
export function redactSecrets(value: unknown, extraSecrets: readonly string[] = [], depth = 0): unknown {
  if (typeof value === 'string') return redactText(value, extraSecrets);
  if (value === null || typeof value !== 'object' || depth > 8) return value;
  if (value instanceof Error) {
    const out: Record<string, unknown> = { type: value.name, message: redactText(value.message, extraSecrets) };
    if (value.stack) out['stack'] = redactText(value.stack, extraSecrets);
    const code = (value as { code?: unknown }).code;
    if (code !== undefined) out['code'] = code;
    if (value.cause !== undefined) out['cause'] = redactSecrets(value.cause, extraSecrets, depth + 1);
    return out;
  }
  if (Array.isArray(value)) {
    const out = value.map((v: unknown) => redactSecrets(v, extraSecrets, depth + 1));
    return out.some((v, i) => v !== value[i]) ? out : value;
  }
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const r = SECRET_KEY.test(k) && v !== null && v !== undefined ? REDACTED : redactSecrets(v, extraSecrets, depth + 1);
    if (r !== v) changed = true;
    out[k] = r;
  }
  return changed ? out : value;
}

/**
 * The service's own words on an invoice (its message and detail) without the run's passwords: a
 * service that echoes the clave back in an answer put it on the screen, in --json, in the events
 * and in the web workspace (a review sent one that did; the workbook and the log already scrubbed
 * it). The same answer when there is nothing to take out.
 */
export function redactAnswer<A extends { readonly mensaje?: string; readonly detalle?: string; readonly body?: unknown }>(
  answer: A,
  extraSecrets: readonly string[],
): A {
  const mensaje = answer.mensaje === undefined ? undefined : redactText(answer.mensaje, extraSecrets);
  const detalle = answer.detalle === undefined ? undefined : redactText(answer.detalle, extraSecrets);
  // The success body, kept whole: a password or token in it is taken out too (the same body when it holds none).
  const body = answer.body === undefined ? undefined : redactSecrets(answer.body, extraSecrets);
  if (mensaje === answer.mensaje && detalle === answer.detalle && body === answer.body) return answer;
  return { ...answer, ...(mensaje !== undefined ? { mensaje } : {}), ...(detalle !== undefined ? { detalle } : {}), ...(body !== undefined ? { body } : {}) };
}
