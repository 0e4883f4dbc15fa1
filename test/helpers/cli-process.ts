import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The project root, for spawning the CLI as a real child process. */
export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface CliRun {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Starts `factura-import ARGS` from the TypeScript sources (tsx), as a real process. */
export function spawnCli(args: readonly string[], options: { env?: Record<string, string>; cwd?: string } = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/cli/bin.ts', ...args], {
    cwd: options.cwd ?? PROJECT_ROOT,
    env: { ...process.env, NODE_OPTIONS: '', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Runs the CLI to completion (bounded by `timeoutMs`, then SIGKILL) and collects its output. */
export function runCli(args: readonly string[], options: { env?: Record<string, string>; cwd?: string; timeoutMs?: number } = {}): Promise<CliRun> {
  const child = spawnCli(args, options);
  return collect(child, options.timeoutMs ?? 60_000);
}

export function collect(child: ChildProcess, timeoutMs: number): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}
