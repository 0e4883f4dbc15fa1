import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shownCount } from '../../src/i18n/shown-count.js';
import { writeSalesCsv } from '../reliability/sales-sheet.js';
import type { SandboxWorkspace } from './browser-session.js';
import { closeWorkspace, openSandboxWorkspace, POLL, uploadAndCheck } from './browser-session.js';

const FROM_ELSEWHERE =
  'No se revisó con las columnas elegidas aquí: esta hoja ya se está revisando desde otra ventana. Espere a que termine esa revisión y pulse «Abrir la revisión de nuevo» para ver su resultado. Las columnas que eligió aquí siguen en pantalla: si aquella revisión no usó estas, pulse «Revisar la hoja» cuando termine.';
/** Enough invoices that a check of them lasts far longer than a click in another tab takes to reach the server. */
const INVOICES = 8_000;
const VALID_ALL = `VÁLIDO ${shownCount(INVOICES, 'es')}`;

/**
 * A tab on a check's columns step while another tab checked the same upload: «Revisar la hoja» there was refused
 * (409, code `running`) and the page left the columns for «No se pudo revisar «ventas.csv»: Esta hoja ya se está
 * revisando.», with the columns chosen gone. The columns step now stays, with the notice «Revalidar» shows in the
 * same case, and nothing was checked a second time.
 */
describe('the web workspace: the columns step confirmed while another tab checks the same upload', () => {
  let w: SandboxWorkspace;

  beforeAll(async () => {
    w = await openSandboxWorkspace('factura-web-columns-checking-');
  }, 120_000);
  afterAll(async () => {
    await closeWorkspace(w);
  });

  it('keeps the columns chosen, says why in Spanish, and opens the other check once it ends', async () => {
    const { dir, context, page } = w;
    const sheet = join(dir.path, 'ventas.csv');
    await writeSalesCsv(sheet, { invoices: INVOICES });
    await page.goto(w.serve.url);
    await uploadAndCheck(page, sheet, VALID_ALL);

    // A second tab on the same check's columns step.
    const second = await context.newPage();
    await second.goto(page.url());
    await second.getByRole('list', { name: 'Facturas por estado' }).filter({ hasText: VALID_ALL }).waitFor();
    await second.getByRole('button', { name: 'Columnas', exact: true }).click();
    const confirm = second.getByRole('button', { name: 'Revisar la hoja' });
    await confirm.waitFor();
    // A choice of its own: the customer's e-mail left out.
    const mail = second.getByLabel('Dato de la columna receptorCorreo');
    await mail.selectOption('');

    // The first tab checks it again; while that check runs (seconds: its progress is on screen), the second tab confirms its columns.
    await page.getByRole('button', { name: 'Revalidar' }).click();
    await page.getByRole('heading', { name: '3. Revisando «ventas.csv»…' }).waitFor();
    await confirm.click();
    const notice = second.getByRole('alert').filter({ hasText: FROM_ELSEWHERE });
    await notice.waitFor();
    expect(await second.getByRole('heading', { name: /No se pudo revisar/ }).count()).toBe(0);
    expect(await confirm.count()).toBe(1);
    expect(await mail.inputValue()).toBe('');
    expect(new URL(second.url()).hash).toMatch(/^#columnas\//);

    // Once checked in the first tab, «Abrir la revisión de nuevo» shows that check's result.
    await page.getByRole('list', { name: 'Facturas por estado' }).filter({ hasText: VALID_ALL }).waitFor({ timeout: 120_000 });
    await second.getByRole('button', { name: 'Abrir la revisión de nuevo' }).click();
    await second.getByRole('list', { name: 'Facturas por estado' }).filter({ hasText: VALID_ALL }).waitFor();
    await expect.poll(() => notice.count(), POLL).toBe(0);
    await second.close();
  }, 300_000);
});
