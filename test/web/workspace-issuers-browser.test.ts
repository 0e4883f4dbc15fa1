import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicSandbox, SandboxAccount } from '../../src/index.js';
import { startSandbox } from '../../src/index.js';
import { tempDir } from '../helpers/temp-dir.js';
import { salesRow, writeSalesSheet } from '../helpers/write-sales-sheet.js';
import type { ServeProcess } from './browser-session.js';
import { openBrowser, startServe, closeWorkspace, uploadAndCheck, POLL } from './browser-session.js';

/** Set to a folder to keep a screenshot of each new step (docs/screenshots is made this way). */
const SHOTS = process.env['WEB_SCREENSHOTS'];

/** An accounting firm's three client companies; only A's login is configured (FACTURA_MAIL_/CLAVE_<RUC>). */
const ACCOUNTS: readonly SandboxAccount[] = [
  { ruc: '20601111111', mail: 'a@estudio.test', clave: 'clave-A-configurada-71', razonSocial: 'EMPRESA A S.A.C.' },
  { ruc: '20602222226', mail: 'b@estudio.test', clave: 'clave-B-tecleada-93', razonSocial: 'EMPRESA B E.I.R.L.' },
  { ruc: '20603333331', mail: 'c@estudio.test', clave: 'clave-C-tecleada-58', razonSocial: 'EMPRESA C S.A.' },
];
const [A, B, C] = ACCOUNTS as [SandboxAccount, SandboxAccount, SandboxAccount];

/** Every file under `dir`, its bytes (the workspace: database, its WAL, uploads, workbooks, journals). */
async function filesUnder(dir: string): Promise<{ path: string; bytes: Buffer }[]> {
  const out: { path: string; bytes: Buffer }[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const path = join(e.parentPath, e.name);
    out.push({ path, bytes: await readFile(path) });
  }
  return out;
}

