import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { validateInvoice } from '../../src/invoice/validate-invoice.js';
import { createApiClient } from '../../src/submit/api-client.js';
import { documentJson } from '../../src/submit/document-json.js';
import { CONTEXT, VALID_ROW, draftOf } from '../invoice/invoice-fixtures.js';

/** Issue 13: a value within SUNAT's 12 integer and 10 decimal digits is sent exactly as written. */
describe('amounts sent exactly', () => {
  const valor = '123456789012.0123456789';
  const document = validateInvoice(draftOf([{ ...VALID_ROW, cantidad: '1', valorVentaUnitario: valor }]), CONTEXT).document;

  it('the built document is valid and keeps the contract types in memory', () => {
    expect(document).toBeDefined();
    expect(typeof document?.detalleDocumento[0]?.valorVentaUnitarioItem).toBe('number');
    // What a binary double would have sent:
    expect(JSON.stringify(document)).toContain('"valorVentaUnitarioItem":123456789012.01234');
  });

  it('the body is written from the decimal text: the same JSON otherwise', () => {
    const body = documentJson(document);
    expect(body).toContain(`"valorVentaUnitarioItem":${valor}`);
    expect(JSON.parse(body)).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it('reaches the service byte for byte (a real HTTP server on 127.0.0.1 records the raw body)', async () => {
    const bodies: string[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        bodies.push(Buffer.concat(chunks).toString('utf8'));
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"codigo":"0","mensaje":"ok"}');
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const client = createApiClient({ authUrl: url, baseUrl: url });
    try {
      await client.putInvoice('20100070970', document, 'token');
    } finally {
      await client.close();
      server.close();
    }
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toContain(`"valorVentaUnitarioItem":${valor}`);
    expect(bodies[0]).not.toContain('123456789012.01234,');
  });
});
