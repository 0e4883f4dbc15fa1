import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLUMN_NAMES } from '../../src/invoice/canonical-columns.js';
import type { ColumnName } from '../../src/invoice/canonical-columns.js';
import { tempDir } from '../helpers/temp-dir.js';
import type { SalesRow } from '../helpers/write-sales-sheet.js';
import { salesRow, writeSalesSheet } from '../helpers/write-sales-sheet.js';
import type { ServeProcess } from './browser-session.js';
import { openBrowser, startServe, closeWorkspace, POLL } from './browser-session.js';

/** Set to a folder to keep a screenshot of each new step (docs/screenshots is made this way). */
const SHOTS = process.env['WEB_SCREENSHOTS'];

/** Two companies of an accounting firm, each with its own habits. */
const A = '20601111111';
const B = '20602222226';

const letter = (column: ColumnName): string => String.fromCharCode(65 + COLUMN_NAMES.indexOf(column));

/** January: A writes «BOLSITA» for NIU and once «SOLESS» for PEN; B writes «BOLSITA» too. Row = index + 2. */
const JANUARY: readonly SalesRow[] = [
  salesRow(1, { emisorRuc: A, unidadMedida: 'BOLSITA' }),
  salesRow(2, { emisorRuc: A, unidadMedida: 'NIU', moneda: 'SOLESS' }),
  salesRow(3, { emisorRuc: A, unidadMedida: 'BOLSITA' }),
  salesRow(1, { emisorRuc: B, unidadMedida: 'BOLSITA' }),
  salesRow(2, { emisorRuc: B, unidadMedida: 'NIU' }),
];
/** February: the same habits. Rows 2..5: A (BOLSITA), A (SOLESS), A (BOLSITA and SOLESS), B (BOLSITA). */
const FEBRUARY: readonly SalesRow[] = [
  salesRow(11, { emisorRuc: A, unidadMedida: 'BOLSITA' }),
  salesRow(12, { emisorRuc: A, unidadMedida: 'NIU', moneda: 'SOLESS' }),
  salesRow(13, { emisorRuc: A, unidadMedida: 'BOLSITA', moneda: 'SOLESS' }),
  salesRow(11, { emisorRuc: B, unidadMedida: 'BOLSITA' }),
];

