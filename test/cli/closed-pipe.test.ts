import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { collect, spawnCli } from '../helpers/cli-process.js';
import { tempDir } from '../helpers/temp-dir.js';
import { salesRow, writeSalesSheet } from '../helpers/write-sales-sheet.js';

let dir: { path: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  dir = await tempDir('closed-pipe-');
});
afterEach(async () => dir.cleanup());

describe('a terminal reader that stops early (| head)', () => {
  it('does not end the run with a stack trace: the results are written and the exit code is the run’s', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [salesRow(1), salesRow(2, { receptorNumeroDocumento: '20512333798' })]);
    const child = spawnCli(['validate', input]);
    // The reading end closes before the CLI prints anything: every write to stdout fails with EPIPE.
    child.stdout?.destroy();
    const run = await collect(child, 60_000);
    expect(run.stderr).not.toMatch(/EPIPE|Unhandled|at .*\(node:/);
    expect(run.code).toBe(1);
    expect(existsSync(join(dir.path, 'ventas.resultados.xlsx'))).toBe(true);
  });
});
