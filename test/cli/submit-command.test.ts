import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ShownProblemGroup } from '../../src/run-import.js';
import type { RunningSandbox } from '../../src/sandbox/start-sandbox.js';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import { PROJECT_ROOT } from '../helpers/cli-process.js';
import { jsonSummary, runMain } from '../helpers/run-main.js';
import { serviceWithoutLegalName } from '../helpers/service-without-legal-name.js';
import { tempDir } from '../helpers/temp-dir.js';
import { salesRow, writeSalesSheet } from '../helpers/write-sales-sheet.js';

let dir: { path: string; cleanup: () => Promise<void> };
let sandbox: RunningSandbox;

beforeEach(async () => {
  dir = await tempDir('submit-');
  sandbox = await startSandbox();
});
afterEach(async () => {
  await sandbox.close();
  await dir.cleanup();
});

function envFor(s: RunningSandbox, clave = s.account.clave): Record<string, string> {
  return { FACTURA_RUC: s.account.ruc, FACTURA_MAIL: s.account.mail, FACTURA_CLAVE: clave, FACTURA_AUTH_URL: s.url, FACTURA_BASE_URL: s.url };
}

describe('submit', () => {
  it('sends every valid invoice once with one login, and a rerun skips them all from the journal', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await copyFile(join(PROJECT_ROOT, 'fixtures/demo/ventas-noviembre.xlsx'), input);
    const first = await runMain(['submit', input, '--json', '--quiet', '--concurrency', '8'], envFor(sandbox));
    expect(first.code).toBe(0);
    expect(jsonSummary(first).byStatus['ACCEPTED']).toBe(50);
    const ledger = sandbox.ledger();
    expect(ledger.counters.logins).toBe(1);
    expect(new Set(ledger.entries.map((e) => `${e.serie}-${e.numero}`)).size).toBe(50);
    expect(ledger.entries).toHaveLength(50);

    const again = await runMain(['submit', input, '--json', '--quiet'], envFor(sandbox));
    expect(again.code).toBe(0);
    expect(jsonSummary(again).byStatus['SKIPPED']).toBe(50);
    expect(sandbox.ledger().counters.puts).toBe(50);
  });

  it('sends to the service the invoices a trial with --sandbox accepted: issued there is not issued here', async () => {
    // The review found a trial on the built-in sandbox made the real submission skip every invoice (OMITIDO), none sent.
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [salesRow(1), salesRow(2), salesRow(3)]);
    const trial = await runMain(['submit', input, '--json', '--quiet', '--sandbox'], {});
    expect(jsonSummary(trial).byStatus['ACCEPTED']).toBe(3);
    const journal = (await readFile(join(dir.path, 'ventas.journal.jsonl'), 'utf8')).trim().split('\n');
    expect(journal.every((line) => (JSON.parse(line) as { to?: string }).to === 'sandbox')).toBe(true);

    const real = await runMain(['submit', input, '--json', '--quiet'], envFor(sandbox));
    expect(real.code).toBe(0);
    expect(jsonSummary(real).byStatus['ACCEPTED']).toBe(3);
    expect(
      sandbox
        .ledger()
        .entries.map((e) => e.numero)
        .sort(),
    ).toEqual([1, 2, 3]);
    // Each service's acceptances still count at that service: nothing goes twice.
    expect(jsonSummary(await runMain(['submit', input, '--json', '--quiet'], envFor(sandbox))).byStatus['SKIPPED']).toBe(3);
    expect(jsonSummary(await runMain(['submit', input, '--json', '--quiet', '--sandbox'], {})).byStatus['SKIPPED']).toBe(3);
    expect(sandbox.ledger().counters.puts).toBe(3);
  });

  it('tries a sheet of several issuers on --sandbox: each issuer logs in with the simulator’s own login', async () => {
    // A firm's trial: before, every issuer but the demo one stopped the run («Faltan las credenciales de los emisores …»).
    const input = join(dir.path, 'firma.xlsx');
    const issuers = ['20601111111', '20602222226'] as const;
    await writeSalesSheet(input, [salesRow(1, { emisorRuc: issuers[0] }), salesRow(2, { emisorRuc: issuers[1] }), salesRow(3)]);
    const run = await runMain(['submit', input, '--json', '--quiet', '--sandbox'], {});
    expect(run.code, run.stderr).toBe(0);
    const summary = jsonSummary(run);
    expect(summary.byStatus['ACCEPTED']).toBe(3);
    expect((summary['byIssuer'] as { ruc: string }[]).map((i) => i.ruc).sort()).toEqual(['20512333797', ...issuers]);
  });

  it('never sends an invalid invoice, and exits 1', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [salesRow(1), salesRow(2, { receptorNumeroDocumento: '20512333798' }), salesRow(3)]);
    const run = await runMain(['submit', input, '--json', '--quiet'], envFor(sandbox));
    expect(run.code).toBe(1);
    expect(jsonSummary(run).byStatus).toMatchObject({ ACCEPTED: 2, INVALID: 1 });
    expect(
      sandbox
        .ledger()
        .entries.map((e) => e.numero)
        .sort(),
    ).toEqual([1, 3]);
  });

  it('refuses to issue an accepted number again with different content, and sends nothing for it', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [salesRow(1), salesRow(2)]);
    expect((await runMain(['submit', input, '--quiet'], envFor(sandbox))).code).toBe(0);
    await writeSalesSheet(input, [salesRow(1), salesRow(2, { valorVentaUnitario: '99.90' })]);
    const rerun = await runMain(['submit', input, '--json', '--quiet'], envFor(sandbox));
    expect(rerun.code).toBe(1);
    expect(jsonSummary(rerun).byStatus).toMatchObject({ SKIPPED: 1, INVALID: 1 });
    expect(sandbox.ledger().counters.puts).toBe(2);
  });

  it('stops with exit 3 on a wrong password, naming the variables to check, before any invoice is sent', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [salesRow(1)]);
    const run = await runMain(['submit', input], envFor(sandbox, 'not-the-password'));
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('FACTURA_CLAVE');
    expect(run.stderr).not.toContain('not-the-password');
    expect(sandbox.ledger().counters.puts).toBe(0);
  });

  // The library names its options (credentials, journal, authUrl…); the command line passes its own names for the same messages.
  it('names its variables and flags, not the library’s options, where a message says where to mend a value', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [salesRow(1, { emisorRuc: '20100070970' })]);
    const missing = await runMain(['submit', input, '--quiet'], envFor(sandbox));
    expect(missing.stderr).toContain(
      'indique el correo y la clave con las variables de entorno FACTURA_MAIL_<RUC> y FACTURA_CLAVE_<RUC>, o en el archivo de credenciales que nombra FACTURA_CREDENTIALS_FILE',
    );
    expect(missing.stderr).toContain('o envíe solo un emisor con --issuer RUC.');
    const clash = await runMain(['submit', input, '--quiet', '--journal', input], envFor(sandbox));
    expect(clash.stderr).toContain('elija otro archivo (--journal) para no sobrescribir su hoja');
    const own = join(dir.path, 'propia.xlsx');
    await writeSalesSheet(own, [salesRow(1)]);
    const address = await runMain(['submit', own, '--quiet'], { ...envFor(sandbox), FACTURA_AUTH_URL: '127.0.0.1:9/auth' });
    expect(address.stderr).toContain('«127.0.0.1:9/auth» (FACTURA_AUTH_URL) no es válida');
    expect(address.stderr).not.toContain('authUrl');
    const login = await runMain(['login'], { ...envFor(sandbox), FACTURA_RUC: '123' });
    expect(login.stderr).toContain('El RUC de FACTURA_RUC «123» no es válido');
    expect(sandbox.ledger().counters.puts).toBe(0);
  });

  it('names --emisor-nombre and the config file when the service gives no legal name, and sends nothing', async () => {
    const service = await serviceWithoutLegalName();
    try {
      const input = join(dir.path, 'ventas.xlsx');
      await writeSalesSheet(input, [salesRow(1)]);
      const env = { FACTURA_RUC: '20512333797', FACTURA_MAIL: 'a@b.pe', FACTURA_CLAVE: 'x', FACTURA_AUTH_URL: service.url, FACTURA_BASE_URL: service.url };
      const run = await runMain(['submit', input, '--quiet'], env);
      expect(run.stderr).toContain(
        'El servicio no indicó la razón social del emisor 20512333797: indíquela con --emisor-nombre o en el archivo de configuración (emisor, o emisores.20512333797.nombreLegal).',
      );
      expect(run.stderr).not.toContain('nombreLegal,');
      expect(service.puts()).toBe(0);
    } finally {
      await service.close();
    }
  });

  it("says on the terminal why an invoice failed, in the service's words, after the attempts the config file allows", async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [salesRow(1)]);
    sandbox.setFaults({ failureRate: 1 });
    const config = join(dir.path, 'factura.json');
    await writeFile(config, JSON.stringify({ maxAttempts: 2 }));
    const run = await runMain(['submit', input, '--quiet', '--config', config], envFor(sandbox));
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/✗ Fila 2: F001-1 ERROR: .*\(HTTP 500\).*2 intento/);
    expect(sandbox.ledger().counters.puts).toBe(2);
  });

  it('sends the file to fix as it is with the sheet’s journal: an invoice whose answer was lost is confirmed, not DUPLICADO', async () => {
    // The review: the answers of all five lost, the file to fix sent back as the README says, and every invoice
    // came back «DUPLICADO … ya existe» (a journal of its own knew nothing of them), with a warning about our notes column.
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [salesRow(1), salesRow(2), salesRow(3)]);
    sandbox.setFaults({ dropAfterAcceptRate: 1 });
    const first = await runMain(['submit', input, '--json', '--quiet', '--max-attempts', '1'], envFor(sandbox));
    expect(jsonSummary(first).byStatus['UNKNOWN']).toBe(3);
    sandbox.setFaults({ dropAfterAcceptRate: 0 });
    const fixFile = join(dir.path, 'ventas.corregir.xlsx');
    const resent = await runMain(['submit', fixFile, '--json', '--quiet'], envFor(sandbox));
    const summary = jsonSummary(resent);
    expect(summary.byStatus['ACCEPTED']).toBe(3);
    expect(summary.byStatus['DUPLICATE']).toBe(0);
    expect(resent.stdout).not.toContain('Observaciones de la validación');
    expect(sandbox.ledger().entries).toHaveLength(3);
  });

  it('names the missing environment variables and suggests --sandbox (exit 2)', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [salesRow(1)]);
    const run = await runMain(['submit', input], { FACTURA_RUC: '20512333797' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('FACTURA_MAIL, FACTURA_CLAVE, FACTURA_AUTH_URL, FACTURA_BASE_URL');
    expect(run.stderr).toContain('--sandbox');
  });

  it('with --sandbox runs the whole job without an account', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [salesRow(7), salesRow(8)]);
    const run = await runMain(['submit', input, '--sandbox', '--json', '--quiet']);
    expect(run.code).toBe(0);
    expect(jsonSummary(run).byStatus['ACCEPTED']).toBe(2);
    const journal = (await readFile(join(dir.path, 'ventas.journal.jsonl'), 'utf8')).trim().split('\n');
    const records = journal.map((l) => JSON.parse(l) as { t: string; key: string; status?: string });
    expect(records.map((r) => `${r.t} ${r.key} ${r.status ?? ''}`.trim()).sort()).toEqual([
      'attempt 20512333797-F001-7',
      'attempt 20512333797-F001-8',
      'outcome 20512333797-F001-7 ACCEPTED',
      'outcome 20512333797-F001-8 ACCEPTED',
    ]);
  });
});

