import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp-dir.js';
import type { ServeProcess } from './browser-session.js';
import { closeWorkspace, openBrowser, startServe, uploadAndCheck, POLL } from './browser-session.js';

/**
 * A review read «Error I · Unidad: «ML» no es un valor válido … — 19 facturas» as if the 19 invoices
 * had «ML», where they had PAQ, CJ, BOLSA…; and «B · Tipo: la hoja dice «03», una boleta … — 2
 * facturas» where one of the two was «07», a credit note. A group's message is its first case's:
 * the page says it is an example (and its row), and lists the values the group's rows read.
 */
const HEADER = 'Tipo;Serie;Número;Fecha;RUC cliente;Razón social;Descripción;Cantidad;Valor unitario;Unidad';
const UNITS = ['BOLSA', 'SACO', 'ML', 'ROLLO', 'MILLAR', 'BALDE', 'FRASCO', 'NIU', 'NIU', 'NIU'];
const KINDS = ['01', '01', '01', '01', '01', '01', '01', '03', '07', '01'];

describe('«Problemas encontrados» in a real browser', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  let serve: ServeProcess;
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[] = [];

  beforeAll(async () => {
    dir = await tempDir('factura-web-groups-');
    const lines = UNITS.map((unit, i) => `${KINDS[i]};F001;${i + 1};26/11/2026;20512333797;Comercial Andina S.A.C.;Arroz;1;10;${unit}`);
    await writeFile(join(dir.path, 'unidades.csv'), [HEADER, ...lines, ''].join('\r\n'));
    serve = await startServe(join(dir.path, 'espacio'));
    ({ context, page, consoleErrors } = await openBrowser(join(dir.path, 'perfil-chromium')));
  }, 120_000);
  afterAll(async () => {
    await closeWorkspace({ context, serve, dir });
  });

  it('titles a group by its column and count, gives its message as one row’s example, and lists the values its rows read', async () => {
    await page.goto(serve.url);
    await uploadAndCheck(page, join(dir.path, 'unidades.csv'), 'INVÁLIDO 9');
    const units = page.locator('.problem-group').filter({ hasText: 'J · Unidad' });
    const summary = (): Promise<string | null> => units.locator('summary').textContent();
    await expect.poll(summary, POLL).toMatch(/^Error J · Unidad: 7 facturas/);
    expect(await summary()).toContain('Por ejemplo, fila 2: «BOLSA» no es un valor válido de «Unidad de medida».');
    expect(await summary()).toContain('Valores que se leyeron: «BOLSA», «SACO», «ML», «ROLLO», «MILLAR» y otros');
    // The workspace's remedy: no configuration file to change there.
    expect(await summary()).not.toContain('archivo de configuración');

    const kinds = page.locator('.problem-group').filter({ hasText: 'A · Tipo' });
    await expect.poll(() => kinds.locator('summary').textContent(), POLL).toMatch(/^Error A · Tipo: 2 facturas/);
    const said = await kinds.locator('summary').textContent();
    expect(said).toContain('Por ejemplo, fila 9: la hoja dice «03», una boleta de venta');
    expect(said).toContain('Valores que se leyeron: «03» y «07»');
    // Opened, each row says its own.
    await kinds.locator('summary').click();
    await kinds.getByText('Fila 10:').waitFor();
    expect(await kinds.locator('.problem-items').textContent()).toContain('«07», una nota de crédito');
  }, 90_000);

  it('ran without a script error or a Content-Security-Policy violation', () => {
    expect(consoleErrors).toEqual([]);
  });
});
