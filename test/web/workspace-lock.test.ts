import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/logger.js';
import { parseLockHolder } from '../../src/submit/judge-run-lock.js';
import { acquireRunLock } from '../../src/submit/run-lock.js';
import { openWorkspaceStore } from '../../src/web/workspace-store.js';
import { runCli } from '../helpers/cli-process.js';
import { tempDir } from '../helpers/temp-dir.js';
import { writeSalesCsv } from '../reliability/sales-sheet.js';
import type { SandboxProcess } from '../reliability/sandbox-process.js';
import { startSandboxProcess } from '../reliability/sandbox-process.js';
import type { ServeProcess, Session, WorkspaceApi } from './browser-session.js';
import { signIn, startServe, stopServe, uploadAndRun, workspaceApi } from './browser-session.js';

/**
 * One `factura-import serve` per workspace folder (real processes): a second one on a folder a live
 * serve holds exits 2 and changes nothing, even while the first one sends; the folder of a serve
 * killed with SIGKILL opens. And, whatever another program wrote in the database, a check being
 * sent is not checked again, and a submission refused at the journal's lock leaves the history as it was.
 */
const INVOICES = 20;
/** Each answer of the sandbox takes this long: a submission of INVOICES lasts seconds, the assertions made during it a fraction of one. */
const LATENCY_MS = 1000;
/** The refusal of a check while it is being sent (ErrorBody, with the code the page acts on). */
const SENDING = { error: 'Esta hoja se está enviando: espere a que termine (o pulse «Detener») y vuelva a revisarla.', code: 'sending' };

interface CheckState {
  readonly state: string;
  readonly failure?: string;
  readonly sending?: boolean;
  readonly byStatus: readonly { readonly status: string; readonly count: number }[];
}

