import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root, for spawning the CLI as a real child process. */
export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface CliRun {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

let entry: readonly string[] | undefined;

/**
 * How to start the CLI: the built `dist/` when it is at least as new as every source file (`npm test`
 * builds before the tests; a built process starts in a fraction of tsx's time on a loaded machine),
 * else the TypeScript sources through tsx, so a stale build is never what a test runs.
 */
export function cliEntry(): readonly string[] {
  if (entry === undefined) {
    const built = statSync(join(PROJECT_ROOT, 'dist/cli/bin.js'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
    const fresh = built > 0 && built >= newestMtime(join(PROJECT_ROOT, 'src'));
    entry = fresh ? ['bin/factura-import.js'] : ['--import', 'tsx', 'src/cli/bin.ts'];
  }
  return entry;
}

/** Starts `factura-import ARGS` as a real process (see cliEntry). */
export function spawnCli(args: readonly string[], options: { env?: Record<string, string>; cwd?: string } = {}): ChildProcess {
  return spawn(process.execPath, [...cliEntry(), ...args], {
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
