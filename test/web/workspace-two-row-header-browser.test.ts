import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTASIS_SALES, writeContasisRegister } from '../helpers/contasis-register.js';
import { SUNAT_SALES, writeSunatRegister } from '../helpers/sunat-register.js';
import { tempDir } from '../helpers/temp-dir.js';
import type { ServeProcess } from './browser-session.js';
import { closeWorkspace, openBrowser, POLL, startServe } from './browser-session.js';

/**
 * A Contasis sales register in the workspace: its header takes two rows (merged «Comprobante de
 * Pago» and «Cliente» over «Serie», «Número»…), two of its columns are headed «Número», and it has
 * no quantity and no unit value, only each invoice's «Base Imponible». The columns step showed row 5
 * and asked for the customer's document, a quantity and a unit value; once they were chosen, «Revisar
 * la hoja» read row 4 and refused every column chosen, speaking of a mapping file: the sheet could
 * never be checked from the page. Now the two rows are read as one header (the title over each
 * «Número» says whose it is), as `validate` reads them: nothing is left to choose. Its two «Número»
 * dropdowns were both named «Dato de la columna Número»: each now names its column's letter too.
 * SUNAT's own register (Formato 14.1) takes three rows: it is read so too.
 */
describe('the web workspace: a register with a header of two or three rows', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  let serve: ServeProcess;
  let context: BrowserContext;
  let page: Page;
  let register: string;
  let sunat: string;
  let consoleErrors: string[] = [];

  beforeAll(async () => {
    dir = await tempDir('factura-web-two-rows-');
    register = join(dir.path, 'registro-contasis.xlsx');
    await writeContasisRegister(register);
    sunat = join(dir.path, 'registro-14-1.xlsx');
    await writeSunatRegister(sunat);
    serve = await startServe(join(dir.path, 'espacio'));
    ({ context, page, consoleErrors } = await openBrowser(join(dir.path, 'perfil-chromium')));
    await page.goto(serve.url);
  }, 120_000);

  afterAll(async () => {
    await closeWorkspace({ context, serve, dir });
  });

  it('checks the sheet without asking for columns, the customer’s «Número» its document; reopened, the columns step shows both rows', async () => {
    await page.getByLabel('Hoja de ventas', { exact: true }).setInputFiles(register);
    // Every required column recognised (the customer's «Número» under «Cliente»): the columns step is passed over.
    await page.getByRole('heading', { name: 'Resumen' }).waitFor();
    await expect.poll(() => page.getByRole('list', { name: 'Facturas por estado' }).textContent(), POLL).toMatch(/VÁLIDO\s*3/);
    expect(await page.getByText('No se pudo revisar').count()).toBe(0);
    const grid = page.getByRole('grid', { name: 'Filas de la hoja' });
    // Rows 6 to 8 its invoices, row 9 its totals (read as none).
    await expect.poll(() => grid.getByRole('rowheader').allTextContents(), POLL).toEqual(['6', '7', '8', '9']);
    await expect
      .poll(() => grid.locator('.status-cell .invoice').allTextContents(), POLL)
      .toEqual(CONTASIS_SALES.map(([serie, numero]) => `${serie}-${numero}`));
    // The customer's RUC came from column F, not from the invoice's «Número».
    await expect.poll(() => grid.textContent(), POLL).toContain(CONTASIS_SALES[0][2]);

    // «Columnas» shows the header as the check read it: both rows, the two «Número» each with its field, «Base Imponible» the value of one unit.
    await page.getByRole('button', { name: 'Columnas', exact: true }).click();
    await page.getByRole('heading', { name: '2. Columnas de «registro-contasis.xlsx»' }).waitFor();
    await expect.poll(() => page.getByText('Encabezados en las filas 4 y 5.').count(), POLL).toBe(1);
    await expect(page.getByLabel('Dato de la columna Fecha de Emisión').inputValue()).resolves.toBe('fechaEmision');
    await expect(page.getByLabel('Dato de la columna Base Imponible').inputValue()).resolves.toBe('valorVentaUnitario');
    // Each «Número» control has a name of its own (a screen reader said «Número» twice), its column's letter as the mapping writes it.
    expect(await page.getByLabel('Dato de la columna Número', { exact: true }).count()).toBe(0);
    const invoiceNumber = page.getByRole('combobox', { name: 'Dato de la columna Número (columna D)', exact: true });
    const customerNumber = page.getByLabel('Dato de la columna Número (columna F)', { exact: true });
    await expect.poll(() => Promise.all([invoiceNumber.count(), customerNumber.count()]), POLL).toEqual([1, 1]);
    await expect(invoiceNumber.inputValue()).resolves.toBe('numero');
    await expect(customerNumber.inputValue()).resolves.toBe('receptorNumeroDocumento');
    await expect.poll(() => page.getByText('Faltan columnas obligatorias').count(), POLL).toBe(0);
    // Confirmed as shown (a mapping naming each «Número» by its letter), the check reads the same invoices.
    await page.getByRole('button', { name: 'Revisar la hoja' }).click();
    await page.getByRole('heading', { name: 'Resumen' }).waitFor();
    await expect.poll(() => page.getByRole('list', { name: 'Facturas por estado' }).textContent(), POLL).toMatch(/VÁLIDO\s*3/);
    await expect.poll(() => grid.textContent(), POLL).toContain(CONTASIS_SALES[0][2]);
    expect(consoleErrors).toEqual([]);
  }, 120_000);

  it('checks SUNAT’s Formato 14.1 (a header of three rows) without asking for columns; «Columnas» says the header takes rows 6 to 8', async () => {
    // From the workspace's first page (the session the first visit opened), whatever the test before left on screen.
    await page.goto(new URL(serve.url).origin);
    await page.getByLabel('Hoja de ventas', { exact: true }).setInputFiles(sunat);
    await page.getByRole('heading', { name: 'Resumen' }).waitFor();
    await expect.poll(() => page.getByRole('list', { name: 'Facturas por estado' }).textContent(), POLL).toMatch(/VÁLIDO\s*3/);
    const grid = page.getByRole('grid', { name: 'Filas de la hoja' });
    await expect.poll(() => grid.locator('.status-cell .invoice').allTextContents(), POLL).toEqual(SUNAT_SALES.map(([serie, numero]) => `${serie}-${numero}`));
    // The customer's RUC came from column H, under «INFORMACIÓN DEL CLIENTE» and «DOCUMENTO DE IDENTIDAD».
    await expect.poll(() => grid.textContent(), POLL).toContain(SUNAT_SALES[0][2]);
    await page.getByRole('button', { name: 'Columnas', exact: true }).click();
    await page.getByRole('heading', { name: '2. Columnas de «registro-14-1.xlsx»' }).waitFor();
    await expect.poll(() => page.getByText('Encabezados en las filas 6 a 8.').count(), POLL).toBe(1);
    await expect(page.getByLabel('Dato de la columna NÚMERO (columna F)', { exact: true }).inputValue()).resolves.toBe('numero');
    await expect(page.getByLabel('Dato de la columna NÚMERO (columna H)', { exact: true }).inputValue()).resolves.toBe('receptorNumeroDocumento');
    expect(consoleErrors).toEqual([]);
  }, 120_000);
});
