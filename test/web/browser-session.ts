import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { request } from 'undici';
import { expect } from 'vitest';
import type { PublicSandbox } from '../../src/index.js';
import { startSandbox } from '../../src/index.js';
import { LINK_HEADER, SESSION_HEADER, SESSION_PATH } from '../../src/web/workspace-api.js';
import { PROJECT_ROOT, spawnCli } from '../helpers/cli-process.js';
import { tempDir } from '../helpers/temp-dir.js';
import { watchedPages } from './page-frames.js';

/** Debian's Chromium; scripts/ensure-test-tools.sh (run by `npm test`) installs it when absent. */
export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
/** Without the background-networking flags Chromium stalls on this machine's closed network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * How long a read of the page may take to show what an action changed: every read is polled, since the page
 * draws from answers and effects that come after the element a test waited for.
 */
export const POLL = { timeout: 30_000, interval: 100 };

/** `factura-import serve` as a real process, and the one-time link it printed. */
export interface ServeProcess {
  readonly child: ChildProcess;
  readonly url: string;
  /** What the server wrote so far on stdout and stderr (its last 64 KB). */
  readonly output: () => string;
}

/** How much of serve's own output a test keeps, to print if the server goes away under it. */
const OUTPUT_TAIL = 64 * 1024;
/** The servers a test stopped itself: their exit is expected and not reported. */
const stopping = new WeakSet<ChildProcess>();

/**
 * Starts `factura-import serve` on a free port (with `flags`, e.g. `--sandbox`, or `--port N` for a given one: a
 * restart on the same address) and reads the URL from its first line.
 * For the whole test the server's output is kept (its last 64 KB), and if the process ends without stopServe
 * asking, its exit code or signal and that output are written to the test's stderr: a page that then says
 * «No se pudo comunicar con el espacio de trabajo» comes with the server's own last words (one CI run lost its
 * server between two tests, and why could not be told).
 */
