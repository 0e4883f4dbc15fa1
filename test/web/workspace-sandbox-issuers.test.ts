import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limaToday } from '../../src/invoice/lima-today.js';
import { validRuc } from '../reliability/sales-sheet.js';
import { tempDir } from '../helpers/temp-dir.js';
import { join } from 'node:path';
import type { ServeProcess, Session, WorkspaceApi } from './browser-session.js';
import { closeWorkspace, signIn, startServe, uploadSheet, workspaceApi } from './browser-session.js';

const TODAY = limaToday(Date.now());

/**
 * An accounting firm trying the workspace on the simulator (`serve --sandbox`) with a sheet of
 * three issuers: a review found that only the demo RUC could log in, and the page told the user to
 * type the e-mail and password again for the others, which no password could satisfy. The
 * simulator now opens an account for any RUC with its own login, and the workspace gives it to each.
 */
describe('serve --sandbox with a sheet of several issuers', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  let serve: ServeProcess;
  let call: WorkspaceApi;
  let session: Session;

  beforeAll(async () => {
    dir = await tempDir('factura-web-sandbox-issuers-');
    serve = await startServe(join(dir.path, 'espacio'), {}, ['--sandbox']);
    session = await signIn(serve);
    call = workspaceApi(session);
  }, 60_000);
  afterAll(async () => {
    await closeWorkspace({ serve, dir });
  });

  it('gives every issuer its access and sends each one’s invoices', async () => {
    const issuers = [validRuc(601), validRuc(602), validRuc(603)];
    const csv = [
      'serie,numero,fechaEmision,receptorNumeroDocumento,receptorNombreLegal,descripcion,cantidad,valorVentaUnitario,emisorRuc',
      ...issuers.flatMap((ruc, i) => [1, 2].map((n) => `F00${i + 1},${n},${TODAY},20512333797,Comercial Andina S.A.C.,Arroz,2,18.50,${ruc}`)),
    ].join('\n');
    const uploaded = await uploadSheet(session, 'firma.csv', `${csv}\n`);
    expect(uploaded.status).toBe(200);
    const id = String(uploaded.json['checkId']);
    const settled = async (): Promise<Record<string, unknown>> => {
      await expect.poll(async () => (await call('GET', `/api/checks/${id}`)).json['state'], { timeout: 60_000, interval: 100 }).toMatch(/done|failed/);
      return (await call('GET', `/api/checks/${id}`)).json;
    };
    expect((await call('POST', `/api/checks/${id}/run`, {})).status).toBe(202);
    const checked = await settled();
    expect(checked).toMatchObject({ state: 'done', invoices: 6 });
    // The summary by issuer, as the CLI prints it.
    expect(checked['byIssuer']).toEqual(issuers.map((ruc) => ({ ruc, invoices: 2, byStatus: [expect.objectContaining({ status: 'VALID', count: 2 })] })));

    // On the grid, «F001-1» of each issuer says whose it is.
    const rows = ((await call('GET', `/api/checks/${id}/rows`)).json['rows'] ?? []) as { invoice?: string }[];
    expect(rows.map((r) => r.invoice)).toEqual(issuers.flatMap((ruc, i) => [1, 2].map((n) => `F00${i + 1}-${n} · RUC ${ruc}`)));
    const plan = (await call('GET', `/api/checks/${id}/issuers`)).json as {
      issuers: { ruc?: string; access: string; razonSocial?: string; loginProblem?: string }[];
    };
    expect(plan.issuers.map((i) => [i.ruc, i.access, i.razonSocial, i.loginProblem])).toEqual(
      issuers.map((ruc) => [ruc, 'configurado', `EMPRESA DE PRUEBA ${ruc} S.A.C.`, undefined]),
    );
    expect((await call('POST', `/api/checks/${id}/submit`, {})).status).toBe(202);
    const sent = await settled();
    expect(sent['state']).toBe('done');
    expect(sent['byStatus']).toEqual([expect.objectContaining({ status: 'ACCEPTED', count: 6 })]);
  }, 120_000);
});
