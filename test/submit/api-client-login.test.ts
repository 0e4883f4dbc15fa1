import { describe, expect, it } from 'vitest';
import { findLoginToken, parseFechaExpiracion } from '../../src/submit/api-client.js';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJydWMiOiIyMDUxMjMzMzc5NyIsImV4cCI6MTc5NTI5MjI0NX0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';

describe('reading a login answer', () => {
  it.each([
    ['2026-11-21T18:04:05.000+00:00', Date.UTC(2026, 10, 21, 18, 4, 5)],
    ['2026-11-21T13:04:05.000-05:00', Date.UTC(2026, 10, 21, 18, 4, 5)],
    ['2026-11-21T18:04:05.000+0000', Date.UTC(2026, 10, 21, 18, 4, 5)],
    ['2026-11-21T18:04:05Z', Date.UTC(2026, 10, 21, 18, 4, 5)],
    ['21/11/2026 18:04', undefined],
    [1795292245000, undefined],
  ])('reads fechaExpiracion %j as %s', (value, expected) => {
    expect(parseFechaExpiracion(value)).toBe(expected);
  });

  it('takes svcToken, or else the one *Token field holding a JWT', () => {
    expect(findLoginToken({ svcToken: JWT, ruc: '20512333797' })).toBe(JWT);
    expect(findLoginToken({ marcaToken: JWT, fechaExpiracion: 'x' })).toBe(JWT);
    expect(findLoginToken({ refreshToken: 'not-a-jwt', marcaToken: JWT })).toBe(JWT);
  });

  it('refuses to guess between two JWT *Token fields, or when none holds a JWT', () => {
    expect(findLoginToken({ aToken: JWT, bToken: JWT })).toBeUndefined();
    expect(findLoginToken({ sessionToken: 'opaque' })).toBeUndefined();
  });
});
