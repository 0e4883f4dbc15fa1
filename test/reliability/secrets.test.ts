import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_PATH } from '../../src/sandbox/sandbox-state.js';
import { runCli, type CliRun } from '../helpers/cli-process.js';
import { tempDir } from '../helpers/temp-dir.js';
import { writeSalesCsv } from './sales-sheet.js';
import { startSandboxProcess, type SandboxProcess } from './sandbox-process.js';

const exec = promisify(execFile);

/**
 * A whole submit with --debug and --log-level trace against the sandbox, with short-lived tokens
 * (so several tokens are handed out): neither the password nor any token the sandbox issued may
 * appear in stdout, stderr, the journal, or any XML part of the output workbooks.
 */
describe('secrets never leave the process', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  let sandbox: SandboxProcess | undefined;
  let run: CliRun;
  let tokens: string[];
  const outputs = new Map<string, string>();

  beforeAll(async () => {
    dir = await tempDir('factura-secrets-');
    const input = join(dir.path, 'ventas.csv');
    await writeSalesCsv(input, { invoices: 40, linesPerInvoice: 2 });
    sandbox = await startSandboxProcess(['--token-lifetime', '2', '--fail-rate', '0.2', '--seed', '5']);
    run = await runCli(['submit', input, '--debug', '--log-level', 'trace', '--renew-margin', '0.01', '--max-attempts', '20'], {
      env: { ...sandbox.env },
      timeoutMs: 120_000,
    });
    // The sandbox keeps no list of the tokens it issued: take a real one of the same account (a JWT
    // signed by the same sandbox) and, below, also refuse any JWT-looking text at all.
    const login = await fetch(`${sandbox.env.FACTURA_AUTH_URL ?? ''}${LOGIN_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ruc: Number(sandbox.env.FACTURA_RUC),
        mail: sandbox.env.FACTURA_MAIL,
        clave: sandbox.env.FACTURA_CLAVE,
        aplicacion: { codigo: '1' },
      }),
    });
    const body = login.ok ? ((await login.json()) as Record<string, unknown>) : {};
    tokens = Object.values(body).filter((v): v is string => typeof v === 'string' && v.split('.').length === 3);
    for (const name of await readdir(dir.path)) {
      const path = join(dir.path, name);
      if (name.endsWith('.xlsx')) {
        const { stdout } = await exec('unzip', ['-p', path], { maxBuffer: 64 * 1024 * 1024 });
        outputs.set(name, stdout);
      } else if (name !== 'ventas.csv') outputs.set(name, await readFile(path, 'utf8'));
    }
  }, 180_000);

  afterAll(async () => {
    await sandbox?.stop();
    await dir.cleanup();
  });

  it('runs the whole submit, with debug logging on', () => {
    expect(run.code).toBe(0);
    expect(run.stderr.length).toBeGreaterThan(1000);
    expect([...outputs.keys()].sort()).toEqual(['ventas.journal.jsonl', 'ventas.resultados.xlsx']);
  });

  it('prints and writes neither the password nor a token', () => {
    expect(tokens.length).toBeGreaterThan(0);
    const clave = sandbox?.env.FACTURA_CLAVE ?? '';
    expect(clave.length).toBeGreaterThan(4);
    const everything: [string, string][] = [['stdout', run.stdout], ['stderr', run.stderr], ...outputs];
    for (const [where, text] of everything) {
      expect(text.includes(clave), `${where} holds the password`).toBe(false);
      for (const token of tokens) expect(text.includes(token), `${where} holds a token`).toBe(false);
      // any JWT (header.payload.signature in base64url, header starting with {"alg… = eyJ)
      expect(text.match(/eyJ[\w-]{10,}\.[\w-]{10,}\.[\w-]{10,}/g) ?? [], `${where} holds a JWT`).toEqual([]);
    }
  });
});
