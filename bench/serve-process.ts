import { spawn } from 'node:child_process';
import type { ChildProcessByStdio } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { LINK_HEADER, SESSION_HEADER, SESSION_PATH } from '../src/web/workspace-api.js';

/** A `factura-import serve` process signed in: what the web benchmarks send their requests with. */
export interface ServeProcess {
  readonly server: ChildProcessByStdio<null, Readable, null>;
  /** The session's secret (SESSION_HEADER) and the server's own Origin, for state-changing requests. */
  readonly headers: { readonly [SESSION_HEADER]: string; readonly origin: string };
}

/**
 * Starts the built CLI's `serve` on a free port (cwd: the project root) and exchanges its one-time link for the session's secret, as the page does.
 * `nodeArgs` go to node before the script (e.g. `--cpu-prof`, which NODE_OPTIONS refuses).
 */
export async function startServeProcess(root: string, workspace: string, nodeArgs: readonly string[] = []): Promise<ServeProcess> {
  const server = spawn(
    process.execPath,
    [...nodeArgs, 'bin/factura-import.js', 'serve', '--no-open', '--port', '0', '--workspace', workspace, '--max-upload-mb', '2000'],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const openUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /^Abra (\S+) en su navegador$/m.exec(out);
      if (m?.[1] !== undefined) resolve(m[1]);
    });
    server.on('exit', (code) => reject(new Error(`serve exited ${code}`)));
  });
  const link = new URL(openUrl);
  const login = await fetch(`${link.origin}${SESSION_PATH}`, {
    method: 'POST',
    headers: { origin: link.origin, [LINK_HEADER]: link.searchParams.get('t') ?? '' },
  });
  const { secret } = (await login.json()) as { secret: string };
  return { server, headers: { [SESSION_HEADER]: secret, origin: link.origin } };
}

/** A live process's peak resident memory (VmHWM, the kernel's high-water mark), in MB with one decimal. */
export async function peakRssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round((Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 'NaN') / 1024) * 10) / 10;
}

/** User + system CPU seconds of a live process (clock ticks of /proc/PID/stat, 100 per second on Linux). */
export async function cpuSeconds(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
