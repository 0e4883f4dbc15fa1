import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicSandbox } from '../../src/index.js';
import { startSandbox } from '../../src/index.js';
import { multipart } from '../helpers/multipart-body.js';
import { tempDir } from '../helpers/temp-dir.js';
import { journalService } from '../../src/submit/journal-service.js';
import { WORKSPACE_JOURNAL } from '../../src/web/workspace-journal.js';
import { readResultsWorkbook } from '../reliability/results-workbook-reader.js';
import { writeSalesCsv } from '../reliability/sales-sheet.js';
import type { ServeProcess } from './browser-session.js';
import type { WorkspaceApi } from './browser-session.js';
import { closeWorkspace, sandboxServiceEnv, sessionHeaders, signIn, startServe, stopServe, uploadAndRun, workspaceApi } from './browser-session.js';

interface CheckState {
  readonly state: string;
  readonly failure?: string;
  readonly byStatus: readonly { readonly status: string; readonly count: number }[];
}

/**
 * One journal for the whole workspace: a sheet uploaded again (or a corrected copy) after it was
 * sent is not sent again. Its invoices are skipped as accepted, one changed since is refused, and
 * the service's ledger holds each invoice once; two sheets are never sent at the same time.
 */
describe('the workspace’s one journal', () => {
  let sandbox: PublicSandbox;
  let dir: { path: string; cleanup: () => Promise<void> };
  let serve: ServeProcess;
  let origin = '';
  let secret = '';

  beforeAll(async () => {
    dir = await tempDir('factura-web-journal-');
    sandbox = await startSandbox({ latencyMs: 40 });
    serve = await startServe(join(dir.path, 'espacio'), sandboxServiceEnv(sandbox));
    ({ secret, origin } = await signIn(serve));
  }, 60_000);
  afterAll(async () => {
    await closeWorkspace({ serve, sandbox, dir });
  });

  /** GET without a body, POST with one. */
  const call = (path: string, body?: unknown): ReturnType<WorkspaceApi> => workspaceApi({ secret, origin })(body === undefined ? 'GET' : 'POST', path, body);
  const upload = async (name: string, content: Buffer | string): Promise<string> => {
    const { body, type } = multipart(name, content);
    const res = await request(`${origin}/api/uploads`, { method: 'POST', headers: { ...sessionHeaders({ secret, origin }), 'content-type': type }, body });
    expect(res.statusCode).toBe(200);
    return ((await res.body.json()) as { checkId: string }).checkId;
  };
  const settled = async (id: string): Promise<CheckState> => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const c = (await call(`/api/checks/${id}`)).json as unknown as CheckState;
      if (c.state === 'done' || c.state === 'failed') return c;
      if (Date.now() > deadline) throw new Error(`check ${id} did not settle in 60 s`);
      await delay(50);
    }
  };
  const checked = async (name: string, content: Buffer | string): Promise<string> => {
    const id = await upload(name, content);
    expect((await call(`/api/checks/${id}/run`, {})).status).toBe(202);
    expect((await settled(id)).state).toBe('done');
    return id;
  };
  const sent = async (id: string): Promise<Record<string, number>> => {
    expect((await call(`/api/checks/${id}/submit`, {})).status).toBe(202);
    const done = await settled(id);
    expect(done.state, done.failure).toBe('done');
    return Object.fromEntries(done.byStatus.map((s) => [s.status, s.count]));
  };

  it('skips what another upload already sent, refuses an invoice changed since, and sends nothing twice', async () => {
    const sheet = join(dir.path, 'ventas.csv');
    await writeSalesCsv(sheet, { invoices: 4 });
    const csv = await readFile(sheet, 'utf8');
    expect(await sent(await checked('ventas.csv', csv))).toEqual({ ACCEPTED: 4 });

    // The same sheet again, as a new upload: the check says its 4 valid invoices were issued already, and nothing goes to the service.
    const again = await checked('ventas (copia).csv', csv);
    // Issued: SKIPPED («ACEPTADO ANTES»), as the submission will leave them, not VALID («would be sent»).
    const view = (await call(`/api/checks/${again}`)).json as { issuedBefore: number; byStatus: { status: string; label: string; count: number }[] };
    expect(view.issuedBefore).toBe(4);
    expect(view.byStatus).toEqual([{ status: 'SKIPPED', label: 'ACEPTADO ANTES', count: 4 }]);
    // The confirmation's issuer line leaves them out of «Por enviar» and counts them apart, once.
    const plan = (await call(`/api/checks/${again}/issuers`)).json as { issuers: { toSend: number; accepted: number; issuedBefore: number }[] };
    expect(plan.issuers.map((i) => [i.toSend, i.accepted, i.issuedBefore])).toEqual([[0, 4, 4]]);
    // Which ones, at each invoice's row (its status cell), not only how many.
    const grid = (await call(`/api/checks/${again}/rows?page=0&errors=0`)).json as unknown as { rows: { row: number; rowProblems: string[] }[] };
    const said = grid.rows.flatMap((r) => r.rowProblems);
    const issuedNote = /^La factura F001-\d+ ya fue aceptada por el servicio el \d{2}\/\d{2}\/\d{4} \S+ \(según el diario de envíos\): no se envía de nuevo\.$/;
    expect(said.filter((m) => issuedNote.test(m))).toHaveLength(4);
    // Said once at each: not again as the OMITIDO note of a submission («ya aceptado en una ejecución anterior»).
    expect(said.filter((m) => m.includes('ya aceptado en una ejecución anterior'))).toEqual([]);
    expect(await sent(again)).toEqual({ SKIPPED: 4 });
    // One invoice's quantity changed since it was issued: refused by the journal, the rest skipped.
    const lines = csv.split('\n');
    const cells = (lines[1] ?? '').split(',');
    const quantity = cells.length - 4; // …, cantidad, unidadMedida, valorVentaUnitario, tipoAfectacion
    cells[quantity] = String(Number(cells[quantity]) + 1);
    lines[1] = cells.join(',');
    const changed = await checked('ventas corregida.csv', lines.join('\n'));
    const outcome = await sent(changed);
    expect(outcome['SKIPPED']).toBe(3);
    expect(outcome['ACCEPTED'] ?? 0).toBe(0);
    expect(outcome['DUPLICATE'] ?? 0).toBe(0);
    const problems = (await call(`/api/checks/${changed}/problems`)).json;
    expect(JSON.stringify(problems)).toMatch(/ya fue aceptada por el servicio con otro contenido \(según el diario de envíos\)/);
    expect(JSON.stringify(problems)).not.toContain(dir.path);

    const keys = sandbox.ledger().entries.map((e) => `${e.serie}-${e.numero}`);
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(4);
  }, 120_000);

  it('removes a sent check (its upload, workbooks and rows) and keeps what it issued: the same sheet uploaded again sends nothing', async () => {
    const sheet = join(dir.path, 'borrar.csv');
    await writeSalesCsv(sheet, { invoices: 3, serie: 'F004' });
    const csv = await readFile(sheet, 'utf8');
    const id = await checked('borrar.csv', csv);
    expect(await sent(id)).toEqual({ ACCEPTED: 3 });
    // Its results workbook written (a download), so there is more than the upload to remove.
    const results = await request(`${origin}/api/checks/${id}/download/resultados`, { headers: sessionHeaders({ secret, origin }) });
    expect(results.statusCode).toBe(200);
    await results.body.arrayBuffer();
    const folder = join(dir.path, 'espacio', 'checks', id);
    expect((await readdir(folder)).sort()).toEqual(['hoja-subida', 'resultados.xlsx']);
    // An upload's own journal, as older workspaces kept them: never removed.
    await writeFile(join(folder, 'hoja-subida.journal.jsonl'), '');

    expect(await call(`/api/checks/${id}/forget`, {})).toEqual({ status: 200, json: { forgotten: 'borrar.csv' } });
    expect((await call(`/api/checks/${id}`)).status).toBe(404);
    expect(await call(`/api/checks/${id}/forget`, {})).toEqual({ status: 404, json: { error: 'Esa revisión ya no está en el espacio de trabajo.' } });
    expect(((await call('/api/checks')).json as unknown as { id: string }[]).map((c) => c.id)).not.toContain(id);
    expect(((await call('/api/submissions')).json as unknown as { checkId: string }[]).map((s) => s.checkId)).not.toContain(id);
    expect(await readdir(folder)).toEqual(['hoja-subida.journal.jsonl']);
    expect(existsSync(join(dir.path, 'espacio', 'envios.journal.jsonl'))).toBe(true);

    // What it issued stays issued: the same sheet again is known as sent, and nothing reaches the service twice.
    const again = await checked('borrar.csv', csv);
    expect((await call(`/api/checks/${again}`)).json).toMatchObject({ issuedBefore: 3 });
    // The results its first download writes say so too, at each invoice, as the page does.
    const said = await request(`${origin}/api/checks/${again}/download/resultados`, { headers: sessionHeaders({ secret, origin }) });
    expect(said.statusCode).toBe(200);
    await writeFile(join(dir.path, 'borrar.resultados.xlsx'), Buffer.from(await said.body.arrayBuffer()));
    const workbook = await readResultsWorkbook(join(dir.path, 'borrar.resultados.xlsx'));
    expect(workbook.problemCodes.filter((c) => c === 'ALREADY_ISSUED')).toHaveLength(3);
    expect(await sent(again)).toEqual({ SKIPPED: 3 });
    expect(sandbox.ledger().entries.filter((e) => e.serie === 'F004')).toHaveLength(3);
  }, 120_000);

  it('sends one sheet at a time: a second «Enviar» while another sheet is sending is refused, and goes once that one ends', async () => {
    const a = join(dir.path, 'a.csv');
    const b = join(dir.path, 'b.csv');
    await writeSalesCsv(a, { invoices: 30, serie: 'F002' });
    await writeSalesCsv(b, { invoices: 2, serie: 'F003' });
    const first = await checked('a.csv', await readFile(a));
    const second = await checked('b.csv', await readFile(b));
    expect((await call(`/api/checks/${first}/submit`, {})).status).toBe(202);
    // Nor is a sheet being sent removed from the workspace.
    expect(await call(`/api/checks/${first}/forget`, {})).toEqual({
      status: 409,
      json: { error: '«a.csv» se está revisando o enviando: espere a que termine (o detenga el envío) y vuelva a pulsar «Eliminar».' },
    });
    // «Detener» on a sheet that is not being sent is refused, and on one that is not there is not found.
    expect(await call(`/api/checks/${second}/stop`, {})).toEqual({ status: 409, json: { error: 'Esta hoja no se está enviando.' } });
    expect(await call('/api/checks/00000000-0000-4000-8000-000000000000/stop', {})).toEqual({
      status: 404,
      json: { error: 'No se encontró esa revisión en el espacio de trabajo.' },
    });
    const refused = await call(`/api/checks/${second}/submit`, {});
    expect(refused).toEqual({
      status: 409,
      json: {
        error:
          'Se está enviando otra hoja («a.csv»): espere a que termine, o deténgala, y pulse «Enviar» de nuevo. Los envíos van de uno en uno para que ninguna factura se envíe dos veces.',
      },
    });
    expect((await settled(first)).state).toBe('done');
    expect(await sent(second)).toEqual({ ACCEPTED: 2 });
  }, 120_000);
});

