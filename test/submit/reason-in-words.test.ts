import { describe, expect, it } from 'vitest';
import { reasonInWords } from '../../src/submit/reason-in-words.js';

describe('why a request is tried again, in words', () => {
  it('names a network failure and an HTTP status as a person would, keeping the code for whoever helps', () => {
    expect(reasonInWords('UND_ERR_SOCKET').es).toBe('se cortó la conexión (UND_ERR_SOCKET)');
    expect(reasonInWords('ECONNREFUSED').es).toBe('el servicio no aceptó la conexión (ECONNREFUSED)');
    expect(reasonInWords('UND_ERR_HEADERS_TIMEOUT').en).toBe('the service did not answer in time (UND_ERR_HEADERS_TIMEOUT)');
    expect(reasonInWords('HTTP 500').es).toBe('error interno del servicio (HTTP 500)');
    expect(reasonInWords('HTTP 507').es).toBe('error interno del servicio (HTTP 507)');
    expect(reasonInWords('HTTP 429').es).toBe('el servicio pidió esperar (demasiadas solicitudes) (HTTP 429)');
  });

  it('gives a code it does not know as it is', () => {
    expect(reasonInWords('ESOMETHING')).toEqual({ es: 'ESOMETHING', en: 'ESOMETHING' });
  });
});