describe('value maps remembered per issuer, in a real browser', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  let serve: ServeProcess;
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[] = [];

  const grid = (): Locator => page.getByRole('grid', { name: 'Filas de la hoja' });
  const cell = (row: number, column: ColumnName): Locator => grid().locator(`[data-cell="${row}-${COLUMN_NAMES.indexOf(column)}"]`);
  const offer = (): Locator => page.getByRole('group', { name: 'Recordar el cambio' });
  const maps = (): Locator => page.getByRole('table', { name: 'Valores recordados' });
  const statuses = (): Promise<string | null> => page.getByRole('list', { name: 'Facturas por estado' }).textContent();
  const shot = async (target: Page | Locator, name: string): Promise<void> => {
    if (SHOTS === undefined) return;
    await mkdir(SHOTS, { recursive: true });
    await target.screenshot({ path: join(SHOTS, `${name}.png`) });
  };
  const upload = async (path: string): Promise<void> => {
    await page.getByLabel('Hoja de ventas', { exact: true }).setInputFiles(path);
    await page.getByRole('heading', { name: 'Resumen' }).waitFor({ timeout: 60_000 });
  };

  beforeAll(async () => {
    dir = await tempDir('factura-web-maps-');
    await writeSalesSheet(join(dir.path, 'estudio-enero.xlsx'), JANUARY);
    await writeSalesSheet(join(dir.path, 'estudio-febrero.xlsx'), FEBRUARY);
    serve = await startServe(join(dir.path, 'espacio'));
    ({ context, page, consoleErrors } = await openBrowser(join(dir.path, 'perfil-chromium')));
  }, 120_000);

  afterAll(async () => {
    await closeWorkspace({ context, serve, dir });
  });

  it('offers to remember a replaced code the catalogue does not know, for the issuers of the rows it changed', async () => {
    await page.goto(serve.url);
    await upload(join(dir.path, 'estudio-enero.xlsx'));
    await expect(statuses()).resolves.toContain('INVÁLIDO 4');
    const form = page.getByRole('form', { name: 'Buscar y reemplazar' });
    await form.getByLabel('Columna').selectOption({ label: `${letter('unidadMedida')} unidadMedida` });
    await form.getByLabel('Buscar').fill('BOLSITA');
    await form.getByLabel('Reemplazar con').fill('NIU');
    await form.getByRole('button', { name: 'Reemplazar en toda la columna' }).click();
    await page.getByText('Se reemplazó «BOLSITA» por «NIU» en 3 filas.').waitFor();
    await offer().waitFor();
    const text = await offer().textContent();
    expect(text).toContain('«BOLSITA» no es un valor que el catálogo conozca');
    expect(text).toContain(`RUC ${A}, RUC ${B}`);
    await shot(page.locator('section', { has: page.getByRole('heading', { name: 'Corregir la hoja' }) }), '07-recordar-valor');
    await offer().getByRole('button', { name: 'Recordar para las próximas hojas' }).click();
    await page.getByText('Se recordará «BOLSITA» → «NIU»', { exact: false }).waitFor();
    await expect.poll(() => offer().count(), POLL).toBe(0);
  }, 120_000);

  it('offers it after a cell edit too, only for that row’s issuer, and lists what is remembered', async () => {
    await page.getByLabel('Solo con errores').uncheck();
    await cell(3, 'moneda').dblclick();
    await page.getByLabel('Nuevo valor de moneda de la fila 3', { exact: true }).fill('PEN');
    await page.getByLabel('Nuevo valor de moneda de la fila 3', { exact: true }).press('Enter');
    await offer().waitFor();
    const text = await offer().textContent();
    expect(text).toContain(`«SOLESS» no es un valor que el catálogo conozca en «Moneda»`);
    expect(text).toContain(`RUC ${A}?`);
    expect(text).not.toContain(B);
    await offer().getByRole('button', { name: 'Recordar para las próximas hojas' }).click();
    await expect.poll(() => maps().locator('tbody tr').count(), POLL).toBe(3);
    // A change of a value the catalogue knows is not offered.
    await cell(2, 'descripcion').dblclick();
    await page.getByLabel('Nuevo valor de descripcion de la fila 2', { exact: true }).fill('Arroz superior');
    await page.getByLabel('Nuevo valor de descripcion de la fila 2', { exact: true }).press('Enter');
    await expect.poll(() => cell(2, 'descripcion').getAttribute('class'), POLL).toContain('cell--edited');
    await expect.poll(() => offer().count(), POLL).toBe(0);
  }, 60_000);

  it('lists the maps on the home page, and one can be forgotten', async () => {
    await page.getByRole('button', { name: 'Revisar otra hoja' }).click();
    await expect.poll(() => maps().locator('tbody tr').count(), POLL).toBe(3);
    const rows = await maps().locator('tbody tr').allTextContents();
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`RUC ${A}Unidad de medidaBOLSITANIU`),
        expect.stringContaining(`RUC ${B}Unidad de medidaBOLSITANIU`),
        expect.stringContaining(`RUC ${A}MonedaSOLESSPEN`),
      ]),
    );
    await page.getByRole('button', { name: `Olvidar «BOLSITA» → «NIU» de RUC ${B}` }).click();
    await expect.poll(() => maps().locator('tbody tr').count(), POLL).toBe(2);
    await shot(page.locator('section', { has: page.getByRole('heading', { name: 'Valores recordados' }) }), '08-valores-recordados');
  }, 60_000);

  it('applies the remembered maps to the next sheet as marked changes, only to their issuer’s rows, and «Deshacer» takes one back', async () => {
    await upload(join(dir.path, 'estudio-febrero.xlsx'));
    // A's cells were changed before the result was shown (the check ran again with them); B's BOLSITA stays, its map forgotten.
    await expect.poll(statuses, POLL).toContain('INVÁLIDO 1');
    await expect(statuses()).resolves.toContain('VÁLIDO 3');
    await page.getByText('Se aplicaron los valores recordados de este emisor a 4 celdas').waitFor();
    await expect.poll(() => page.locator('#fix-title ~ p[aria-live]').textContent(), POLL).toBe('4 celdas cambiadas.');
    await page.getByLabel('Solo con errores').uncheck();
    await expect.poll(() => cell(2, 'unidadMedida').getAttribute('title'), POLL).toBe('Cambiado; valor original: BOLSITA');
    await expect.poll(() => cell(2, 'unidadMedida').textContent(), POLL).toMatch(/^NIU/);
    await expect(cell(3, 'moneda').getAttribute('title')).resolves.toBe('Cambiado; valor original: SOLESS');
    await expect(cell(4, 'unidadMedida').getAttribute('class')).resolves.toContain('cell--edited');
    await expect(cell(4, 'moneda').getAttribute('class')).resolves.toContain('cell--edited');
    await expect(cell(5, 'unidadMedida').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect.poll(() => cell(5, 'unidadMedida').textContent(), POLL).toContain('BOLSITA');
    await cell(2, 'unidadMedida').scrollIntoViewIfNeeded();
    await shot(page.locator('section', { has: page.getByRole('heading', { name: 'Filas de la hoja' }) }), '09-valores-aplicados');
    // Each map is one change: undoing the last takes back its cells only, and «Revalidar» is due.
    await page.getByRole('button', { name: 'Deshacer el último cambio' }).click();
    await page.getByText('Se deshizo el cambio de 2 celdas.').waitFor();
    await page.getByText('2 celdas cambiadas. Hay cambios sin revalidar.').waitFor();
    await page.getByRole('button', { name: 'Revalidar' }).click();
    await expect.poll(statuses, { timeout: 60_000, interval: 100 }).toContain('INVÁLIDO 3');
    // A recheck does not apply the maps again: what the user undid stays undone.
    await expect.poll(() => page.locator('#fix-title ~ p[aria-live]').textContent(), POLL).toBe('2 celdas cambiadas.');
  }, 120_000);

  it('ran without a script error or a Content-Security-Policy violation', () => {
    expect(consoleErrors).toEqual([]);
  });
});