describe('several issuers and logins asked in the page, in a real browser', () => {
  let sandbox: PublicSandbox;
  let dir: { path: string; cleanup: () => Promise<void> };
  let serve: ServeProcess;
  let serveOutput = '';
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[] = [];

  const dialog = (): Locator => page.getByRole('dialog');
  const statuses = (): Promise<string | null> => page.getByRole('list', { name: 'Facturas por estado' }).textContent();
  const sent = (ruc: string): number[] =>
    sandbox
      .ledger()
      .entries.filter((e) => e.ruc === ruc)
      .map((e) => e.numero)
      .sort((x, y) => x - y);
  const shot = async (target: Page | Locator, name: string): Promise<void> => {
    if (SHOTS === undefined) return;
    await mkdir(SHOTS, { recursive: true });
    await target.screenshot({ path: join(SHOTS, `${name}.png`) });
  };

  beforeAll(async () => {
    dir = await tempDir('factura-web-issuers-');
    await writeSalesSheet(join(dir.path, 'estudio-marzo.xlsx'), [
      salesRow(1, { emisorRuc: A.ruc }),
      salesRow(1, { emisorRuc: B.ruc, moneda: 'USD' }),
      salesRow(2, { emisorRuc: A.ruc }),
      salesRow(2, { emisorRuc: B.ruc, moneda: 'USD' }),
      salesRow(3, { emisorRuc: A.ruc }),
    ]);
    await writeSalesSheet(join(dir.path, 'empresa-c-marzo.xlsx'), [salesRow(1, { serie: 'F009' }), salesRow(2, { serie: 'F009' })]);
    sandbox = await startSandbox({ accounts: ACCOUNTS });
    // The service and one company's login, as `submit` reads them; no default issuer (FACTURA_RUC).
    serve = await startServe(join(dir.path, 'espacio'), {
      FACTURA_AUTH_URL: sandbox.url,
      FACTURA_BASE_URL: sandbox.url,
      [`FACTURA_MAIL_${A.ruc}`]: A.mail,
      [`FACTURA_CLAVE_${A.ruc}`]: A.clave,
    });
    serve.child.stdout?.on('data', (d: Buffer) => (serveOutput += d.toString()));
    serve.child.stderr?.on('data', (d: Buffer) => (serveOutput += d.toString()));
    ({ context, page, consoleErrors } = await openBrowser(join(dir.path, 'perfil-chromium')));
  }, 120_000);

  afterAll(async () => {
    await closeWorkspace({ context, serve, sandbox, dir });
  });

  it('shows each issuer in the confirmation, with its legal name, invoices, totals and whether its login is known', async () => {
    await page.goto(serve.url);
    await uploadAndCheck(page, join(dir.path, 'estudio-marzo.xlsx'), 'VÁLIDO 5');
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    const issuers = dialog().getByRole('table', { name: 'Emisores de la hoja' });
    await issuers.waitFor();
    const rows = await issuers.locator('tbody tr').allTextContents();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain(`RUC ${A.ruc}${A.razonSocial}`);
    expect(rows[0]).toContain('PEN 130.98');
    expect(rows[0]).toContain('Configurado');
    expect(rows[1]).toContain(`RUC ${B.ruc}`);
    expect(rows[1]).toContain('USD 87.32');
    expect(rows[1]).toContain('Indicar acceso');
    // Every issuer is the default choice, and B has no login: nothing can go until one is given or A alone is chosen.
    await dialog().getByText(`Falta el acceso de RUC ${B.ruc}`).waitFor();
    await expect(dialog().getByRole('button', { name: 'Confirmar envío' }).isDisabled()).resolves.toBe(true);
    await shot(dialog(), '10-enviar-varios-emisores');
  }, 90_000);

  it('sends one issuer alone: the others are left out of that run, nothing of theirs reaches the service', async () => {
    // B's login form opened, then A alone chosen: the form for an issuer left out does not hold «Confirmar envío» back.
    await dialog()
      .getByRole('button', { name: `Indicar acceso de RUC ${B.ruc}` })
      .click();
    await dialog()
      .getByRole('form', { name: `Acceso del emisor RUC ${B.ruc}` })
      .waitFor();
    await dialog()
      .getByRole('radio', { name: new RegExp(`Solo RUC ${A.ruc}`) })
      .check();
    await expect.poll(() => dialog().textContent(), POLL).toContain('Se enviarán 3 facturas.');
    await expect(dialog().getByRole('button', { name: 'Confirmar envío' }).isDisabled()).resolves.toBe(false);
    await dialog().getByRole('button', { name: 'Confirmar envío' }).click();
    await expect.poll(statuses, { timeout: 60_000, interval: 100 }).toContain('ACEPTADO 3');
    await expect(statuses()).resolves.toContain('OTRO EMISOR 2');
    expect(sent(A.ruc)).toEqual([1, 2, 3]);
    expect(sent(B.ruc)).toEqual([]);
  }, 90_000);

  it('asks once for a login the environment lacks, in a form the browser does not keep, checks it, and sends the rest', async () => {
    await page.getByRole('button', { name: 'Reanudar el envío' }).click();
    await dialog()
      .getByRole('button', { name: `Indicar acceso de RUC ${B.ruc}` })
      .click();
    const form = dialog().getByRole('form', { name: `Acceso del emisor RUC ${B.ruc}` });
    await form.waitFor();
    await expect(form.getAttribute('autocomplete')).resolves.toBe('off');
    for (const input of await form.locator('input').all()) await expect(input.getAttribute('autocomplete')).resolves.toBe('off');
    await expect(form.getByLabel('Clave').getAttribute('type')).resolves.toBe('password');
    await expect.poll(() => form.textContent(), POLL).toContain('las guarda solo en su memoria');
    await shot(dialog(), '11-acceso-del-emisor');
    // A wrong password: the service's refusal, in Spanish, and nothing held.
    await form.getByLabel('Correo').fill(B.mail);
    await form.getByLabel('Clave').fill('no-es-la-clave');
    await form.getByRole('button', { name: 'Comprobar y usar' }).click();
    await form
      .getByRole('alert')
      .filter({ hasText: `El servicio no aceptó el acceso del emisor ${B.ruc}` })
      .waitFor();
    await expect(form.getByLabel('Clave').inputValue()).resolves.toBe('');
    await form.getByLabel('Clave').fill(B.clave);
    await form.getByRole('button', { name: 'Comprobar y usar' }).click();
    const issuers = dialog().getByRole('table', { name: 'Emisores de la hoja' });
    await issuers.getByText(B.razonSocial).waitFor();
    await expect.poll(() => issuers.textContent(), POLL).toContain('Indicado en esta sesión (en memoria)');
    await dialog().getByRole('button', { name: 'Confirmar envío' }).click();
    await expect.poll(statuses, { timeout: 60_000, interval: 100 }).not.toContain('OTRO EMISOR');
    expect(sent(A.ruc)).toEqual([1, 2, 3]);
    expect(sent(B.ruc)).toEqual([1, 2]);
  }, 90_000);

  it('asks for the RUC too when the sheet names no issuer and none is configured', async () => {
    await page.getByRole('button', { name: 'Revisar otra hoja' }).click();
    await uploadAndCheck(page, join(dir.path, 'empresa-c-marzo.xlsx'), 'VÁLIDO 2');
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    const form = dialog().getByRole('form', { name: 'Acceso del emisor' });
    await form.getByLabel('RUC del emisor').fill(C.ruc);
    await form.getByLabel('Correo').fill(C.mail);
    await form.getByLabel('Clave').fill(C.clave);
    await form.getByRole('button', { name: 'Comprobar y usar' }).click();
    await dialog()
      .getByText(`Emisor: RUC ${C.ruc} · ${C.razonSocial}${C.razonSocial.endsWith('.') ? '' : '.'}`)
      .waitFor();
    await dialog().getByRole('button', { name: 'Confirmar envío' }).click();
    await expect.poll(statuses, { timeout: 60_000, interval: 100 }).toContain('ACEPTADO 2');
    expect(sent(C.ruc)).toEqual([1, 2]);
  }, 90_000);

  it('never writes a password: not in the workspace (database, uploads, results, journals), the browser profile, or the server output', async () => {
    const workspace = await filesUnder(join(dir.path, 'espacio'));
    expect(workspace.some((f) => f.path.endsWith('.sqlite'))).toBe(true);
    // The browser closed first: its profile is then what stays on disk (open, Chromium writes and
    // deletes cache files while they are being read: one vanished between the listing and its read).
    await context.close();
    const profile = await filesUnder(join(dir.path, 'perfil-chromium'));
    for (const clave of [A.clave, B.clave, C.clave]) {
      expect(workspace.filter((f) => f.bytes.includes(clave)).map((f) => f.path)).toEqual([]);
      expect(profile.filter((f) => f.bytes.includes(clave)).map((f) => f.path)).toEqual([]);
      expect(serveOutput).not.toContain(clave);
    }
  });

  it('ran without a script error or a Content-Security-Policy violation', () => {
    // Chromium logs every answer >= 400: the refused login's 422 was the one planted above.
    expect(consoleErrors.filter((e) => !e.includes('status of 422'))).toEqual([]);
    expect(consoleErrors.filter((e) => e.includes('status of 422'))).toHaveLength(1);
  });
});
