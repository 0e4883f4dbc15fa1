import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli-process.js';
import { tempDir } from '../helpers/temp-dir.js';
import { salesRow, writeSalesSheet } from '../helpers/write-sales-sheet.js';

let dir: { path: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  dir = await tempDir('summary-');
});
afterEach(async () => dir.cleanup());

describe('the terminal summary of a sheet with a systematic error', () => {
  it('shows the error once with its count and first rows, no log keys, and fits in one screen', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    // 37 invoices whose client RUC lost its check digit the same way, one that is fine, one other error.
    const rows = Array.from({ length: 37 }, (_, i) => salesRow(i + 1, { receptorNumeroDocumento: '20512333790' }));
    rows.push(salesRow(38), salesRow(39, { cantidad: 'dos' }));
    await writeSalesSheet(input, rows);
    const run = await runCli(['validate', input]);
    expect(run.code).toBe(1);
    const screen = run.stdout + run.stderr;
    const ruc = screen.split('\n').filter((l) => l.includes('20512333790'));
    expect(ruc).toHaveLength(1);
    expect(ruc[0]).toMatch(/✗ [A-Z]+ «receptorNumeroDocumento»: 37 facturas, filas 2, 3, 4, 5, 6… — p\. ej\. El RUC «20512333790» no es válido/);
    expect(screen).toMatch(/✗ Fila 40, [A-Z]+ «cantidad»/);
    // The place is said once: not «Fila 40, M «cantidad»: Fila 40, Cantidad: …» as in the workbook's Mensaje.
    expect(screen.split('\n').find((l) => l.includes('«cantidad»'))).toMatch(/«cantidad»: «dos» /);
    // No structured log lines (pino's keys) mixed into what a person reads.
    expect(screen).not.toMatch(/"level"|"msg"|\bINFO\b|\bWARN\b|logins:|renewals:/);
    expect(screen.trimEnd().split('\n').length).toBeLessThanOrEqual(24);
  });

  it('keeps the technical log for --log-file, as JSON lines', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [salesRow(1)]);
    const log = join(dir.path, 'run.log');
    const run = await runCli(['submit', input, '--sandbox', '--log-file', log]);
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain('"msg"');
    const { readFile } = await import('node:fs/promises');
    const lines = (await readFile(log, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { msg: string });
    expect(lines.map((l) => l.msg)).toContain('logged in');
  });
});
