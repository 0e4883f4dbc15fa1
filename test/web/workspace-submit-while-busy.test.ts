import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicSandbox } from '../../src/index.js';
import { startSandbox } from '../../src/index.js';
import { tempDir } from '../helpers/temp-dir.js';
import { writeSalesCsv } from '../reliability/sales-sheet.js';
import type { ServeProcess, Session, WorkspaceApi } from './browser-session.js';
import { sandboxServiceEnv, signIn, startServe, stopServe, uploadAndRun, workspaceApi } from './browser-session.js';

/** Enough invoices that a check of them lasts far longer than the next call takes. */
const INVOICES = 8_000;

/**
 * «Enviar» on a check being checked or sent (from another tab) was refused with «Esta hoja ya se está revisando o
 * enviando.» and no code, so the page could not tell it from a failure; it now carries the code the page keeps its
 * review on (ERROR_CODES: `running`, `sending`), as «Revalidar»'s refusal does, and sends nothing.
 */
describe('the web workspace: «Enviar» refused while the sheet is checked or sent', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  let sandbox: PublicSandbox;
  let serve: ServeProcess;
  let session: Session;
  let call: WorkspaceApi;
  let id: string;

  beforeAll(async () => {
    dir = await tempDir('factura-web-submit-busy-');
    sandbox = await startSandbox();
    serve = await startServe(join(dir.path, 'espacio'), sandboxServiceEnv(sandbox));
    session = await signIn(serve);
    call = workspaceApi(session);
  }, 180_000);
  afterAll(async () => {
    await stopServe(serve);
    await sandbox?.close();
    await dir?.cleanup();
  });

  it('says `running` while the sheet is being checked, and sends nothing', async () => {
    const sheet = join(dir.path, 'ventas.csv');
    await writeSalesCsv(sheet, { invoices: INVOICES });
    id = await uploadAndRun(session, 'ventas.csv', await readFile(sheet));
    expect((await call('POST', `/api/checks/${id}/run`, {})).status).toBe(202);
    const refused = await call('POST', `/api/checks/${id}/submit`, {});
    expect(refused).toEqual({ status: 409, json: { error: expect.stringContaining('se está revisando') as unknown, code: 'running' } });
    await expect.poll(async () => (await call('GET', `/api/checks/${id}`)).json['state'], { timeout: 120_000, interval: 200 }).toBe('done');
    expect(sandbox.ledger().entries).toHaveLength(0);
  }, 180_000);

  it('says `sending` while the sheet is being sent, and sends each invoice once', async () => {
    const few = join(dir.path, 'pocas.csv');
    await writeSalesCsv(few, { invoices: 4, serie: 'F002' });
    const fewId = await uploadAndRun(session, 'pocas.csv', await readFile(few));
    sandbox.setFaults({ latencyMs: 1_000 });
    expect((await call('POST', `/api/checks/${fewId}/submit`, {})).status).toBe(202);
    const refused = await call('POST', `/api/checks/${fewId}/submit`, {});
    expect(refused).toEqual({ status: 409, json: { error: expect.stringContaining('se está enviando') as unknown, code: 'sending' } });
    sandbox.setFaults({ latencyMs: 0 });
    await expect.poll(async () => (await call('GET', `/api/checks/${fewId}`)).json['sending'], { timeout: 60_000, interval: 200 }).toBe(false);
    expect(
      sandbox
        .ledger()
        .entries.map((e) => `${e.serie}-${e.numero}`)
        .sort(),
    ).toEqual(['F002-1', 'F002-2', 'F002-3', 'F002-4']);
  }, 120_000);
});
