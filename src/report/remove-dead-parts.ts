import { readdir, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pidIsAlive } from '../pid-is-alive.js';

/** `<output>.<pid>-<8 hex>.part`, as uniquePartPath names them. */
const PART = /^(?<pid>\d+)-[0-9a-f]{8}\.part$/;

/**
 * Removes the half-written copies of `path` that a process no longer running left beside it: a run
 * stopped at once (a second Ctrl-C, kill -9, a power cut) cannot remove its own, and an accountant's
 * walk found `ventas.resultados.xlsx.9736-0084600c.part` staying in the user's folder after the
 * rerun. Those of a running process (this one's other writers, another run, the web workspace) are
 * left alone, and so is anything not named as a part; a file that cannot be listed or removed is
 * not this run's business and is passed over.
 */
export async function removeDeadParts(path: string): Promise<void> {
  const prefix = `${basename(path)}.`;
  let names: string[];
  try {
    names = await readdir(dirname(path));
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const pid = PART.exec(name.slice(prefix.length))?.groups?.['pid'];
    if (pid === undefined || Number(pid) === process.pid || pidIsAlive(Number(pid))) continue;
    await rm(join(dirname(path), name), { force: true }).catch(() => undefined);
  }
}