describe('login', () => {
  it('prints the legal name, state and expiry, never the token', async () => {
    const run = await runMain(['login'], envFor(sandbox));
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('DEMO IMPORTACIONES S.A.C.');
    expect(run.stdout).toContain('ACTIVO');
    expect(run.stdout + run.stderr).not.toMatch(/eyJ[\w-]+\./);
  });

  it('exits 3 when the service refuses the credentials', async () => {
    const run = await runMain(['login'], envFor(sandbox, 'wrong'));
    expect(run.code).toBe(3);
  });
});

/** The problem groups of a `--json` summary (RunSummary.problemGroups). */
function groupsOf(summary: Record<string, unknown>): ShownProblemGroup[] {
  return summary['problemGroups'] as ShownProblemGroup[];
}

describe('validate after a submission', () => {
  it('points out the invoices the journal beside the sheet shows accepted, at their rows: a submission would not send them again', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [salesRow(1), salesRow(2)]);
    expect((await runMain(['submit', input, '--json', '--quiet'], envFor(sandbox))).code).toBe(0);
    // The month's sheet grows by one invoice; a dry run before sending it again.
    await writeSalesSheet(input, [salesRow(1), salesRow(2), salesRow(3)]);
    const dry = await runMain(['validate', input, '--json', '--quiet'], envFor(sandbox));
    const summary = jsonSummary(dry);
    // Issued before: OMITIDO as a submission would leave them (not VÁLIDO, «would be sent»); the new one VÁLIDO.
    expect(summary.byStatus).toMatchObject({ VALID: 1, SKIPPED: 2 });
    const issued = groupsOf(summary).find((g) => g.code === 'ALREADY_ISSUED');
    expect(issued).toMatchObject({ severity: 'warning', invoices: 2, rows: [2, 3] });
    expect(issued?.example).toMatch(/^La factura F001-1 ya fue aceptada por el servicio el .+ \(según el diario de envíos\): no se envía de nuevo\.$/);
    // The journal was read, not written.
    const journal = await readFile(join(dir.path, 'ventas.journal.jsonl'), 'utf8');
    const again = await runMain(['validate', input, '--json', '--quiet', '--journal', join(dir.path, 'ventas.journal.jsonl')], envFor(sandbox));
    expect(groupsOf(jsonSummary(again)).find((g) => g.code === 'ALREADY_ISSUED')?.invoices).toBe(2);
    expect(await readFile(join(dir.path, 'ventas.journal.jsonl'), 'utf8')).toBe(journal);
  });

  it('does not count an acceptance by the sandbox against the service the environment names', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [salesRow(1)]);
    expect(jsonSummary(await runMain(['submit', input, '--json', '--quiet', '--sandbox'], {})).byStatus['ACCEPTED']).toBe(1);
    const dry = jsonSummary(await runMain(['validate', input, '--json', '--quiet'], envFor(sandbox)));
    expect(groupsOf(dry).filter((g) => g.code === 'ALREADY_ISSUED')).toEqual([]);
  });
});
