import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicSandbox } from '../../src/index.js';
import { startSandbox } from '../../src/index.js';
import type { CheckProgress } from '../../src/web/workspace-api.js';
import { tempDir } from '../helpers/temp-dir.js';
import { writeSalesCsv } from '../reliability/sales-sheet.js';
import type { ServeProcess, Session, WorkspaceApi } from './browser-session.js';
import { closeWorkspace, sandboxServiceEnv, sessionHeaders, signIn, startServe, uploadAndRun, workspaceApi } from './browser-session.js';

/**
 * «Enviar» while the service asks to try again: the page's count stands still (outcomes come in
 * the sheet's order), so the progress says which invoice waits, for which attempt and until when,
 * and stops saying it once that invoice's outcome comes.
 */
describe('the workspace while an invoice waits for a retry', () => {
  let sandbox: PublicSandbox;
  let dir: { path: string; cleanup: () => Promise<void> };
  let serve: ServeProcess;
  let session: Session;
  let call: WorkspaceApi;

  beforeAll(async () => {
    dir = await tempDir('factura-web-retry-wait-');
    sandbox = await startSandbox();
    serve = await startServe(join(dir.path, 'espacio'), sandboxServiceEnv(sandbox));
    session = await signIn(serve);
    call = workspaceApi(session);
  }, 60_000);
  afterAll(async () => {
    await closeWorkspace({ serve, sandbox, dir });
  });

  it('says which invoice waits and until when in the live progress, then sends it once the service answers', async () => {
    const sheet = join(dir.path, 'ventas.csv');
    await writeSalesCsv(sheet, { invoices: 1, serie: 'F021' });
    const id = await uploadAndRun(session, 'ventas.csv', await readFile(sheet));
    expect((await call('GET', `/api/checks/${id}`)).json['state']).toBe('done');

    // Every PUT answered 500 until the page has said the wait.
    sandbox.setFaults({ failureRate: 1 });
    expect((await call('POST', `/api/checks/${id}/submit`, {})).status).toBe(202);
    const events = await request(`${session.origin}/api/checks/${id}/events`, { headers: sessionHeaders(session) });
    const seen: CheckProgress[] = [];
    let buffered = '';
    for await (const chunk of events.body) {
      buffered += String(chunk);
      const frames = buffered.split('\n\n');
      buffered = frames.pop() ?? '';
      for (const frame of frames) {
        const event = JSON.parse(frame.replace(/^data: /, '')) as CheckProgress;
        seen.push(event);
        if (event.type === 'progress' && event.note?.includes(': intento ') === true) sandbox.setFaults({ failureRate: 0 });
      }
    }
    const notes = seen.flatMap((e) => (e.type === 'progress' && e.note !== undefined ? [e.note] : []));
    expect(notes[0]).toMatch(/^F021-1: intento 2 de 5 a las \d\d:\d\d:\d\d \(error interno del servicio, HTTP 500\)$/);
    // Once its outcome came, the progress says no more of it; the stream ends with the run.
    const last = seen.at(-2);
    expect(last?.type === 'progress' ? last.note : 'not a progress').toBeUndefined();
    expect(seen.at(-1)).toEqual({ type: 'done' });
    const counts = (await call('GET', `/api/checks/${id}`)).json['byStatus'] as { status: string; count: number }[];
    expect(counts).toEqual([expect.objectContaining({ status: 'ACCEPTED', count: 1 })]);
    expect(sandbox.ledger().entries.map((e) => e.numero)).toEqual([1]);
  }, 60_000);
});