describe('one serve per workspace folder', () => {
  let sandbox: SandboxProcess;
  let dir: { path: string; cleanup: () => Promise<void> };
  const serves: ServeProcess[] = [];

  beforeAll(async () => {
    sandbox = await startSandboxProcess(['--latency', String(LATENCY_MS), '--seed', '5']);
  }, 60_000);
  afterAll(async () => {
    await sandbox?.stop();
  });
  beforeEach(async () => {
    dir = await tempDir('factura-ws-lock-');
  });
  afterEach(async () => {
    await fetch(`${sandbox.url}/__sandbox/faults`, { method: 'POST', body: JSON.stringify({ latencyMs: LATENCY_MS }) });
    for (const s of serves.splice(0)) await stopServe(s, 'SIGKILL');
    await dir.cleanup();
  });

  const start = async (workspace: string): Promise<{ serve: ServeProcess; call: WorkspaceApi; session: Session }> => {
    const serve = await startServe(workspace, { ...sandbox.env });
    serves.push(serve);
    const session = await signIn(serve);
    return { serve, call: workspaceApi(session), session };
  };
  /** Changes the sandbox's faults (its latency) from now on. */
  const faults = async (patch: Record<string, unknown>): Promise<void> => {
    const res = await fetch(`${sandbox.url}/__sandbox/faults`, { method: 'POST', body: JSON.stringify(patch) });
    expect(res.status).toBe(200);
  };
  const checkOf = async (call: WorkspaceApi, id: string): Promise<CheckState> => (await call('GET', `/api/checks/${id}`)).json as unknown as CheckState;
  const submissionOf = async (call: WorkspaceApi, id: string): Promise<Record<string, unknown> | undefined> =>
    ((await call('GET', '/api/submissions')).json as unknown as Record<string, unknown>[]).find((s) => s['checkId'] === id);
  /** Polls (bounded) until `done` holds. */
  const until = async (what: string, done: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> => {
    await expect.poll(done, { timeout: timeoutMs, interval: 50, message: what }).toBe(true);
  };
  /** A checked sheet of INVOICES invoices of serie `serie`, sending: resolves once the service has some of them. */
  const sending = async (call: WorkspaceApi, session: Session, serie: string): Promise<string> => {
    const sheet = join(dir.path, `${serie}.csv`);
    await writeSalesCsv(sheet, { invoices: INVOICES, serie });
    const id = await uploadAndRun(session, `${serie}.csv`, await readFile(sheet));
    expect((await checkOf(call, id)).state).toBe('done');
    const before = (await sandbox.ledger()).entries.length;
    expect((await call('POST', `/api/checks/${id}/submit`, {})).status).toBe(202);
    await until('the first invoices accepted', async () => (await sandbox.ledger()).entries.length > before);
    return id;
  };
  const ended = async (call: WorkspaceApi, id: string): Promise<CheckState> => {
    await until('the submission ended', async () => {
      const c = await checkOf(call, id);
      return c.state !== 'running' && c.sending !== true;
    });
    return checkOf(call, id);
  };

  it('a second serve on a folder a live serve holds, while it sends: exit 2, one line that says by whom and where, nothing changed', async () => {
    const workspace = join(dir.path, 'espacio');
    const { serve, call, session } = await start(workspace);
    const id = await sending(call, session, 'F101');
    const seen = async () => {
      const c = await checkOf(call, id);
      return { state: c.state, failure: c.failure, sending: c.sending, submission: await submissionOf(call, id) };
    };
    // Each answer slower while the second serve starts (a few seconds on a loaded machine): the first one is surely still sending.
    await faults({ latencyMs: 5 * LATENCY_MS });
    const before = await seen();
    expect(before).toMatchObject({ state: 'running', sending: true, submission: { interrupted: false } });

    // Another port: the folder is refused, not the port.
    const second = await runCli(['serve', '--no-open', '--port', '0', '--workspace', workspace], { env: { ...sandbox.env }, timeoutMs: 30_000 });
    expect(second.code, second.stdout + second.stderr).toBe(2);
    expect(second.stdout).toBe('');
    const origin = new URL(serve.url).origin;
    expect(second.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^factura-import: El espacio de trabajo ${workspace.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} ya está abierto en otro «factura-import serve» \\(PID ${serve.child.pid}, desde [^)]+\\) en ${origin}/: vuelva a la pestaña del navegador donde lo abrió; si la cerró, detenga ese programa con Ctrl-C en su terminal \\(o termine el proceso ${serve.child.pid}\\) e inícielo de nuevo para obtener un enlace nuevo\\. No se cambió nada\\.$`,
        ),
      ),
    ]);
    // The one-time link is not in the lock, nor said.
    const token = new URL(serve.url).searchParams.get('t') ?? '';
    expect(second.stderr).not.toContain(token);
    expect(await readFile(join(workspace, 'espacio-de-trabajo.lock'), 'utf8')).not.toContain(token);

    // The first server's check and history are as they were, and its submission ends as it would have.
    const after = await seen();
    await faults({ latencyMs: LATENCY_MS });
    expect(after).toEqual({ ...before, submission: after.submission });
    expect(after.submission).toEqual(before.submission);
    const done = await ended(call, id);
    expect(done.state, done.failure).toBe('done');
    expect(done.byStatus).toEqual([expect.objectContaining({ status: 'ACCEPTED', count: INVOICES })]);
    expect(await submissionOf(call, id)).toMatchObject({ interrupted: false, byStatus: [{ status: 'ACCEPTED', count: INVOICES }] });
  }, 180_000);

  it('the folder of a serve killed with SIGKILL opens in the next one, which says so', async () => {
    const workspace = join(dir.path, 'espacio');
    const { serve } = await start(workspace);
    const lock = join(workspace, 'espacio-de-trabajo.lock');
    expect(parseLockHolder(await readFile(lock, 'utf8'))).toMatchObject({ pid: serve.child.pid, url: `${new URL(serve.url).origin}/` });
    await stopServe(serve, 'SIGKILL');
    expect(existsSync(lock), 'a serve killed with SIGKILL leaves its lock').toBe(true);

    const next = await start(workspace);
    expect(parseLockHolder(await readFile(lock, 'utf8'))).toMatchObject({ pid: next.serve.child.pid });
    // On stderr, written before the link on stdout; the two pipes may arrive in either order.
    await expect
      .poll(() => next.serve.output(), { timeout: 10_000, interval: 50 })
      .toContain(`factura-import: se abre el espacio de trabajo que dejó abierto un «factura-import serve» que ya no existe (PID ${serve.child.pid}, desde `);
    expect((await next.call('GET', '/api/checks')).status).toBe(200);
    // Stopped as Ctrl-C stops it: the lock goes with it.
    await stopServe(next.serve, 'SIGTERM');
    expect(existsSync(lock)).toBe(false);
  }, 120_000);

  it('a check being sent is not checked again, whatever another program wrote in the database', async () => {
    const workspace = join(dir.path, 'espacio');
    const { call, session } = await start(workspace);
    const id = await sending(call, session, 'F102');
    // Slower answers while the test acts: the submission is surely still running.
    await faults({ latencyMs: 5 * LATENCY_MS });
    // Running as the submission's check, it is refused as being sent, with the code a page tells apart from other refusals.
    expect(await checkOf(call, id)).toMatchObject({ state: 'running', sending: true });
    expect(await call('POST', `/api/checks/${id}/run`, {})).toEqual({ status: 409, json: SENDING });
    // A program that does not take the workspace's lock (an older factura-import) opens the database and, as at a
    // start, calls the running submission interrupted.
    const other = openWorkspaceStore(join(workspace, 'espacio-de-trabajo.sqlite'));
    try {
      other.abandonRunning(
        { checking: { es: 'revisión cortada', en: 'check cut' }, sending: { es: 'envío cortado', en: 'submission cut' } },
        new Date().toISOString(),
      );
    } finally {
      other.close();
    }
    expect(await checkOf(call, id)).toMatchObject({ state: 'failed', sending: true });
    expect(await call('POST', `/api/checks/${id}/run`, {})).toEqual({ status: 409, json: SENDING });
    expect((await call('POST', `/api/checks/${id}/forget`, {})).status).toBe(409);
    // Still sending when refused: the refusal was made during the submission.
    expect((await checkOf(call, id)).sending).toBe(true);
    await faults({ latencyMs: LATENCY_MS });
    const done = await ended(call, id);
    expect(done.byStatus).toEqual([expect.objectContaining({ status: 'ACCEPTED', count: INVOICES })]);
  }, 180_000);

  it('a submission refused because another program holds the journal leaves the history with the submission before', async () => {
    const workspace = join(dir.path, 'espacio');
    const { call, session } = await start(workspace);
    const id = await sending(call, session, 'F103');
    expect((await ended(call, id)).state).toBe('done');
    const sent = await submissionOf(call, id);
    expect(sent).toMatchObject({ interrupted: false, byStatus: [{ status: 'ACCEPTED', count: INVOICES }] });
    expect(sent?.['failure']).toBeUndefined();

    const lock = await acquireRunLock(join(workspace, 'envios.journal.jsonl'), {
      command: 'factura-import submit otra.xlsx',
      logger: silentLogger(),
      lang: 'es',
    });
    try {
      expect((await call('POST', `/api/checks/${id}/submit`, {})).status).toBe(202);
      const refused = await ended(call, id);
      expect(refused.failure).toContain('factura-import submit otra.xlsx');
    } finally {
      await lock.release();
    }
    // Not «Envío intentado …: no se envió»: the history still says what was sent.
    expect(await submissionOf(call, id)).toEqual(sent);
  }, 180_000);
});
