import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.js';
import { redactAnswer, redactSecrets, redactText } from '../src/redact-secrets.js';
import { textSink } from './helpers/text-sink.js';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJydWMiOiIyMDUxMjMzMzc5NyJ9.c2lnbmF0dXJlLXNpZ25hdHVyZQ';

describe('secret redaction', () => {
  it('replaces a JWT anywhere in a text', () => {
    expect(redactText(`token=${JWT} end`)).toBe('token=[REDACTED] end');
  });

  it('replaces values under secret-named keys at any depth and keeps the rest', () => {
    const out = redactSecrets({ ruc: 20512333797, clave: 'hunter22', nested: { svcToken: 'abc', headers: { authorization: 'Bearer x' } } });
    expect(out).toEqual({ ruc: 20512333797, clave: '[REDACTED]', nested: { svcToken: '[REDACTED]', headers: { authorization: '[REDACTED]' } } });
  });

  it('scrubs a literal password given as a secret from error messages', () => {
    const out = redactSecrets(new Error('login failed for clave s3cr3t-pass'), ['s3cr3t-pass']) as { message: string };
    expect(out.message).toBe('login failed for clave [REDACTED]');
  });

  it('the logger never writes the token, the password or the authorization header', () => {
    const { stream, text } = textSink();
    const log = createLogger({ format: 'json', destination: stream, secrets: ['s3cr3t-pass'], level: 'debug' });
    log.info({ svcToken: JWT, request: { headers: { authorization: `Bearer ${JWT}` } } }, `got ${JWT}`);
    log.debug({ body: { clave: 's3cr3t-pass', mail: 'a@b.pe' } }, 'login with s3cr3t-pass');
    log.error({ err: new Error(`failed with ${JWT}`) }, 'boom');
    const out = text();
    expect(out).not.toContain(JWT);
    expect(out).not.toContain('s3cr3t-pass');
    expect(out).toContain('a@b.pe');
    expect(out.split('\n').filter(Boolean)).toHaveLength(3);
  });
});

describe('redactAnswer', () => {
  it('takes the passwords out of the service’s message and detail, and hands back the same answer when none is there', () => {
    const echoed = { httpStatus: 400, mensaje: 'clave s3cr3t-pass errada', detalle: 'usuario a@b.pe, clave s3cr3t-pass', identificador: 'x' };
    expect(redactAnswer(echoed, ['s3cr3t-pass'])).toEqual({ ...echoed, mensaje: 'clave [REDACTED] errada', detalle: 'usuario a@b.pe, clave [REDACTED]' });
    const clean = { httpStatus: 200, mensaje: 'Aceptado' };
    expect(redactAnswer(clean, ['s3cr3t-pass'])).toBe(clean);
  });

  it('takes them out of a success body kept whole, and hands back the same body when none is there', () => {
    const body = { identificador: 'id-1', hash: 'aGFzaA==', firma: 'firmado con s3cr3t-pass', total: 21.83 };
    expect(redactAnswer({ httpStatus: 200, body }, ['s3cr3t-pass'])).toEqual({ httpStatus: 200, body: { ...body, firma: 'firmado con [REDACTED]' } });
    // A password JSON would escape, and a token under a key named for one.
    const quoted = { httpStatus: 200, body: { eco: 'cl"ave\\9', svcToken: 'opaque-123456' } };
    expect(redactAnswer(quoted, ['cl"ave\\9'])).toEqual({ httpStatus: 200, body: { eco: '[REDACTED]', svcToken: '[REDACTED]' } });
    const clean = { httpStatus: 200, body: { identificador: 'id-2', hash: 'aGFzaA==' } };
    expect(redactAnswer(clean, ['s3cr3t-pass'])).toBe(clean);
  });
});
