import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJydWMiOiIyMDUxMjMzMzc5NyJ9.c2lnbmF0dXJlLXNpZ25hdHVyZQ';

export interface ServiceWithoutLegalName {
  readonly url: string;
  /** Invoice PUTs it saw (each answered 500: none should come). */
  readonly puts: () => number;
  readonly close: () => Promise<void>;
}

/**
 * A service on 127.0.0.1 whose login accepts anyone and gives no «razonSocial» (a service may
 * leave it out): a submission without the issuer's legal name must then refuse before sending.
 */
export async function serviceWithoutLegalName(): Promise<ServiceWithoutLegalName> {
  let puts = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'POST') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ marcaToken: JWT, fechaExpiracion: '2099-01-01T00:00:00.000+00:00', estado: 'ACTIVO' }));
        return;
      }
      puts++;
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ codigo: '500', mensaje: 'No', detalle: 'No' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    puts: () => puts,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