describe('a workspace whose uploads each kept a journal', () => {
  it('folds those journals into the workspace’s at start: what one of them accepted is known to every upload', async () => {
    const dir = await tempDir('factura-web-journal-old-');
    const sandbox = await startSandbox();
    let serve: ServeProcess | undefined;
    try {
      // An earlier workspace's upload issued F009-1 (with content the sheet below no longer has).
      const workspace = join(dir.path, 'espacio');
      const old = join(workspace, 'checks', '5b0f8a4e-0000-4000-8000-000000000001');
      await mkdir(old, { recursive: true });
      const key = `${sandbox.credentials.ruc}-F009-1`;
      await writeFile(
        join(old, 'hoja-subida.journal.jsonl'),
        `${JSON.stringify({ t: 'outcome', key, hash: 'f'.repeat(64), status: 'ACCEPTED', identificador: 'X-1', at: '2026-11-20T15:00:00.000Z' })}\n`,
      );
      serve = await startServe(workspace, sandboxServiceEnv(sandbox));
      expect(existsSync(join(old, 'hoja-subida.journal.jsonl.unido'))).toBe(true);
      const { secret, origin } = await signIn(serve);
      const sheet = join(dir.path, 'f009.csv');
      await writeSalesCsv(sheet, { invoices: 1, serie: 'F009' });
      const { body, type } = multipart('f009.csv', await readFile(sheet));
      const post = (path: string, data: Buffer | string, contentType: string) =>
        request(`${origin}${path}`, { method: 'POST', headers: { ...sessionHeaders({ secret, origin }), 'content-type': contentType }, body: data });
      const id = ((await (await post('/api/uploads', body, type)).body.json()) as { checkId: string }).checkId;
      const state = async (): Promise<CheckState> =>
        (await (await request(`${origin}/api/checks/${id}`, { headers: sessionHeaders({ secret, origin }) })).body.json()) as CheckState;
      const until = async (): Promise<CheckState> => {
        for (let i = 0; i < 1200; i++) {
          const s = await state();
          if (s.state === 'done' || s.state === 'failed') return s;
          await delay(50);
        }
        throw new Error('the check did not settle in 60 s');
      };
      expect((await post(`/api/checks/${id}/run`, '{}', 'application/json')).statusCode).toBe(202);
      expect((await until()).state).toBe('done');
      expect((await post(`/api/checks/${id}/submit`, '{}', 'application/json')).statusCode).toBe(202);
      const done = await until();
      expect(done.byStatus).toEqual([expect.objectContaining({ status: 'INVALID', count: 1 })]);
      expect(sandbox.ledger().entries).toEqual([]);
    } finally {
      await closeWorkspace({ serve, sandbox, dir });
    }
  }, 120_000);
});

