/**
 * Uploads each file given to a real `factura-import serve` (POST /api/uploads, then runs its check),
 * and prints the answers and the server's peak RSS (VmHWM) after each, bounded in time.
 *
 *   npx tsx repro/web-upload.ts repro/out/part-declared-0.xlsx ...
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { request } from 'undici';
import { LINK_HEADER, SESSION_HEADER, SESSION_PATH } from '../src/web/workspace-api.js';
import { spawnCli } from '../test/helpers/cli-process.js';

const dir = await mkdtemp(join(tmpdir(), 'sjsbomb-web-'));
const child = spawnCli(['serve', '--no-open', '--port', '0', '--workspace', join(dir, 'espacio')]);
let output = '';
child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
const hwm = (): string => /VmHWM:\s+(\d+ kB)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? '?';
try {
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL: ${output}`)), 30_000);
    child.stdout?.on('data', () => {
      const m = /^Abra (http:\/\/127\.0\.0\.1:\d+\/\?t=[\w-]+) en su navegador$/m.exec(output);
      if (m?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
  });
  const link = new URL(url);
  const signed = await request(`${link.origin}${SESSION_PATH}`, {
    method: 'POST',
    headers: { origin: link.origin, [LINK_HEADER]: link.searchParams.get('t') ?? '' },
  });
  const { secret } = (await signed.body.json()) as { secret: string };
  const headers = { [SESSION_HEADER]: secret, origin: link.origin };
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> => {
    const res = await request(`${link.origin}${path}`, {
      method,
      headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.statusCode, json: (await res.body.json()) as Record<string, unknown> };
  };
  console.log(`serve up, VmHWM ${hwm()}`);
  for (const file of process.argv.slice(2)) {
    const boundary = '----sjsbomb';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="hoja"; filename="${basename(file)}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      await readFile(file),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const started = Date.now();
    const up = await request(`${link.origin}/api/uploads`, {
      method: 'POST',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    const json = (await up.body.json()) as Record<string, unknown>;
    console.log(`\n== ${basename(file)}: upload ${up.statusCode} in ${Date.now() - started} ms, VmHWM ${hwm()}\n${JSON.stringify(json).slice(0, 1500)}`);
    if (up.statusCode >= 300 || json['checkId'] === undefined) continue;
    const id = String(json['checkId']);
    const run = await call('POST', `/api/checks/${id}/run`, {});
    let state: Record<string, unknown> = {};
    for (let i = 0; i < 600; i++) {
      state = (await call('GET', `/api/checks/${id}`)).json;
      if (/done|failed/.test(String(state['state']))) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    console.log(`run ${run.status}; state ${String(state['state'])} after ${Date.now() - started} ms, VmHWM ${hwm()}\n${JSON.stringify(state).slice(0, 1500)}`);
  }
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  await rm(dir, { recursive: true, force: true });
}
