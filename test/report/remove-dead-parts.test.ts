import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDeadParts } from '../../src/report/remove-dead-parts.js';
import { uniquePartPath } from '../../src/report/workbook-output.js';
import { tempDir } from '../helpers/temp-dir.js';

let dir: { path: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  dir = await tempDir('dead-parts-');
});
afterEach(async () => dir.cleanup());

describe('removeDeadParts', () => {
  it('removes the half-written copies of processes that are gone, and nothing else', async () => {
    // A process that ended (as a run killed at once does) and one still running, both real.
    const gone = spawn(process.execPath, ['-e', '']);
    await once(gone, 'exit');
    const running = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    try {
      const out = join(dir.path, 'ventas.resultados.xlsx');
      const names = {
        dead: `ventas.resultados.xlsx.${String(gone.pid)}-0084600c.part`,
        live: `ventas.resultados.xlsx.${String(running.pid)}-9f3a1c2e.part`,
        own: uniquePartPath(out).slice(dir.path.length + 1),
        otherOutput: `ventas.corregir.xlsx.${String(gone.pid)}-0084600c.part`,
        notAPart: `ventas.resultados.xlsx.${String(gone.pid)}-notes.txt`,
        theOutput: 'ventas.resultados.xlsx',
      };
      for (const name of Object.values(names)) await writeFile(join(dir.path, name), 'x');
      await removeDeadParts(out);
      expect((await readdir(dir.path)).sort()).toEqual(
        Object.values(names)
          .filter((n) => n !== names.dead)
          .sort(),
      );
    } finally {
      running.kill('SIGKILL');
      await once(running, 'exit');
    }
  });

  it('passes over a folder it cannot list', async () => {
    await expect(removeDeadParts(join(dir.path, 'no-such-folder', 'ventas.resultados.xlsx'))).resolves.toBeUndefined();
  });
});
