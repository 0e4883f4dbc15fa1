import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONCURRENCY } from '../../src/config/resolve-settings.js';
import { multipart } from '../helpers/multipart-body.js';
import { tempDir } from '../helpers/temp-dir.js';
import type { ServeProcess } from '../web/browser-session.js';
import { giveSession, openBrowser, sessionHeaders, signIn, startServe, stopServe } from '../web/browser-session.js';
import { writeSalesCsv } from './sales-sheet.js';
import type { SandboxProcess } from './sandbox-process.js';
import { startSandboxProcess } from './sandbox-process.js';

/**
 * The web workspace (`factura-import serve`, a real process) killed with SIGKILL while «Enviar»
 * sends, then started again on the same workspace: what the user finds there, and a second
 * «Enviar» that must end with every invoice in the service's ledger once (the check's journal and
 * its lock, as on the command line).
 */
const INVOICES = 60;

interface CheckState {
  readonly state: string;
  readonly failure?: string;
  readonly byStatus: readonly { readonly status: string; readonly count: number }[];
}

/** A session on a running workspace server: its JSON API, and the upload. */
interface Session {
  readonly secret: string;
  readonly origin: string;
  api(path: string, body?: unknown): Promise<{ status: number; json: unknown }>;
  upload(fileName: string, content: Buffer): Promise<{ status: number; json: unknown }>;
}

async function sessionOn(serve: ServeProcess): Promise<Session> {
  const { secret, origin } = await signIn(serve);
  const send = async (path: string, method: 'GET' | 'POST', type?: string, body?: Buffer | string) => {
    const res = await request(`${origin}${path}`, {
      method,
      headers: { ...sessionHeaders({ secret, origin }), ...(type !== undefined ? { 'content-type': type } : {}) },
      body: body ?? null,
    });
    return { status: res.statusCode, json: await res.body.json() };
  };
  return {
    secret,
    origin,
    api: (path, body) => (body === undefined ? send(path, 'GET') : send(path, 'POST', 'application/json', JSON.stringify(body))),
    upload: (fileName, content) => {
      const { body, type } = multipart(fileName, content);
      return send('/api/uploads', 'POST', type, body);
    },
  };
}

/** Polls `done` every 50 ms until it holds, at most `timeoutMs`. */
async function until(what: string, done: () => Promise<boolean>, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`not reached in ${timeoutMs} ms: ${what}`);
    await delay(50);
  }
}

describe('the web workspace killed while it sends', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  let sandbox: SandboxProcess | undefined;
  const serves: ServeProcess[] = [];
  beforeEach(async () => {
    dir = await tempDir('web-crash-');
  });
  afterEach(async () => {
    for (const s of serves) await stopServe(s, 'SIGKILL');
    await sandbox?.stop();
    await dir.cleanup();
  });

  it('says the submission was interrupted; «Revisar de nuevo» then «Enviar» sends the rest, every invoice once', async () => {
    sandbox = await startSandboxProcess(['--latency', '60', '--seed', '9']);
    const sheet = join(dir.path, 'ventas.csv');
    await writeSalesCsv(sheet, { invoices: INVOICES });
    const workspace = join(dir.path, 'espacio');
    const start = async (): Promise<Session> => {
      const serve = await startServe(workspace, { ...sandbox?.env });
      serves.push(serve);
      return sessionOn(serve);
    };
    const check = async (s: Session, id: string): Promise<CheckState> => (await s.api(`/api/checks/${id}`)).json as CheckState;
    const settled = async (s: Session, id: string): Promise<CheckState> => {
      let last: CheckState | undefined;
      await until(`check ${id} settled`, async () => {
        last = await check(s, id);
        return last.state === 'done' || last.state === 'failed';
      });
      return last as CheckState;
    };

    // Upload, check, «Enviar»; killed once a third of the invoices are in the ledger.
    const first = await start();
    const uploaded = await first.upload('ventas.csv', await readFile(sheet));
    expect(uploaded.status).toBe(200);
    const id = (uploaded.json as { checkId: string }).checkId;
    expect((await first.api(`/api/checks/${id}/run`, {})).status).toBe(202);
    expect((await settled(first, id)).state).toBe('done');
    expect((await first.api(`/api/checks/${id}/submit`, {})).status).toBe(202);
    await until('a third of the invoices accepted', async () => ((await sandbox?.ledger())?.entries.length ?? 0) >= INVOICES / 3);
    // Killed as a crash would, through stopServe: the test's helper does not report it as unexpected.
    await stopServe(serves[0], 'SIGKILL');
    const before = (await sandbox.ledger()).entries.length;
    expect(before, 'the workspace was killed after it had sent everything').toBeLessThan(INVOICES);

    // Started again: the check says what happened and what to do; its submission is marked interrupted.
    const second = await start();
    const found = await check(second, id);
    expect(found.state).toBe('failed');
    expect(found.failure).toBe(
      'El envío se interrumpió porque el programa se cerró. Pulse «Revisar de nuevo» y luego «Enviar» para enviar el resto: las facturas ya aceptadas no se envían dos veces.',
    );
    const history = (await second.api('/api/submissions')).json as { checkId: string; interrupted: boolean; finishedAt?: string; failure?: string }[];
    const interrupted = history.find((h) => h.checkId === id);
    expect(interrupted?.interrupted).toBe(true);
    expect(interrupted?.failure, 'what it sent stands: not «no se envió»').toBeUndefined();
    expect(interrupted?.finishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // The page's history says what stopped, in its own words, not «No se pudo revisar».
    const browser = await openBrowser(join(dir.path, 'perfil'));
    try {
      await giveSession(browser.context, second);
      await browser.page.goto(second.origin);
      const row = browser.page.getByRole('row', { name: /ventas\.csv/ });
      await row.getByText('(detenido)').waitFor();
      const text = await row.innerText();
      expect(text).toContain('El envío se interrumpió porque el programa se cerró.');
      expect(text).not.toContain('No se pudo revisar');
      // Opened, it says what stopped: the sending, not the check.
      await browser.page.getByRole('button', { name: 'Abrir la revisión de ventas.csv' }).click();
      await browser.page.getByRole('heading', { name: 'Se interrumpió el envío de «ventas.csv»' }).waitFor();
      expect(await browser.page.getByRole('heading', { name: /No se pudo revisar/ }).count()).toBe(0);
    } finally {
      await browser.context.close();
    }

    // «Revisar de nuevo», then «Enviar»: the rest is sent, nothing twice.
    expect((await second.api(`/api/checks/${id}/run`, {})).status).toBe(202);
    expect((await settled(second, id)).state).toBe('done');
    expect((await second.api(`/api/checks/${id}/submit`, {})).status).toBe(202);
    const sent = await settled(second, id);
    expect(sent.state, sent.failure).toBe('done');
    const count = (status: string): number => sent.byStatus.find((s) => s.status === status)?.count ?? 0;
    expect(count('ACCEPTED') + count('SKIPPED')).toBe(INVOICES);
    // Accepted before the kill and journaled then: all but those in flight at the kill (at most the
    // submission's concurrency), which the ledger holds but the journal had not recorded; they are sent
    // again and recovered as accepted, never issued twice (the ledger check below).
    expect(count('SKIPPED')).toBeGreaterThanOrEqual(before - DEFAULT_CONCURRENCY);
    const ledger = await sandbox.ledger();
    const keys = ledger.entries.map((e) => `${e.serie}-${e.numero}`);
    expect(keys).toHaveLength(INVOICES);
    expect(new Set(keys).size).toBe(INVOICES);
  }, 300_000);
});
