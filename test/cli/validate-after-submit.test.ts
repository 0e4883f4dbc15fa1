import { access, readFile } from 'node:fs/promises';
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

const otherContent = /La factura F001-3 ya fue aceptada por el servicio con otro contenido \(según el diario de envíos\)/;

/**
 * Sends F001-1..3 with the issuer flags `issuer`, corrects F001-3 (3 units instead of 2), then checks it with
 * `validate` (under `env`) and sends it again: both say OMITIDO of the two unchanged invoices (still the documents
 * sent) and INVÁLIDO «con otro contenido» of the corrected one.
 */
async function submitThenCorrect(input: string, issuer: readonly string[], env: Record<string, string>): Promise<void> {
  await writeSalesSheet(input, [salesRow(1), salesRow(2), salesRow(3)]);
  expect((await runCli(['submit', input, '--sandbox', ...issuer], { timeoutMs: 90_000 })).code).toBe(0);
  await writeSalesSheet(input, [salesRow(1), salesRow(2), salesRow(3, { cantidad: '3' })]);
  const dry = await runCli(['validate', input, ...issuer], { env, timeoutMs: 90_000 });
  const sent = await runCli(['submit', input, '--sandbox', ...issuer], { timeoutMs: 90_000 });
  for (const run of [dry, sent]) {
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^OMITIDO +2$/m);
    expect(run.stdout).toMatch(/^INVÁLIDO +1$/m);
    expect(run.stdout).toMatch(otherContent);
  }
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

  // A dry run said VÁLIDO (with a warning) where the submission it announces held the invoices: the sheet rerun under another company.
  it('calls INVÁLIDO, as the submission does, the invoices of a sheet without issuers its journal shows accepted for another RUC', async () => {
    const input = join(dir.path, 'v.xlsx');
    await writeSalesSheet(input, [salesRow(1), salesRow(2)]);
    expect((await runCli(['submit', input, '--sandbox'], { timeoutMs: 90_000 })).code).toBe(0);
    const journal = await readFile(join(dir.path, 'v.journal.jsonl'), 'utf8');
    const first = JSON.parse(journal.split('\n')[0] ?? '') as { key: string };
    const sentAs = first.key.split('-')[0] ?? '';
    const other = sentAs === '20601111111' ? '20602222226' : '20601111111';
    const heldAs = `La factura F001-1 ya fue aceptada por el servicio para el RUC ${sentAs} (según el diario de envíos de esta hoja), y ahora se enviaría con el RUC ${other}.`;

    // The login's RUC from the environment, then a configured issuer: both as the submission under that RUC.
    const byLogin = await runCli(['validate', input], { env: { FACTURA_RUC: other }, timeoutMs: 90_000 });
    const configured = ['--emisor-ruc', other, '--emisor-nombre', 'OTRA EMPRESA S.A.C.'];
    const byConfig = await runCli(['validate', input, ...configured], { timeoutMs: 90_000 });
    const sent = await runCli(['submit', input, '--sandbox', ...configured], { timeoutMs: 90_000 });
    for (const run of [byLogin, byConfig, sent]) {
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/^INVÁLIDO +2$/m);
      expect(run.stdout).not.toMatch(/^VÁLIDO/m);
      expect(run.stdout).toContain(heldAs);
    }

    // A sheet that names another issuer on one row: the submission holds nothing, the check warns only.
    await writeSalesSheet(input, [salesRow(1), salesRow(2), salesRow(5, { emisorRuc: sentAs })]);
    const mixed = await runCli(['validate', input], { env: { FACTURA_RUC: other }, timeoutMs: 90_000 });
    expect(mixed.stdout).toMatch(/^VÁLIDO +3$/m);
    expect(mixed.stdout).toContain(heldAs);
  }, 240_000);

  // A dry run said OMITIDO for an issued invoice corrected since, which the submission refuses: a number is never issued twice.
  it('calls INVÁLIDO an issued invoice whose document changed since, when it builds the document a submission would send', async () => {
    const input = join(dir.path, 'v.xlsx');
    const issuer = ['--emisor-ruc', '20601111111', '--emisor-nombre', 'EMPRESA A S.A.C.', '--emisor-correo', 'ventas@empresa-a.test'];
    await submitThenCorrect(input, issuer, {});
    expect((await invoicesOf(join(dir.path, 'v.resultados.xlsx'))).get('F001-3')).toMatchObject({ estado: 'INVÁLIDO', identificador: '' });

    // Without the issuer's mail the document is not the one sent (a submission takes the login's): it cannot tell, and says OMITIDO.
    const unknown = await runCli(['validate', input, ...issuer.slice(0, 4)], { timeoutMs: 90_000 });
    expect(unknown.stdout).toMatch(/^OMITIDO +3$/m);
    expect(unknown.stdout).not.toMatch(otherContent);
  }, 240_000);

  // A dry run said OMITIDO of an issued invoice corrected since when the issuer's mail came from the login (as `submit` takes it), not from a flag.
  it('takes the issuer’s mail from FACTURA_MAIL as submit does, and calls INVÁLIDO an issued invoice corrected since', async () => {
    const input = join(dir.path, 'v.xlsx');
    const ruc = '20601111111';
    // No --emisor-correo: the submission's document carries its login's mail (the sandbox's trial login: the demo account's).
    const issuer = ['--emisor-ruc', ruc, '--emisor-nombre', 'EMPRESA A S.A.C.'];
    // The login's RUC and mail as submit reads them; no password, no service address: the dry run needs no account and contacts nothing.
    await submitThenCorrect(input, issuer, { FACTURA_RUC: ruc, FACTURA_MAIL: 'demo@factura-import.test' });
  }, 240_000);
});
