import { access } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli-process.js';
import { tempDir } from '../helpers/temp-dir.js';
import { salesRow, writeSalesSheet } from '../helpers/write-sales-sheet.js';

let dir: { path: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  dir = await tempDir('validate-after-submit-');
});
afterEach(async () => dir.cleanup());

/** The `Comprobantes` rows of a results workbook, by invoice («F001-1»): status and the service's identificador. */
async function invoicesOf(path: string): Promise<Map<string, { estado: string; identificador: string; nota: string }>> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const sheet = book.getWorksheet('Comprobantes');
  if (sheet === undefined) throw new Error(`${path} has no sheet Comprobantes`);
  const header: string[] = [];
  sheet.getRow(1).eachCell((cell, col) => (header[col] = cell.text));
  const at = (name: string): number => header.indexOf(name);
  const out = new Map<string, { estado: string; identificador: string; nota: string }>();
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const cell = (name: string): string => row.getCell(at(name)).text;
    out.set(`${cell('Serie')}-${cell('Número')}`, { estado: cell('Estado'), identificador: cell('Identificador'), nota: cell('Nota') });
  });
  return out;
}

describe('validate after a submission of the same sheet', () => {
  it('calls the invoices the journal shows accepted OMITIDO, with their identificador, not VÁLIDO: they would not be sent', async () => {
    const input = join(dir.path, 'v.xlsx');
    const results = join(dir.path, 'v.resultados.xlsx');
    await writeSalesSheet(input, [salesRow(1), salesRow(2), salesRow(3)]);
    const sent = await runCli(['submit', input, '--sandbox'], { timeoutMs: 90_000 });
    expect(sent.code).toBe(0);
    const issued = await invoicesOf(results);
    expect([...issued.values()].map((i) => i.estado)).toEqual(['ACEPTADO', 'ACEPTADO', 'ACEPTADO']);
    const identificadores = [...issued.values()].map((i) => i.identificador);
    expect(identificadores.every((id) => id !== '')).toBe(true);

    // The month's sheet grows by one invoice, and F001-3's quantity is typed wrong since: a dry run before sending again.
    await writeSalesSheet(input, [salesRow(1), salesRow(2), salesRow(3, { cantidad: 'dos' }), salesRow(4)]);
    const dry = await runCli(['validate', input], { timeoutMs: 90_000 });
    // F001-3 is invalid now: it stays INVÁLIDO with its error (it is the one to fix), not OMITIDO.
    expect(dry.code).toBe(1);
    expect(dry.stdout).toMatch(/^OMITIDO +2$/m);
    expect(dry.stdout).toMatch(/^VÁLIDO +1$/m);
    expect(dry.stdout).toMatch(/^INVÁLIDO +1$/m);
    // When it was accepted is still said, at its row.
    expect(dry.stdout).toMatch(/La factura F001-1 ya fue aceptada por el servicio el .+ \(según el diario de envíos\): no se envía de nuevo\./);

    const checked = await invoicesOf(results);
    expect(checked.get('F001-1')).toEqual({ estado: 'OMITIDO', identificador: identificadores[0], nota: 'ya aceptado en una ejecución anterior (diario)' });
    expect(checked.get('F001-2')).toMatchObject({ estado: 'OMITIDO', identificador: identificadores[1] });
    expect(checked.get('F001-3')).toMatchObject({ estado: 'INVÁLIDO', identificador: '' });
    expect(checked.get('F001-4')).toMatchObject({ estado: 'VÁLIDO', identificador: '' });

    // The file to fix holds the invalid invoice's row only: an issued invoice is not a row to fix.
    const fix = new ExcelJS.Workbook();
    await fix.xlsx.readFile(join(dir.path, 'v.corregir.xlsx'));
    const fixed: string[] = [];
    fix.worksheets[0]?.eachRow((row, n) => {
      if (n > 1) fixed.push(`${row.getCell(1).text}-${row.getCell(2).text}`);
    });
    expect(fixed).toEqual(['F001-3']);
    await access(join(dir.path, 'v.journal.jsonl'));
  }, 120_000);
});
