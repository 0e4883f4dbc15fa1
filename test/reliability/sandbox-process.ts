import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { SandboxLedger } from '../../src/sandbox/sandbox-ledger.js';
import { spawnCli } from '../helpers/cli-process.js';

/** `factura-import sandbox` running as a process of its own, on 127.0.0.1. */
export interface SandboxProcess {
  readonly url: string;
  /** FACTURA_* variables printed by the sandbox (the demo account and its URLs). */
  readonly env: Readonly<Record<string, string>>;
  readonly ledger: () => Promise<SandboxLedger>;
  readonly stop: () => Promise<void>;
}

/** Starts the sandbox with the given flags; resolves once it printed its URL and its exports. */
export async function startSandboxProcess(flags: readonly string[], startTimeoutMs = 60_000): Promise<SandboxProcess> {
  const child: ChildProcess = spawnCli(['sandbox', '--port', '0', ...flags]);
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const closed = once(child, 'close');
    child.kill('SIGKILL');
    await closed;
  };
  try {
    const env: Record<string, string> = {};
    let url: string | undefined;
    const lines = createInterface({ input: child.stdout ?? process.stdin });
    const timer = setTimeout(() => child.kill('SIGKILL'), startTimeoutMs);
    try {
      for await (const line of lines) {
        const listening = /^Sandbox listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
        if (listening) url = listening[1];
        const exported = /^\s*export (FACTURA_[A-Z_]+)=(.*)$/.exec(line);
        if (exported?.[1] !== undefined && exported[2] !== undefined) env[exported[1]] = exported[2];
        if (url !== undefined && env.FACTURA_BASE_URL !== undefined) break;
      }
    } finally {
      clearTimeout(timer);
    }
    if (url === undefined) throw new Error('the sandbox did not print its URL');
    const base = url;
    return {
      url: base,
      env,
      ledger: async () => {
        const response = await fetch(`${base}/__sandbox/ledger`);
        return (await response.json()) as SandboxLedger;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