export async function startServe(workspace: string, env: Record<string, string> = {}, flags: readonly string[] = []): Promise<ServeProcess> {
  const port = flags.includes('--port') ? [] : ['--port', '0'];
  const child = spawnCli(['serve', '--no-open', ...port, '--workspace', workspace, ...flags], { env });
  let output = '';
  const keep = (d: Buffer): void => {
    output = (output + d.toString()).slice(-OUTPUT_TAIL);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve printed no URL in 30 s: ${output}`)), 30_000);
    child.stdout?.on('data', () => {
      const m = /^Abra (http:\/\/127\.0\.0\.1:\d+\/\?t=[\w-]+) en su navegador$/m.exec(output);
      if (m?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.once('exit', (code, signal) => reject(new Error(`serve exited (${code ?? signal}): ${output}`)));
  });
  child.once('exit', (code, signal) => {
    if (stopping.has(child)) return;
    process.stderr.write(`\n[startServe] serve ${url} ended unexpectedly (code ${code}, signal ${signal}); its output:\n${output}\n`);
  });
  return { child, url, output: () => output };
}

/** Stops the server as Ctrl-C would (or as a crash would, with SIGKILL) and waits for it to exit. */
export async function stopServe(serve: ServeProcess | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (serve === undefined || serve.child.exitCode !== null || serve.child.signalCode !== null) return;
  const exited = new Promise((resolve) => serve.child.once('exit', resolve));
  stopping.add(serve.child);
  serve.child.kill(signal);
  await exited;
}

/**
 * A fresh Chromium profile with one page; every error the page logs (a CSP violation too) lands in `consoleErrors`.
 * Chromium's own log goes to chromium.log in the profile, and the page is watched for frames (watch-frames.ts).
 */
export async function openBrowser(profileDir: string): Promise<{ context: BrowserContext; page: Page; consoleErrors: string[] }> {
  if (!existsSync(CHROMIUM)) throw new Error(`Falta ${CHROMIUM}. Ejecute: sudo apt-get update && sudo apt-get install -y chromium`);
  if (!existsSync(join(PROJECT_ROOT, 'dist/web/app/index.html'))) throw new Error('Falta la interfaz construida: ejecute npm run build');
  const logFile = join(profileDir, 'chromium.log');
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, '--enable-logging', `--log-file=${logFile}`],
    acceptDownloads: true,
    viewport: { width: 1366, height: 900 },
    locale: 'es-PE',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(30_000);
  watchedPages.set(page, logFile);
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(e.message));
  return { context, page, consoleErrors };
}

/** What a test started for one workspace session; each part absent when the test has none or it failed to start. */
export interface WorkspaceParts {
  readonly context?: BrowserContext | undefined;
  readonly serve?: ServeProcess | undefined;
  readonly sandbox?: { close(): Promise<void> } | undefined;
  readonly dir?: { cleanup(): Promise<void> } | undefined;
}

/** Closes what a test started, browser first, the folder last (each absent part skipped). */
export async function closeWorkspace(parts: WorkspaceParts): Promise<void> {
  await parts.context?.close();
  await stopServe(parts.serve);
  await parts.sandbox?.close();
  await parts.dir?.cleanup();
}

/** A fresh folder, a sandbox, `serve` pointed at it and a browser on it: what a test of sending from the page starts. */
export interface SandboxWorkspace {
  readonly dir: { readonly path: string; cleanup(): Promise<void> };
  readonly sandbox: PublicSandbox;
  readonly serve: ServeProcess;
  readonly context: BrowserContext;
  readonly page: Page;
  readonly consoleErrors: string[];
}

/** Starts a SandboxWorkspace (the folder named after `prefix`); what started is closed again if a later part fails. Close it with closeWorkspace. */
export async function openSandboxWorkspace(prefix: string): Promise<SandboxWorkspace> {
  const dir = await tempDir(prefix);
  let sandbox: PublicSandbox | undefined;
  let serve: ServeProcess | undefined;
  try {
    sandbox = await startSandbox();
    serve = await startServe(join(dir.path, 'espacio'), sandboxServiceEnv(sandbox));
    return { dir, sandbox, serve, ...(await openBrowser(join(dir.path, 'perfil-chromium'))) };
  } catch (error) {
    await closeWorkspace({ serve, sandbox, dir });
    throw error;
  }
}

/** The environment that points `serve` at a sandbox, with the sandbox's own account as the default login (as a user's environment names the service). */
export function sandboxServiceEnv(sandbox: {
  readonly url: string;
  readonly credentials: { readonly ruc: string; readonly mail: string; readonly clave: string };
}): Record<string, string> {
  return {
    FACTURA_RUC: sandbox.credentials.ruc,
    FACTURA_MAIL: sandbox.credentials.mail,
    FACTURA_CLAVE: sandbox.credentials.clave,
    FACTURA_AUTH_URL: sandbox.url,
    FACTURA_BASE_URL: sandbox.url,
  };
}

/** A signed-in client of the workspace: the session's secret (sent in SESSION_HEADER) and the server's own Origin. */
export interface Session {
  readonly secret: string;
  readonly origin: string;
}

/** Exchanges serve's one-time link for the session's secret, as the page's script does (POST /api/session). */
export async function signIn(serve: ServeProcess): Promise<Session> {
  const link = new URL(serve.url);
  const res = await request(`${link.origin}${SESSION_PATH}`, {
    method: 'POST',
    headers: { origin: link.origin, [LINK_HEADER]: link.searchParams.get('t') ?? '' },
  });
  if (res.statusCode !== 200) throw new Error(`the link was refused (${res.statusCode}): ${await res.body.text()}`);
  const { secret } = (await res.body.json()) as { secret: string };
  return { secret, origin: link.origin };
}

/** The headers of a call as the page sends it: the session's secret and, for a state-changing request, its Origin. */
export const sessionHeaders = (session: Session): Record<string, string> => ({ [SESSION_HEADER]: session.secret, origin: session.origin });

/**
 * Gives a browser the session `signIn` opened, as the page keeps it (localStorage of the workspace's origin), for a
 * test whose server's link was spent by signIn: the page then opens at the workspace's address without the link.
 */
export async function giveSession(context: BrowserContext, session: Session): Promise<void> {
  // The key web/src/session-secret.ts keeps it under; a script (the tests' own types have no DOM).
  const [origin, secret] = [JSON.stringify(session.origin), JSON.stringify(session.secret)];
  await context.addInitScript({ content: `if (location.origin === ${origin}) localStorage.setItem('factura-import.sesion', ${secret});` });
}

/** Uploads a sheet on the workspace's first step and waits (bounded) until the check's statuses read `statusText` (e.g. «VÁLIDO 5»). */
export async function uploadAndCheck(page: Page, sheet: string, statusText: string): Promise<void> {
  await page.getByLabel('Hoja de ventas', { exact: true }).setInputFiles(sheet);
  try {
    await page.getByRole('list', { name: 'Facturas por estado' }).filter({ hasText: statusText }).waitFor({ timeout: 60_000 });
  } catch (error) {
    // What the page said instead (an upload refused, a connection cut): the failure's first clue.
    const said = await page
      .getByRole('alert')
      .allTextContents()
      .catch(() => []);
    throw new Error(`the check of ${sheet} never showed «${statusText}»; the page's alerts: ${said.join(' | ') || '(none)'}`, { cause: error });
  }
}