describe('a workspace whose service is set but whose login is not typed yet', () => {
  it('counts the valid invoices its journal shows as issued by its one issuer: the banner and «Por enviar» leave them out', async () => {
    const dir = await tempDir('factura-web-journal-nologin-');
    const sandbox = await startSandbox();
    let serve: ServeProcess | undefined;
    try {
      // The workspace's journal: F011-1 accepted at this service for one issuer, the one it has ever sent for.
      const workspace = join(dir.path, 'espacio');
      await mkdir(workspace, { recursive: true });
      const at = {
        t: 'outcome',
        hash: 'f'.repeat(64),
        status: 'ACCEPTED',
        identificador: 'X-1',
        to: journalService(sandbox.url),
        at: '2026-11-20T15:00:00.000Z',
      };
      await writeFile(join(workspace, WORKSPACE_JOURNAL), `${JSON.stringify({ ...at, key: `${sandbox.credentials.ruc}-F011-1` })}\n`);
      // The service's address only: the login is typed in the page later.
      const { FACTURA_AUTH_URL, FACTURA_BASE_URL } = sandboxServiceEnv(sandbox);
      serve = await startServe(workspace, { FACTURA_AUTH_URL: FACTURA_AUTH_URL ?? '', FACTURA_BASE_URL: FACTURA_BASE_URL ?? '' });
      const session = await signIn(serve);
      const call = workspaceApi(session);
      const sheet = join(dir.path, 'f011.csv');
      await writeSalesCsv(sheet, { invoices: 3, serie: 'F011' });
      const id = await uploadAndRun(session, 'f011.csv', await readFile(sheet));
      const view = (await call('GET', `/api/checks/${id}`)).json as { issuedBefore: number; byStatus: { status: string; count: number }[] };
      expect(view.issuedBefore).toBe(1);
      expect(view.byStatus.map((s) => [s.status, s.count])).toEqual([
        ['VALID', 2],
        ['SKIPPED', 1],
      ]);
      const plan = (await call('GET', `/api/checks/${id}/issuers`)).json as { issuers: { toSend: number; accepted: number; issuedBefore: number }[] };
      expect(plan.issuers.map((i) => [i.toSend, i.accepted, i.issuedBefore])).toEqual([[2, 1, 1]]);
    } finally {
      await closeWorkspace({ serve, sandbox, dir });
    }
  }, 120_000);
});

