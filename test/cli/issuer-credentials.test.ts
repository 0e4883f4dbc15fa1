import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSandbox, SandboxAccount } from '../../src/sandbox/start-sandbox.js';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import { jsonSummary, runMain } from '../helpers/run-main.js';
import { tempDir } from '../helpers/temp-dir.js';
import { salesRow, writeSalesSheet } from '../helpers/write-sales-sheet.js';

const ACCOUNTS: readonly SandboxAccount[] = [
  { ruc: '20601111111', mail: 'a@estudio.test', clave: 'clave-a-secreta', razonSocial: 'EMPRESA A S.A.C.' },
  { ruc: '20602222226', mail: 'b@estudio.test', clave: 'clave-b-secreta', razonSocial: 'EMPRESA B E.I.R.L.' },
];
const [A, B] = ACCOUNTS.map((a) => a.ruc) as [string, string];

let dir: { path: string; cleanup: () => Promise<void> };
let sandbox: RunningSandbox;
beforeEach(async () => {
  dir = await tempDir('issuer-credentials-');
  sandbox = await startSandbox({ accounts: ACCOUNTS });
});
afterEach(async () => {
  await sandbox.close();
  await dir.cleanup();
});

const addresses = (): Record<string, string> => ({ FACTURA_AUTH_URL: sandbox.url, FACTURA_BASE_URL: sandbox.url });

async function sheet(name = 'ventas.xlsx', first = 1): Promise<string> {
  const input = join(dir.path, name);
  await writeSalesSheet(input, [salesRow(first, { emisorRuc: A }), salesRow(first, { emisorRuc: B }), salesRow(first + 1, { emisorRuc: A })]);
  return input;
}

async function credentialsFile(mode: number): Promise<string> {
  const path = join(dir.path, 'credenciales.json');
  await writeFile(path, JSON.stringify(Object.fromEntries(ACCOUNTS.map((a) => [a.ruc, { mail: a.mail, clave: a.clave }]))));
  await chmod(path, mode);
  return path;
}