/** The workspace's JSON API as a signed-in page calls it: its status and JSON answer. */
export type WorkspaceApi = (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<{ status: number; json: Record<string, unknown> }>;

/** Calls to the JSON API with the session's secret and, as the page sends them, its Origin. */
export function workspaceApi(session: Session): WorkspaceApi {
  return async (method, path, body) => {
    const res = await request(`${session.origin}${path}`, {
      method,
      headers: { ...sessionHeaders(session), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.statusCode, json: (await res.body.json()) as Record<string, unknown> };
  };
}

/** A sheet sent to POST /api/uploads as the page sends it (one file, multipart): the answer's status and JSON. */
export async function uploadSheet(session: Session, fileName: string, bytes: string | Buffer): Promise<{ status: number; json: Record<string, unknown> }> {
  const boundary = '----facturaTestUpload';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="hoja"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await request(`${session.origin}/api/uploads`, {
    method: 'POST',
    headers: { ...sessionHeaders(session), 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  return { status: res.statusCode, json: (await res.body.json()) as Record<string, unknown> };
}

/** A sheet uploaded and checked as the page does it (upload, run, wait for the check to settle, bounded): its check id. */
export async function uploadAndRun(session: Session, fileName: string, bytes: string | Buffer): Promise<string> {
  const uploaded = await uploadSheet(session, fileName, bytes);
  const id = String(uploaded.json['checkId']);
  const call = workspaceApi(session);
  if ((await call('POST', `/api/checks/${id}/run`, {})).status !== 202) throw new Error(`the check of ${fileName} did not start`);
  await expect.poll(async () => (await call('GET', `/api/checks/${id}`)).json['state'], { timeout: 60_000, interval: 100 }).toMatch(/done|failed/);
  return id;
}

/** A workspace server (no browser) in a fresh folder, signed in: its API as the page calls it. */
export interface SignedInWorkspace {
  readonly dir: { readonly path: string; cleanup(): Promise<void> };
  readonly serve: ServeProcess;
  readonly session: Session;
  readonly call: WorkspaceApi;
}

export async function openSignedInWorkspace(prefix: string): Promise<SignedInWorkspace> {
  const dir = await tempDir(prefix);
  const serve = await startServe(join(dir.path, 'espacio'));
  const session = await signIn(serve);
  return { dir, serve, session, call: workspaceApi(session) };
}
