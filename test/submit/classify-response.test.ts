import { describe, expect, it } from 'vitest';
import { classifyNetworkError, classifyResponse } from '../../src/submit/classify-response.js';
import { parseRetryAfter } from '../../src/submit/parse-retry-after.js';

const NOW = Date.parse('2026-11-21T18:00:00.000Z');
const json = (status: number, body: unknown, headers: Record<string, string> = {}) => ({ status, headers, bodyText: JSON.stringify(body) });

describe('classifyResponse', () => {
  it('accepts any 2xx, keeping the identificador and the whole body', () => {
    const body = { firma: 'abc', hash: 'h', identificador: '20512333797-01-F001-7', numero: 7, serie: 'F001', tipoDocumento: '01', total: 118 };
    expect(classifyResponse(json(200, body), NOW)).toEqual({
      kind: 'accepted',
      answer: { httpStatus: 200, identificador: '20512333797-01-F001-7', body },
    });
    expect(classifyResponse({ status: 201, headers: {}, bodyText: '' }, NOW)).toEqual({ kind: 'accepted', answer: { httpStatus: 201 } });
  });

  it('reads the contract error body {codigo, mensaje, detalle} as a rejection with the service words', () => {
    const c = classifyResponse(json(400, { codigo: '400', mensaje: 'Moneda inválida', detalle: 'Valores permitidos: PEN, USD' }), NOW);
    expect(c).toEqual({ kind: 'rejected', answer: { httpStatus: 400, codigo: '400', mensaje: 'Moneda inválida', detalle: 'Valores permitidos: PEN, USD' } });
  });

  it('recognises the real service "ya existe" {message} answer as a duplicate', () => {
    const c = classifyResponse(json(400, { message: 'El comprobante 20512333797-01-F001-7 ya existe', status: 400 }), NOW);
    expect(c.kind).toBe('duplicate');
    expect(c.answer?.mensaje).toBe('El comprobante 20512333797-01-F001-7 ya existe');
  });

  it('recognises "ya existe" in the contract detalle and in plain text', () => {
    expect(classifyResponse(json(400, { codigo: '400', mensaje: 'Error', detalle: 'El documento YA EXISTE' }), NOW).kind).toBe('duplicate');
    expect(classifyResponse({ status: 400, headers: {}, bodyText: 'Comprobante ya existe' }, NOW).kind).toBe('duplicate');
  });

  it('reads a plain-text or broken-JSON error without failing', () => {
    expect(classifyResponse({ status: 422, headers: {}, bodyText: 'Bad things happened' }, NOW)).toEqual({
      kind: 'rejected',
      answer: { httpStatus: 422, mensaje: 'Bad things happened' },
    });
    expect(classifyResponse({ status: 400, headers: {}, bodyText: '{"mensaje": "cut' }, NOW)).toEqual({
      kind: 'rejected',
      answer: { httpStatus: 400, mensaje: '{"mensaje": "cut' },
    });
  });

  it('tells a 403 (expired token) from a 401 (credentials)', () => {
    expect(classifyResponse(json(403, { codigo: '403', mensaje: 'Token expirado' }), NOW).kind).toBe('forbidden');
    expect(classifyResponse(json(401, { codigo: '401', mensaje: 'No autorizado' }), NOW).kind).toBe('auth');
  });

  it.each([
    [500, {}, undefined, true],
    [503, { 'retry-after': '7' }, 7_000, true],
    [429, { 'retry-after': '2' }, 2_000, false],
    [429, { 'retry-after': 'Sat, 21 Nov 2026 18:00:30 GMT' }, 30_000, false],
  ])('retries HTTP %i (Retry-After %j → %s ms, may have been issued: %s)', (status, headers, retryAfterMs, mayHaveBeenIssued) => {
    const c = classifyResponse({ status, headers, bodyText: '{"codigo":"500","mensaje":"Error interno"}' }, NOW);
    expect(c.kind).toBe('retryable');
    if (c.kind !== 'retryable') return;
    expect(c.retryAfterMs).toBe(retryAfterMs);
    expect(c.mayHaveBeenIssued).toBe(mayHaveBeenIssued);
    expect(c.reason).toBe(`HTTP ${status}`);
  });

  it('scrubs a token the service might echo in its error', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJydWMiOiIyMDUxMjMzMzc5NyJ9.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
    const c = classifyResponse(json(400, { message: `bad token ${jwt}` }), NOW);
    expect(JSON.stringify(c)).not.toContain(jwt);
  });
});

describe('classifyNetworkError', () => {
  it('retries a reset or closed socket, whose outcome is unknown', () => {
    const reset = Object.assign(new Error('other side closed'), {
      code: 'UND_ERR_SOCKET',
      cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
    });
    expect(classifyNetworkError(reset)).toEqual({ kind: 'retryable', reason: 'UND_ERR_SOCKET', mayHaveBeenIssued: true });
    expect(classifyNetworkError(Object.assign(new Error('timeout'), { code: 'UND_ERR_HEADERS_TIMEOUT' })).mayHaveBeenIssued).toBe(true);
  });

  it('knows a refused connection never reached the service', () => {
    expect(classifyNetworkError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toEqual({
      kind: 'retryable',
      reason: 'ECONNREFUSED',
      mayHaveBeenIssued: false,
    });
  });
});

describe('parseRetryAfter', () => {
  it.each([
    ['120', 120_000],
    ['0', 0],
    ['Sat, 21 Nov 2026 18:01:00 GMT', 60_000],
    ['Sat, 21 Nov 2026 17:00:00 GMT', 0], // a date in the past: no wait
    ['-3', undefined],
    ['soon', undefined],
    ['', undefined],
  ])('reads %j as %s ms', (value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected);
  });
});
