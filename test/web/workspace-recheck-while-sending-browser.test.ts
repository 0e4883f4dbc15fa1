import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limaToday } from '../../src/invoice/lima-today.js';
import type { SandboxWorkspace } from './browser-session.js';
import { closeWorkspace, openSandboxWorkspace, POLL } from './browser-session.js';

const WHILE_SENDING = 'Esta hoja se está enviando: espere a que termine el envío para revisarla de nuevo.';

/**
 * A tab left on a check that could not be read (its price taken without IGV) while a second tab gave the check
 * its columns and pressed «Enviar»: the first tab still offered «Revisar de nuevo», enabled, and the server
 * refused it (409) while the submission ran. It is now disabled, saying why, until the submission ends.
 */
describe('the web workspace: «Revisar de nuevo» of a check another tab is sending', () => {
  let w: SandboxWorkspace;

  beforeAll(async () => {
    w = await openSandboxWorkspace('factura-web-recheck-sending-');
  }, 120_000);
  afterAll(async () => {
    await closeWorkspace(w);
  });

  it('is not offered while the submission runs, says why, and comes back when it ends', async () => {
    const { dir, sandbox, serve, context, page } = w;
    const today = limaToday(Date.now());
    const sheet = join(dir.path, 'registro-con-igv.csv');
    const rows = [201, 202, 203, 204].map((n) => `F001-00000${n};${today};20512333797;Comercial Andina S.A.C.;Arroz;10;21,83`);
    await writeFile(sheet, ['Comprobante;Fecha;RUC;Cliente;Producto;Cant.;Precio unitario con IGV', ...rows, ''].join('\r\n'));
    // The first tab: the price taken as without IGV, and the check refused for it.
    await page.goto(serve.url);
    await page.getByLabel('Hoja de ventas', { exact: true }).setInputFiles(sheet);
    await page.getByLabel('Dato de la columna Precio unitario con IGV').selectOption({ label: 'Valor unitario (obligatorio)' });
    await page.getByRole('button', { name: 'Revisar la hoja' }).click();
    await page.getByRole('heading', { name: 'No se pudo revisar «registro-con-igv.csv»' }).waitFor();
    const again = page.getByRole('button', { name: 'Revisar de nuevo' });
    await expect.poll(() => again.isEnabled(), POLL).toBe(true);

    // A second tab on the same check: its columns chosen right, checked, and sent to a slow service.
    const second = await context.newPage();
    await second.goto(page.url());
    await second.getByRole('button', { name: 'Columnas', exact: true }).click();
    await second.getByLabel('Dato de la columna Precio unitario con IGV').selectOption({ label: 'Valor unitario con IGV (el precio incluye el IGV)' });
    await second.getByRole('button', { name: 'Revisar la hoja' }).click();
    await second.getByRole('list', { name: 'Facturas por estado' }).filter({ hasText: 'VÁLIDO 4' }).waitFor();
    sandbox.setFaults({ latencyMs: 1_500 });
    await second.getByRole('button', { name: 'Enviar', exact: true }).click();
    await second.getByRole('dialog').getByRole('button', { name: 'Confirmar envío' }).click();
    await second.getByRole('heading', { name: 'Enviando «registro-con-igv.csv»…' }).waitFor();

    // The first tab, while it is sent: nothing that the server would refuse, and why.
    await expect.poll(() => again.isDisabled(), POLL).toBe(true);
    expect(await again.getAttribute('title')).toBe(WHILE_SENDING);
    expect(await page.getByRole('button', { name: 'Columnas', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('status').allTextContents()).toContain(WHILE_SENDING);
    expect(await second.getByRole('heading', { name: 'Enviando «registro-con-igv.csv»…' }).count()).toBe(1);

    // Once it is sent, the first tab offers it again.
    sandbox.setFaults({ latencyMs: 0 });
    await second.getByRole('list', { name: 'Facturas por estado' }).filter({ hasText: 'ACEPTADO 4' }).waitFor({ timeout: 60_000 });
    await expect.poll(() => again.isEnabled(), POLL).toBe(true);
    expect((await again.getAttribute('title')) ?? '').toBe('');
    expect(await page.getByText(WHILE_SENDING).count()).toBe(0);
    expect(sandbox.ledger().entries).toHaveLength(4);
    await second.close();
  }, 180_000);
});
