import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { request } from 'undici';

/** `factura-import sandbox` running as its own process (so its CPU never counts against submit's). */
export interface SandboxProcess {
  readonly url: string;
  /** FACTURA_RUC/MAIL/CLAVE/AUTH_URL/BASE_URL from the sandbox's `export` lines. */
  readonly env: Readonly<Record<string, string>>;
  ledger(): Promise<SandboxLedgerView>;
  /** CPU time (user + system, ms) the sandbox process has used so far, from /proc; NaN where there is no /proc. */
  cpuMs(): number;
  stop(): Promise<void>;
}

export interface SandboxLedgerView {
  readonly counters: Readonly<Record<string, number>>;
  readonly entries: readonly { readonly acceptedAt: string }[];
}

/** Accepted invoices per second between the sandbox's first and last acceptance (NaN with fewer than two). */
export function sendRateOf(ledger: SandboxLedgerView): number {
  const stamps = ledger.entries.map((e) => Date.parse(e.acceptedAt)).sort((a, b) => a - b);
  if (stamps.length < 2) return Number.NaN;
  return (stamps.length - 1) / (((stamps[stamps.length - 1] ?? 0) - (stamps[0] ?? 0)) / 1000);
}

export interface SandboxProcessOptions {
  readonly cwd: string;
  readonly latencyMs: number;
  readonly failRate: number;
  readonly seed: number;
  readonly tokenLifetimeS?: number;
  readonly startTimeoutMs?: number;
}

/** Starts `node bin/factura-import.js sandbox --port 0 …` on 127.0.0.1 and reads its URL and credentials. */
export async function startSandboxProcess(options: SandboxProcessOptions): Promise<SandboxProcess> {
  const args = [
    'bin/factura-import.js',
    'sandbox',
    '--port',
    '0',
    '--latency',
    String(options.latencyMs),
    '--fail-rate',
    String(options.failRate),
    '--seed',
    String(options.seed),
  ];
  if (options.tokenLifetimeS !== undefined) args.push('--token-lifetime', String(options.tokenLifetimeS));
  const child = spawn(process.execPath, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'ignore'] });
  const exited = once(child, 'exit');
  const env: Record<string, string> = {};
  let url = '';
  const lines = createInterface({ input: child.stdout });
  const timer = setTimeout(() => child.kill('SIGKILL'), options.startTimeoutMs ?? 20_000);
  try {
    for await (const line of lines) {
      const listening = /^Sandbox listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (listening?.[1] !== undefined) url = listening[1];
      const exported = /^\s*export (FACTURA_[A-Z_]+)=(.*)$/.exec(line);
      if (exported?.[1] !== undefined && exported[2] !== undefined) env[exported[1]] = exported[2];
      if (env.FACTURA_BASE_URL !== undefined) break;
    }
  } finally {
    clearTimeout(timer);
  }
  if (url === '' || env.FACTURA_BASE_URL === undefined) {
    child.kill('SIGKILL');
    throw new Error('the sandbox process did not print its URL and credentials');
  }
  child.stdout.resume(); // keep draining whatever else it prints

  return {
    url,
    env,
    async ledger() {
      const answer = await request(`${url}/__sandbox/ledger`, { method: 'GET', headersTimeout: 10_000, bodyTimeout: 10_000 });
      return (await answer.body.json()) as SandboxLedgerView;
    },
    cpuMs() {
      try {
        // /proc/PID/stat: fields 14 and 15 (utime, stime) in clock ticks, after the ")" that ends the name.
        const stat = readFileSync(`/proc/${String(child.pid)}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
      } catch {
        return Number.NaN;
      }
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(kill);
    },
  };
}
