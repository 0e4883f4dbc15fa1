import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliRun } from '../helpers/cli-process.js';
import { collect, runCli, spawnCli } from '../helpers/cli-process.js';
import { tempDir } from '../helpers/temp-dir.js';

describe('factura-import serve', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  let first: ReturnType<typeof spawnCli>;
  let finished: Promise<CliRun>;
  let url = '';

  beforeAll(async () => {
    dir = await tempDir('factura-serve-');
    first = spawnCli(['serve', '--no-open', '--port', '0', '--workspace', join(dir.path, 'espacio')]);
    finished = collect(first, 60_000);
    url = await new Promise<string>((resolve, reject) => {
      let out = '';
      first.stdout?.on('data', (d: Buffer) => {
        out += d.toString();
        const line = out.split('\n')[0] ?? '';
        if (out.includes('\n')) resolve(line);
      });
      first.on('exit', () => reject(new Error(`serve exited early: ${out}`)));
    });
  }, 60_000);
  afterAll(async () => {
    if (first.exitCode === null) first.kill('SIGKILL');
    await dir.cleanup();
  });

  it('prints one line with the one-time URL of a free port on 127.0.0.1', async () => {
    expect(url).toMatch(/^Abra http:\/\/127\.0\.0\.1:\d+\/\?t=[\w-]{20,} en su navegador$/);
    // The link serves the page, whose own script trades the token for the session (web/src/main.tsx).
    const res = await request(url.split(' ')[1] ?? '');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    await res.body.dump();
  });

  it('says in Spanish when the port is taken, with exit code 2', async () => {
    const port = new URL(url.split(' ')[1] ?? '').port;
    const second = await runCli(['serve', '--no-open', '--port', port, '--workspace', join(dir.path, 'otro')], { timeoutMs: 30_000 });
    expect(second.code).toBe(2);
    expect(second.stderr).toContain(`El puerto ${port} ya está en uso`);
  }, 40_000);

  it('stops on SIGTERM with exit code 0', async () => {
    first.kill('SIGTERM');
    const run = await finished;
    expect(run.code).toBe(0);
  }, 40_000);
});
