import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A real tiny disk (tmpfs) for disk-full tests, or why one cannot be had here (then skip). */
export type TinyDisk = { readonly path: string; readonly unmount: () => Promise<void> } | { readonly path?: undefined; readonly reason: string };

export async function mountTinyDisk(parent: string, sizeKb: number): Promise<TinyDisk> {
  const path = join(parent, 'tiny');
  await mkdir(path);
  try {
    await run('mount', ['-t', 'tmpfs', '-o', `size=${sizeKb}k`, 'tmpfs', path]);
  } catch (error) {
    return { reason: `cannot mount a tmpfs here: ${(error as Error).message}` };
  }
  return { path, unmount: async () => void (await run('umount', [path])) };
}