describe('credentials of several issuers on the command line', () => {
  it('refuses a credentials file that others can read (0644) with exit 2, before anything is sent', async () => {
    const file = await credentialsFile(0o644);
    const run = await runMain(['submit', await sheet(), '--quiet'], { ...addresses(), FACTURA_CREDENTIALS_FILE: file });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('lo pueden leer otros usuarios (permisos 0644)');
    expect(run.stderr).toContain(`chmod 600 ${file}`);
    expect(run.stderr).not.toContain('clave-a-secreta');
    expect(sandbox.ledger().counters).toMatchObject({ loginRequests: 0, puts: 0 });
  });

  it('says in Spanish when the credentials path is a private folder, not a file, before anything is sent', async () => {
    const folder = join(dir.path, 'credenciales');
    await mkdir(folder, { mode: 0o700 });
    const run = await runMain(['submit', await sheet(), '--quiet'], { ...addresses(), FACTURA_CREDENTIALS_FILE: folder });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`No se pudo leer el archivo de credenciales ${folder}: es una carpeta, no un archivo.`);
    expect(run.stderr).not.toContain('EISDIR');
    expect(sandbox.ledger().counters).toMatchObject({ loginRequests: 0, puts: 0 });
  });

  it('takes a private (0600) credentials file, and the environment variables work the same way', async () => {
    const file = await credentialsFile(0o600);
    const byFile = await runMain(['submit', await sheet('por-archivo.xlsx'), '--quiet', '--json'], { ...addresses(), FACTURA_CREDENTIALS_FILE: file });
    expect(byFile.code, byFile.stderr).toBe(0);
    expect(jsonSummary(byFile).byStatus['ACCEPTED']).toBe(3);

    const env = Object.fromEntries(
      ACCOUNTS.flatMap((a) => [
        [`FACTURA_MAIL_${a.ruc}`, a.mail],
        [`FACTURA_CLAVE_${a.ruc}`, a.clave],
      ]),
    );
    const byEnv = await runMain(['submit', await sheet('por-entorno.xlsx', 11), '--quiet', '--json'], { ...addresses(), ...env });
    expect(byEnv.code, byEnv.stderr).toBe(0);
    expect(jsonSummary(byEnv).byStatus['ACCEPTED']).toBe(3);
    expect(sandbox.ledger().counters).toMatchObject({ logins: 4, accepted: 6, forbidden403: 0 });
    expect(
      sandbox
        .ledger()
        .entries.map((e) => `${e.ruc}-${e.numero}`)
        .sort(),
    ).toEqual([`${A}-1`, `${A}-11`, `${A}-12`, `${A}-2`, `${B}-1`, `${B}-11`].sort());
  });

  it('shows each issuer in the terminal summary, in Resumen, and the RUC of every invoice in Comprobantes', async () => {
    const file = await credentialsFile(0o600);
    const input = await sheet();
    const run = await runMain(['submit', input, '--quiet'], { ...addresses(), FACTURA_CREDENTIALS_FILE: file });
    expect(run.code).toBe(0);
    const issuerLines = run.stdout.split('\n').filter((l) => l.startsWith(A) || l.startsWith(B));
    expect(issuerLines.map((l) => l.split(/\s+/).slice(0, 4))).toEqual([
      [A, '2', '2', '0'],
      [B, '1', '1', '0'],
    ]);
    expect(run.stdout).toContain('RUC emisor');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(join(dir.path, 'ventas.resultados.xlsx'));
    const comprobantes = workbook.getWorksheet('Comprobantes');
    const header = (comprobantes?.getRow(1).values as unknown[]).slice(1);
    const at = header.indexOf('RUC emisor') + 1;
    expect(at).toBeGreaterThan(0);
    expect([2, 3, 4].map((r) => comprobantes?.getRow(r).getCell(at).value)).toEqual([A, B, A]);
    const resumen = workbook.getWorksheet('Resumen');
    const texts: string[] = [];
    resumen?.eachRow((row) => texts.push((row.values as unknown[]).slice(1).map(String).join('|')));
    expect(texts).toContain('Por emisor');
    expect(texts.some((t) => t.startsWith(`${A}|2|2|0|PEN|`))).toBe(true);
    expect(texts.some((t) => t.startsWith(`${B}|1|1|0|PEN|`))).toBe(true);
  });

  it('a variable for one issuer wins over the file for that issuer (first found wins)', async () => {
    const file = await credentialsFile(0o600);
    const run = await runMain(['submit', await sheet(), '--quiet', '--json'], {
      ...addresses(),
      FACTURA_CREDENTIALS_FILE: file,
      [`FACTURA_MAIL_${B}`]: 'b@estudio.test',
      [`FACTURA_CLAVE_${B}`]: 'equivocada',
    });
    expect(run.code).toBe(1);
    expect(jsonSummary(run).byStatus).toMatchObject({ ACCEPTED: 2, FAILED: 1 });
    expect(run.stderr).not.toContain('equivocada');
  });

  it('stops before anything is sent when an issuer lacks credentials, naming its RUC and the ways to give them (exit 2)', async () => {
    const run = await runMain(['submit', await sheet(), '--quiet'], {
      ...addresses(),
      [`FACTURA_MAIL_${A}`]: 'a@estudio.test',
      [`FACTURA_CLAVE_${A}`]: 'clave-a-secreta',
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`Faltan las credenciales del emisor ${B}`);
    expect(run.stderr).not.toContain(A);
    expect(run.stderr).toContain('FACTURA_CREDENTIALS_FILE');
    expect(sandbox.ledger().counters).toMatchObject({ loginRequests: 0, puts: 0 });
  });

  it('--issuer sends one issuer only: the others are left out and not judged by the exit code', async () => {
    const run = await runMain(['submit', await sheet(), '--quiet', '--json', '--issuer', B], {
      ...addresses(),
      [`FACTURA_MAIL_${B}`]: 'b@estudio.test',
      [`FACTURA_CLAVE_${B}`]: 'clave-b-secreta',
    });
    expect(run.code).toBe(0);
    expect(jsonSummary(run).byStatus).toMatchObject({ ACCEPTED: 1, LEFT_OUT: 2 });
    expect(sandbox.ledger().entries.map((e) => e.ruc)).toEqual([B]);
  });

  it('issuers lists the config’s and the sheet’s issuers, invoices per issuer and where credentials come from, never the credentials', async () => {
    const config = join(dir.path, 'config.json');
    await writeFile(config, JSON.stringify({ emisores: { [A]: { nombreLegal: 'EMPRESA A S.A.C.' }, '20603333331': { nombreLegal: 'EMPRESA C S.A.' } } }));
    const file = await credentialsFile(0o600);
    const input = await sheet();
    const run = await runMain(['issuers', input, '--config', config], { [`FACTURA_MAIL_${A}`]: 'a@estudio.test', [`FACTURA_CLAVE_${A}`]: 'clave-a-secreta' });
    expect(run.code, run.stderr).toBe(1);
    const lineOf = (ruc: string): string => run.stdout.split('\n').find((l) => l.startsWith(ruc)) ?? '';
    expect(lineOf(A)).toMatch(/EMPRESA A S\.A\.C\.\s+2\s+2\s+sí \(FACTURA_MAIL_20601111111/);
    expect(lineOf(B)).toMatch(/\s1\s+1\s+NO$/);
    expect(lineOf('20603333331')).toMatch(/EMPRESA C S\.A\.\s+-\s+-\s+NO$/);
    expect(run.stdout).toContain(`Sin credenciales y con facturas válidas: ${B}`);
    expect(run.stdout).not.toContain('clave-a-secreta');

    const withFile = await runMain(['issuers', input, '--json'], { FACTURA_CREDENTIALS_FILE: file });
    expect(withFile.code).toBe(0);
    expect(JSON.parse(withFile.stdout)).toEqual([
      { ruc: A, inConfig: false, invoices: 2, valid: 2, credentials: 'file' },
      { ruc: B, inConfig: false, invoices: 1, valid: 1, credentials: 'file' },
    ]);
    expect(withFile.stdout).not.toContain('clave-b-secreta');
    expect(sandbox.ledger().counters.loginRequests).toBe(0);
  });

  it('issuers reads a sheet as validate and submit do: the same --map, --delimiter and --sheet', async () => {
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Lima' });
    // A legacy export: semicolons, and headers the reader does not know («Emisor», «Comprobante»).
    const input = join(dir.path, 'legado.csv');
    await writeFile(
      input,
      [
        'Emisor;Comprobante;Numero;Fecha;RUC cliente;Cliente;Descripcion;Cantidad;Valor unitario',
        `${A};F001;1;${today};20512333797;Comercial Andina S.A.C.;Arroz;2;18.50`,
        `${B};F001;1;${today};20512333797;Comercial Andina S.A.C.;Arroz;2;18.50`,
        `${B};F001;2;${today};20512333797;Comercial Andina S.A.C.;Arroz;2;18.50`,
      ].join('\n'),
    );
    const mapping = join(dir.path, 'mapeo.json');
    await writeFile(mapping, JSON.stringify({ emisorRuc: 'Emisor', serie: 'Comprobante' }));
    const refused = await runMain(['issuers', input, '--json']);
    expect(refused.code).toBe(2);
    const run = await runMain(['issuers', input, '--json', '--map', mapping, '--delimiter', ';']);
    expect(run.code, run.stderr).toBe(1);
    expect((JSON.parse(run.stdout) as { ruc: string; invoices: number }[]).map((l) => [l.ruc, l.invoices])).toEqual([
      [A, 1],
      [B, 2],
    ]);
  });

  it('login --issuer checks one issuer’s credentials', async () => {
    const file = await credentialsFile(0o600);
    const run = await runMain(['login', '--issuer', B, '--json'], { ...addresses(), FACTURA_CREDENTIALS_FILE: file });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ ruc: B, razonSocial: 'EMPRESA B E.I.R.L.', estado: 'ACTIVO' });
    const missing = await runMain(['login', '--issuer', '20603333331'], { ...addresses(), FACTURA_CREDENTIALS_FILE: file });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('No hay credenciales para el emisor 20603333331');
  });
});