describe('a workspace that sent a sheet to one service, then serves another', () => {
  it('counts nothing the first accepted as issued at the second: the check says so until it is checked again, then sends them all', async () => {
    const dir = await tempDir('factura-web-journal-two-');
    const trial = await startSandbox();
    const real = await startSandbox();
    let serve: ServeProcess | undefined;
    try {
      const workspace = join(dir.path, 'espacio');
      const sheet = join(dir.path, 'ventas.csv');
      await writeSalesCsv(sheet, { invoices: 3, serie: 'F010' });
      const session = async (env: Record<string, string>): Promise<{ call: WorkspaceApi; secret: string; origin: string }> => {
        await stopServe(serve);
        serve = await startServe(workspace, env);
        const signed = await signIn(serve);
        return { call: workspaceApi(signed), ...signed };
      };
      const settled = async (call: WorkspaceApi, id: string): Promise<Record<string, unknown>> => {
        for (let i = 0; i < 1200; i++) {
          const c = (await call('GET', `/api/checks/${id}`)).json;
          if (c['state'] === 'done' || c['state'] === 'failed') return c;
          await delay(50);
        }
        throw new Error('the check did not settle in 60 s');
      };
      const counts = (c: Record<string, unknown>): Record<string, number> =>
        Object.fromEntries((c['byStatus'] as { status: string; count: number }[]).map((s) => [s.status, s.count]));

      // A trial: checked and sent to the first service.
      const first = await session(sandboxServiceEnv(trial));
      let call = first.call;
      const { secret, origin } = first;
      const { body, type } = multipart('ventas.csv', await readFile(sheet));
      const uploaded = await request(`${origin}/api/uploads`, {
        method: 'POST',
        headers: { ...sessionHeaders({ secret, origin }), 'content-type': type },
        body,
      });
      const id = ((await uploaded.body.json()) as { checkId: string }).checkId;
      expect((await call('POST', `/api/checks/${id}/run`, {})).status).toBe(202);
      await settled(call, id);
      expect((await call('POST', `/api/checks/${id}/submit`, {})).status).toBe(202);
      const tried = await settled(call, id);
      expect(counts(tried)).toEqual({ ACCEPTED: 3 });
      const trialService = (await call('GET', '/api/service')).json['journalService'];
      expect(tried['service']).toBe(trialService);

      // Checked on a server with no service: nothing counts as issued there, and the check says it had none.
      call = (await session({})).call;
      expect((await call('POST', `/api/checks/${id}/run`, {})).status).toBe(202);
      const unserved = await settled(call, id);
      expect(counts(unserved)).toEqual({ VALID: 3 });
      expect(unserved).toMatchObject({ issuedBefore: 0, service: '' });

      // The same workspace, now sending to the second service: the check's statuses are no service's, and the page holds «Enviar» back.
      call = (await session(sandboxServiceEnv(real))).call;
      const here = (await call('GET', '/api/service')).json['journalService'];
      expect(here).not.toBe(trialService);
      expect((await call('GET', `/api/checks/${id}`)).json['service']).toBe('');
      // Checked again there: valid, none issued at this service; sent: all three reach it.
      expect((await call('POST', `/api/checks/${id}/run`, {})).status).toBe(202);
      const again = await settled(call, id);
      expect(counts(again)).toEqual({ VALID: 3 });
      expect(again).toMatchObject({ issuedBefore: 0, service: here });
      expect((await call('POST', `/api/checks/${id}/submit`, {})).status).toBe(202);
      expect(counts(await settled(call, id))).toEqual({ ACCEPTED: 3 });
      expect(
        real
          .ledger()
          .entries.map((e) => e.numero)
          .sort(),
      ).toEqual([1, 2, 3]);
      expect(trial.ledger().entries).toHaveLength(3);
    } finally {
      await stopServe(serve);
      await real.close();
      await closeWorkspace({ serve: undefined, sandbox: trial, dir });
    }
  }, 180_000);
});
