import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { DEMO_ACCOUNT } from '../../src/sandbox/sandbox-account.js';
import { collect, spawnCli } from '../helpers/cli-process.js';
import { get, login, LOGIN_PATH, loginBody, post } from './sandbox-http.js';
import { textSink } from '../helpers/text-sink.js';

const FIRST_LINE = /^Sandbox listening on (http:\/\/127\.0\.0\.1:(\d+))$/;

/** The first line the child writes on stdout (bounded: rejects if the child ends first). */
function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (d: Buffer): void => {
      text += d.toString();
      const nl = text.indexOf('\n');
      if (nl >= 0) {
        child.stdout?.off('data', onData);
        resolve(text.slice(0, nl));
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the sandbox exited (${code}) before printing its address`)));
  });
}

describe('factura-import sandbox', () => {
  it('runs as a real process: prints its address first, answers a login, and exits 0 on SIGTERM', async () => {
    const child = spawnCli(['sandbox', '--port', '0', '--log-format', 'json']);
    try {
      const line = await firstLine(child);
      const m = FIRST_LINE.exec(line);
      expect(m).not.toBeNull();
      const url = m?.[1] ?? '';
      const answer = await login(url, DEMO_ACCOUNT);
      expect(answer).toMatchObject({ ruc: DEMO_ACCOUNT.ruc, razonSocial: DEMO_ACCOUNT.razonSocial, estado: 'ACTIVO' });
      const ledger = await get(url, '/__sandbox/ledger?entries=false');
      expect(ledger.body).toMatchObject({ counters: { logins: 1 } });
      const done = collect(child, 15_000);
      child.kill('SIGTERM');
      const run = await done;
      expect(run.signal).toBeNull();
      expect(run.code).toBe(0);
      expect(run.stderr).toContain('sandbox stopped');
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });

  it('prints the demo account and the environment a user needs, then stops when its signal aborts', async () => {
    const out = textSink();
    const err = textSink();
    const controller = new AbortController();
    const running = main(['sandbox', '--port', '0', '--fail-rate', '0.5', '--seed', '9', '--outage', '600-660', '--log-level', 'silent'], {
      stdout: out.stream,
      stderr: err.stream,
      env: {},
      cwd: process.cwd(),
      signal: controller.signal,
    });
    const deadline = performance.now() + 10_000;
    while (!out.text().includes('to stop') && performance.now() < deadline) await new Promise((r) => setImmediate(r));
    const lines = out.text().split('\n');
    const url = FIRST_LINE.exec(lines[0] ?? '')?.[1];
    expect(url).toBeDefined();
    expect(lines).toEqual(
      expect.arrayContaining([
        `  RUC:   ${DEMO_ACCOUNT.ruc}`,
        `  mail:  ${DEMO_ACCOUNT.mail}`,
        `  clave: ${DEMO_ACCOUNT.clave}`,
        `  export FACTURA_RUC=${DEMO_ACCOUNT.ruc}`,
        `  export FACTURA_MAIL=${DEMO_ACCOUNT.mail}`,
        `  export FACTURA_CLAVE=${DEMO_ACCOUNT.clave}`,
        `  export FACTURA_AUTH_URL=${url ?? ''}`,
        `  export FACTURA_BASE_URL=${url ?? ''}`,
      ]),
    );
    expect((await post(url ?? '', LOGIN_PATH, loginBody(DEMO_ACCOUNT))).status).toBe(200);
    controller.abort();
    expect(await running).toBe(0);
  });

  it('refuses a malformed --outage with a usage error (exit 2)', async () => {
    const err = textSink();
    const code = await main(['sandbox', '--outage', '20-10'], { stdout: textSink().stream, stderr: err.stream, env: {}, cwd: process.cwd() });
    expect(code).toBe(2);
    expect(err.text()).toContain('--outage "20-10"');
  });
});
