import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { setFlagsFromString } from 'node:v8';

/**
 * The V8 heap flags the CLI runs with (the CLI's: a library leaves its host's heap alone).
 *
 * `--max-semi-space-size` (MB): the young generation, where a run's per-row garbage dies. V8's
 * default (16 MB semi-spaces on this 64-bit build, grown only under pressure) makes a streaming run
 * scavenge often and promote rows and outcomes that cross a few async steps, which the old
 * generation then collects again. 32 MB: `validate` of 100,000 XLSX rows 17.2 → 10.3 s CPU, CSV
 * × 0.91, peak RSS +40 MB; 64 MB gave 318 MB peak (over the 300 MB ceiling). V8 sizes the young
 * generation when the isolate is made, so this one can only be given on the command line (or
 * NODE_OPTIONS), not set from inside the running process.
 *
 * `--heap-growing-percent`: how far the old generation may grow past what a full collection found
 * alive (the limit becomes live × (1 + percent/100)). A run keeps little alive (tens of MB) but
 * promotes garbage steadily; V8's default factor, up to 4× the live set, let that pile up to 100+ MB
 * between full collections, so the peak grew with the run's length: a 300,000-row validate peaked
 * at 264 MB (default), 203 MB (100), 192 MB (50), CPU the same within the noise. V8 reads it at
 * every collection, so it is also set from inside (for a process started with its own semi-space).
 *
 * The results thread keeps its own, smaller young generation (its Worker's resourceLimits).
 */
const SEMI_SPACE_FLAG = '--max-semi-space-size';
const HEAP_FLAGS = [`${SEMI_SPACE_FLAG}=32`, '--heap-growing-percent=50'] as const;

/** Set in the relaunched process's environment (and taken out of it there): it has a parent that relays. */
const RELAUNCHED_ENV = 'FACTURA_IMPORT_RELAUNCHED';

/** Signals a terminal or a supervisor sends to the CLI, passed on to the process that runs it. */
const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

function hasSemiSpaceFlag(): boolean {
  const given = [...process.execArgv, ...(process.env['NODE_OPTIONS'] ?? '').split(/\s+/)];
  return given.some((arg) => arg === SEMI_SPACE_FLAG || arg.startsWith(`${SEMI_SPACE_FLAG}=`) || arg.startsWith('--max_semi_space_size'));
}

/**
 * Runs the CLI with the heap flags above. In a process started with them (or with its own
 * semi-space size) it calls `run` here and returns its exit code; `run` is given the pid a person
 * started (this process's, or the launcher's), which is what a journal's lock names. Otherwise it starts this same
 * script again, with the same Node options and arguments plus the flags, and returns that
 * process's exit code (128 + the signal's number when a signal ended it); the modules of the CLI
 * are never loaded in this first process, which only relays:
 * - the terminal stays the child's (stdio inherited: colours, progress, TTY checks unchanged);
 * - the child runs in its own process group, so a Ctrl-C reaches it once, through this process
 *   (in one group with us it would get the terminal's SIGINT and ours: two Ctrl-C, exit at once);
 *   SIGINT, SIGTERM and SIGHUP are passed on, Ctrl-Z stops both and `fg` resumes both;
 * - if this process is killed outright (SIGKILL: nothing to pass on), the child sees its IPC
 *   channel close and kills itself the same way, so a crash stays a crash and no orphan runs on.
 */
export async function runWithHeapFlags(run: (pid: number) => Promise<number>): Promise<number> {
  if (hasSemiSpaceFlag()) {
    setFlagsFromString(HEAP_FLAGS[1]);
    const relaunched = process.env[RELAUNCHED_ENV] === '1';
    delete process.env[RELAUNCHED_ENV];
    if (relaunched && process.channel !== undefined) {
      process.channel.unref();
      process.on('disconnect', () => process.kill(process.pid, 'SIGKILL'));
    }
    return run(relaunched ? process.ppid : process.pid);
  }
  const [script, ...args] = process.argv.slice(1);
  const child = spawn(process.execPath, [...process.execArgv, ...HEAP_FLAGS, script ?? '', ...args], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, [RELAUNCHED_ENV]: '1' },
    // Windows has no process groups (and `detached` would open a console there).
    detached: process.platform !== 'win32',
  });
  const forward = (signal: NodeJS.Signals) => (): void => {
    child.kill(signal);
  };
  for (const signal of FORWARDED_SIGNALS) process.on(signal, forward(signal));
  process.on('SIGTSTP', () => {
    child.kill('SIGSTOP');
    process.kill(process.pid, 'SIGSTOP');
  });
  process.on('SIGCONT', () => child.kill('SIGCONT'));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal === null) resolve(code ?? 1);
      else {
        // Ended by a signal: end the same way, so whoever started us sees what happened.
        process.removeAllListeners(signal);
        process.kill(process.pid, signal);
        resolve(128 + (constants.signals[signal] ?? 0));
      }
    });
  });
}
