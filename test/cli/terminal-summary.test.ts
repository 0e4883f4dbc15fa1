import { writeFile } from 'node:fs/promises';
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

  it('marks the thousands of a count, as of the amounts: «1,001 facturas», the rows as the sheet numbers them', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(
      input,
      Array.from({ length: 1_001 }, (_, i) => salesRow(i + 1, { receptorNumeroDocumento: '20512333790' })),
    );
    const run = await runCli(['validate', input]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^INVÁLIDO +1,001$/m);
    expect(run.stdout).toMatch(/✗ [A-Z]+ «receptorNumeroDocumento»: 1,001 facturas, filas 2, 3, 4, 5, 6… — p\. ej\./);
  });

  it('counts rows of no invoice by times, not as «0 facturas», and shows the notes about the sheet', async () => {
    const input = join(dir.path, 'ventas.csv');
    // Two lines before any invoice (no serie, no number), in Excel's Windows CSV with an unknown column.
    const text = [
      'Serie,Número,Fecha,RUC cliente,Razón social,Descripción,Cantidad,Valor unitario,Zona',
      ',,,,,Arroz,1,2,N',
      ',,,,,Aceite,1,2,S',
      'F001,1,25/11/2026,20512333797,Compañía Andina S.A.C.,Arroz,10,21.83,N',
    ].join('\r\n');
    await writeFile(input, Buffer.from(text, 'latin1'));
    const run = await runCli(['validate', input]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/✗ A «Serie»: 2 veces, filas 2, 3 — p\. ej\. La fila 2 no tiene serie ni número/);
    expect(run.stdout).not.toContain('0 facturas');
    expect(run.stdout).toMatch(/! Fila 1: Se ignoran columnas que no corresponden a ninguna columna conocida: «Zona»/);
    expect(run.stdout).toMatch(/! La hoja: El archivo .*ventas\.csv no está en UTF-8; se lee como Windows-1252/);
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
