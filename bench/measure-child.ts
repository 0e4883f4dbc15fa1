import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** What the OS says about one finished child process. */
export interface ChildMeasure {
  readonly label: string;
  /** Spawn to exit, measured by this (parent) process. */
  readonly wallMs: number;
  /** User + system CPU time of the child (every thread), from getrusage via /usr/bin/time. */
  readonly cpuMs: number;
  readonly userMs: number;
  readonly systemMs: number;
  /** Peak resident set of the child (getrusage ru_maxrss), MB. */
  readonly maxRssMb: number;
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly timedOut: boolean;
  readonly stdout: string;
  readonly stderr: string;
}

export interface MeasureOptions {
  readonly cwd: string;
  /** Where /usr/bin/time writes its figures. */
  readonly statsDir: string;
  readonly env?: NodeJS.ProcessEnv;
  /** The child (and its process group) is killed after this long. */
  readonly timeoutMs: number;
}

const TIME = '/usr/bin/time';
let counter = 0;

/**
 * Runs `argv` in its own process under /usr/bin/time (GNU time: getrusage of the waited child:
 * peak RSS and CPU time straight from the kernel, no code inside the measured process) and
 * resolves when it exits. Never rejects for a non-zero exit: the caller decides what a crash is.
 */
export async function measureChild(label: string, argv: readonly string[], options: MeasureOptions): Promise<ChildMeasure> {
  counter += 1;
  const statsFile = join(options.statsDir, `time-${process.pid}-${counter}.txt`);
  const started = performance.now();
  const child = spawn(TIME, ['-f', '%U %S %M', '-o', statsFile, ...argv], {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, so a timeout kills node under time too
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => {
    if (stderr.length < 64 * 1024) stderr += d;
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  }, options.timeoutMs);
  const [exitCode, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, sig) => resolve([code, sig]));
  }).finally(() => clearTimeout(timer));
  const wallMs = performance.now() - started;
  let userMs = Number.NaN;
  let systemMs = Number.NaN;
  let maxRssMb = Number.NaN;
  try {
    // GNU time prefixes "Command exited with non-zero status N" on its own line when it is not 0.
    const lines = (await readFile(statsFile, 'utf8')).trim().split('\n');
    const [u, s, m] = (lines[lines.length - 1] ?? '').split(' ').map(Number);
    userMs = (u ?? Number.NaN) * 1000;
    systemMs = (s ?? Number.NaN) * 1000;
    maxRssMb = (m ?? Number.NaN) / 1024;
  } catch {
    // killed before time wrote its figures: left as NaN
  } finally {
    await rm(statsFile, { force: true });
  }
  return { label, wallMs, cpuMs: userMs + systemMs, userMs, systemMs, maxRssMb, exitCode, signal, timedOut, stdout, stderr };
}

/** The last line of stdout parsed as JSON (the CLI's `--json` summary, the baselines' counts). */
export function lastJsonLine(stdout: string): Record<string, unknown> | undefined {
  const lines = stdout.trim().split('\n');
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    const line = lines[i]?.trim() ?? '';
    if (line.startsWith('{')) {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
