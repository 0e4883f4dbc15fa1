import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/cli-process.js';
import { jsonSummary, runMain } from '../helpers/run-main.js';
import { tempDir } from '../helpers/temp-dir.js';
import type { ServeProcess } from './browser-session.js';
import { openBrowser, startServe, closeWorkspace, uploadAndCheck, POLL } from './browser-session.js';
import type { SalesRow } from '../helpers/write-sales-sheet.js';
import { salesRow, writeSalesSheet } from '../helpers/write-sales-sheet.js';

/** Set to a folder to keep a screenshot of each step (docs/screenshots is made this way). */
const SHOTS = process.env['WEB_SCREENSHOTS'];

const INVOICES = 250;
/** Planted errors, by invoice number (each invoice is one line; sheet row = number + 1). */
const BAD_RUC = [7, 47, 87, 127, 167, 207, 247];
const PLANTED: Record<number, SalesRow> = {
  ...Object.fromEntries(BAD_RUC.map((n) => [n, { receptorNumeroDocumento: '20512333798' }])),
  15: { fechaEmision: '31/02/2026' },
  120: { valorVentaUnitario: '-5' },
  230: { descripcion: '' },
};
const ERROR_ROWS = Object.keys(PLANTED).length;

/** The legacy export's (fixtures/legacy/export.csv) required columns other than the invoice key, by the label the columns step offers. */
const LEGACY_COLUMNS: Readonly<Record<string, string>> = {
  FEC_EMI: 'Fecha de emisión (obligatorio)',
  CLI_RUC: 'Documento del cliente (obligatorio)',
  CLI_NOMBRE: 'Razón social del cliente (obligatorio)',
  ITEM_DESC: 'Descripción (obligatorio)',
  ITEM_CANT: 'Cantidad (obligatorio)',
  ITEM_PU: 'Valor unitario (obligatorio)',
};

/** Picks, on the columns step, the field of each named sheet column. */
async function chooseColumns(page: Page, choose: Readonly<Record<string, string>>): Promise<void> {
  for (const [header, label] of Object.entries(choose)) await page.getByLabel(`Dato de la columna ${header}`).selectOption({ label });
}

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS === undefined) return;
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

describe('the web workspace in a real browser', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  let serve: ServeProcess;
  let context: BrowserContext;
  let page: Page;
  let sheet: string;
  /** Every error the page logged (a CSP violation shows up here) and every uncaught exception. */
  let consoleErrors: string[] = [];

  beforeAll(async () => {
    dir = await tempDir('factura-web-e2e-');
    sheet = join(dir.path, 'ventas-diciembre.xlsx');
    await writeSalesSheet(
      sheet,
      Array.from({ length: INVOICES }, (_, i) => salesRow(i + 1, PLANTED[i + 1] ?? {})),
    );
    serve = await startServe(join(dir.path, 'espacio'));
    ({ context, page, consoleErrors } = await openBrowser(join(dir.path, 'perfil-chromium')));
  }, 120_000);

  afterAll(async () => {
    await closeWorkspace({ context, serve, dir });
  });

  it('opens with the one-time link, and the token leaves the address bar', async () => {
    const origin = new URL(serve.url).origin;
    await page.goto(serve.url);
    await expect.poll(() => page.getByRole('heading', { name: '1. Suba la hoja de ventas' }).isVisible(), POLL).toBe(true);
    expect(page.url()).toBe(`${origin}/`);
    // No cookie: browsers send a 127.0.0.1 cookie to every port; the session's secret stays in this origin's storage.
    expect(await context.cookies()).toEqual([]);
    await shot(page, '01-subir-hoja');
  }, 60_000);

  it('uploads a sheet with planted errors and shows the counts by status and the grouped problems', async () => {
    await page.getByLabel('Hoja de ventas', { exact: true }).setInputFiles(sheet);
    await page.getByRole('heading', { name: 'Resumen' }).waitFor();
    const statuses = page.getByRole('list', { name: 'Facturas por estado' });
    await expect.poll(() => statuses.textContent(), POLL).toContain(`INVÁLIDO ${ERROR_ROWS}`);
    await expect.poll(() => statuses.textContent(), POLL).toContain(`VÁLIDO ${INVOICES - ERROR_ROWS}`);
    const groups = page.locator('.problem-group');
    const ruc = groups.filter({ hasText: 'receptorNumeroDocumento' });
    await expect.poll(() => ruc.textContent(), POLL).toContain(`${BAD_RUC.length} facturas`);
    await shot(page, '02-resumen-y-problemas');
    await ruc.locator('summary').click();
    await ruc
      .locator('.problem-items li')
      .filter({ hasText: `Fila ${BAD_RUC[0]! + 1}:` })
      .waitFor();
  }, 90_000);

  it('marks the invalid cells in the grid, with the message as their accessible description', async () => {
    const grid = page.getByRole('grid', { name: 'Filas de la hoja' });
    await grid.getByRole('rowheader').first().waitFor();
    // «Solo con errores» is on by default: every row shown has an error.
    await expect(page.getByLabel('Solo con errores').isChecked()).resolves.toBe(true);
    const headers = await grid.getByRole('rowheader').allTextContents();
    expect(headers.map(Number)).toEqual(
      Object.keys(PLANTED)
        .map((n) => Number(n) + 1)
        .sort((a, b) => a - b),
    );
    const invalid = grid.locator('[role="gridcell"][aria-invalid="true"]');
    await expect.poll(() => invalid.count(), POLL).toBeGreaterThanOrEqual(ERROR_ROWS);
    const rucCell = grid
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: String(BAD_RUC[0]! + 1), exact: true }) })
      .locator('[aria-invalid="true"]');
    const describedBy = await rucCell.first().getAttribute('aria-describedby');
    const description = await page.locator(`#${describedBy}`).textContent();
    expect(description).toMatch(/RUC/);
    expect(await rucCell.first().getAttribute('title')).toBe(description);
    await rucCell.first().hover();
    await shot(page, '03-cuadricula-solo-errores');
  }, 60_000);

  it('filters and pages through every row, and jumps from a problem group to its first row', async () => {
    const grid = page.getByRole('grid', { name: 'Filas de la hoja' });
    await page.getByLabel('Solo con errores').uncheck();
    await page.getByText('Página 1 de 3').waitFor();
    await expect.poll(() => grid.getByRole('rowheader').first().textContent(), POLL).toBe('2');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByText('Página 2 de 3').waitFor();
    await expect.poll(() => grid.getByRole('rowheader').first().textContent(), POLL).toBe('102');
    await page.getByRole('button', { name: 'Última' }).click();
    await page.getByText('Página 3 de 3').waitFor();
    await expect.poll(() => grid.getByRole('rowheader').count(), POLL).toBe(INVOICES - 200);
    await shot(page, '04-cuadricula-todas-las-filas');
    // On a narrow window the sheet is wider than the grid: the problem's cell comes into view with its message.
    await page.setViewportSize({ width: 640, height: 900 });
    try {
      await page.getByRole('button', { name: 'Ir a la fila 121' }).click();
      await page.getByText('Página 2 de 3').waitFor();
      const cell = grid.locator('[data-cell^="121-"][aria-invalid="true"]').first();
      // The problem's cell has the focus, which shows its message beside it.
      await expect.poll(() => grid.locator('[data-cell^="121-"][aria-invalid="true"]:focus').count(), POLL).toBe(1);
      await expect
        .poll(
          async () => {
            const box = await cell.boundingBox();
            return box !== null && box.x >= 0 && box.x + box.width <= 640;
          },
          { timeout: 5_000, interval: 100 },
        )
        .toBe(true);
      await expect(
        cell
          .locator('.cell-message')
          .boundingBox()
          .then((b) => b?.width ?? 0),
      ).resolves.toBeGreaterThan(100);
    } finally {
      await page.setViewportSize({ width: 1366, height: 900 });
    }
  }, 60_000);

  it('downloads the results workbook, which opens with every invoice and every problem', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar resultados' }).click()]);
    expect(download.suggestedFilename()).toBe('ventas-diciembre.resultados.xlsx');
    const saved = join(dir.path, 'descargado.xlsx');
    await download.saveAs(saved);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(saved);
    expect(wb.worksheets.map((w) => w.name)).toEqual(expect.arrayContaining(['Resumen', 'Comprobantes', 'Errores']));
    expect(wb.getWorksheet('Comprobantes')!.actualRowCount).toBeGreaterThanOrEqual(INVOICES + 1);
    expect(wb.getWorksheet('Errores')!.actualRowCount).toBeGreaterThanOrEqual(ERROR_ROWS + 1);
  }, 60_000);

  it('lists the check in the history and reopens it without uploading again', async () => {
    await page.getByRole('button', { name: 'Revisar otra hoja' }).click();
    await page.getByRole('heading', { name: 'Revisiones anteriores' }).waitFor();
    await shot(page, '05-historial');
    await page.getByRole('button', { name: 'Abrir la revisión de ventas-diciembre.xlsx' }).click();
    await page.getByRole('heading', { name: 'Resumen' }).waitFor();
    await expect.poll(() => page.getByRole('list', { name: 'Facturas por estado' }).textContent(), POLL).toContain('INVÁLIDO');
  }, 60_000);

  it('asks for the columns of a sheet with unknown headers, checks it with the chosen mapping, and remembers it', async () => {
    const legacy = join(PROJECT_ROOT, 'fixtures/legacy/export.csv');
    await page.getByRole('button', { name: 'Revisar otra hoja' }).click();
    await page.getByLabel('Hoja de ventas', { exact: true }).setInputFiles(legacy);
    await page.getByRole('heading', { name: '2. Columnas de «export.csv»' }).waitFor();
    // The address names the step (#columnas/<id>): a reload comes back to it, not to the start.
    // The page writes its address once the step is drawn (an effect after the paint): polled, not read once.
    await expect.poll(() => new URL(page.url()).hash, POLL).toMatch(/^#columnas\/[0-9a-f-]{36}$/);
    await page.reload();
    await page.getByRole('heading', { name: '2. Columnas de «export.csv»' }).waitFor();
    await expect(page.getByRole('button', { name: 'Revisar la hoja' }).isDisabled()).resolves.toBe(true);
    await chooseColumns(page, { DOC_SERIE: 'Serie (obligatorio)', DOC_NRO: 'Número (obligatorio)', ...LEGACY_COLUMNS });
    await shot(page, '06-columnas');
    await page.getByRole('button', { name: 'Revisar la hoja' }).click();
    await page.getByRole('heading', { name: 'Resumen' }).waitFor();
    await expect.poll(() => page.getByRole('heading', { name: '«export.csv»' }).isVisible(), POLL).toBe(true);
    const [map] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar la asignación de columnas' }).click()]);
    const mapPath = join(dir.path, 'columnas.json');
    await map.saveAs(mapPath);
    expect(JSON.parse(await readFile(mapPath, 'utf8'))).toMatchObject({ serie: 'DOC_SERIE', valorVentaUnitario: 'ITEM_PU' });
    // The same headers again: the confirmed mapping is reused and the columns step is passed over.
    await page.getByRole('button', { name: 'Revisar otra hoja' }).click();
    await page.getByLabel('Hoja de ventas', { exact: true }).setInputFiles(legacy);
    await page.getByRole('heading', { name: 'Resumen' }).waitFor();
    await page.getByRole('button', { name: 'Columnas', exact: true }).click();
    await expect(page.getByLabel('Dato de la columna DOC_SERIE').inputValue()).resolves.toBe('serie');
  }, 90_000);

  it('maps a column holding serie and number together («F003-00000871») to both, and reads each invoice by it', async () => {
    // The legacy export with its DOC_TIPO, DOC_SERIE and DOC_NRO columns made into one DOC_VENTA column.
    const lines = (await readFile(join(PROJECT_ROOT, 'fixtures/legacy/export.csv'), 'utf8')).trimEnd().split('\n');
    const joined = lines.map((l, i) => {
      const [, serie, numero] = l.split(',', 3);
      const rest = l.split(',').slice(3).join(',');
      return `${i === 0 ? 'DOC_VENTA' : `${serie ?? ''}-${numero ?? ''}`},${rest}`;
    });
    const keys = new Set(joined.slice(1).map((l) => l.split(',')[0]));
    const sheetPath = join(dir.path, 'registro.csv');
    await writeFile(sheetPath, `${joined.join('\n')}\n`);

    // The page is on the columns step the test before reopened.
    await page.getByRole('button', { name: 'Subir otra hoja' }).click();
    await page.getByLabel('Hoja de ventas', { exact: true }).setInputFiles(sheetPath);
    await page.getByRole('heading', { name: '2. Columnas de «registro.csv»' }).waitFor();
    await chooseColumns(page, { DOC_VENTA: 'Serie y número juntos (F001-00000123)', ...LEGACY_COLUMNS });
    await expect.poll(() => page.getByText('Faltan columnas obligatorias').count(), POLL).toBe(0);
    await shot(page, '06b-columnas-serie-y-numero');
    await page.getByRole('button', { name: 'Revisar la hoja' }).click();
    await page.getByRole('heading', { name: 'Resumen' }).waitFor();

    const [map] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar la asignación de columnas' }).click()]);
    const mapPath = join(dir.path, 'columnas-registro.json');
    await map.saveAs(mapPath);
    expect(JSON.parse(await readFile(mapPath, 'utf8'))).toMatchObject({ serie: 'DOC_VENTA', numero: 'DOC_VENTA' });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar resultados' }).click()]);
    const saved = join(dir.path, 'registro.resultados.xlsx');
    await download.saveAs(saved);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(saved);
    const invoices: string[] = [];
    wb.getWorksheet('Comprobantes')!.eachRow((row, n) => {
      if (n > 1) invoices.push(`${row.getCell(1).text}-${row.getCell(2).text.padStart(8, '0')}`);
    });
    expect(new Set(invoices)).toEqual(keys);
    // The columns step shows the choice again as it was made.
    await page.getByRole('button', { name: 'Columnas', exact: true }).click();
    await expect(page.getByLabel('Dato de la columna DOC_VENTA').inputValue()).resolves.toBe('serie,numero');
  }, 90_000);

  it('checks a sheet priced with IGV with its price column confirmed as «Valor unitario con IGV»', async () => {
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Lima' });
    const sheetPath = join(dir.path, 'precios-con-igv.csv');
    await writeFile(
      sheetPath,
      `Serie,Número,Fecha,RUC cliente,Razón social,Descripción,Cantidad,Precio unitario con IGV\nF001,1,${today},20512333797,Comercial Andina S.A.C.,Arroz,10,21.83\n`,
    );
    // The page is on the columns step the test before reopened.
    await page.getByRole('button', { name: 'Subir otra hoja' }).click();
    await page.getByLabel('Hoja de ventas', { exact: true }).setInputFiles(sheetPath);
    await page.getByRole('heading', { name: '2. Columnas de «precios-con-igv.csv»' }).waitFor();
    // Its header says so: the step proposes it as the unit value with IGV, and the user confirms.
    await expect(page.getByLabel('Dato de la columna Precio unitario con IGV').inputValue()).resolves.toBe('valorVentaUnitario@conIgv');
    await expect
      .poll(() => page.getByText('La columna «Precio unitario con IGV» trae el precio con IGV: se propone como valor unitario con IGV').count(), POLL)
      .toBe(1);
    await shot(page, '06c-columnas-precio-con-igv');
    await page.getByRole('button', { name: 'Revisar la hoja' }).click();
    await page.getByRole('heading', { name: 'Resumen' }).waitFor();
    // 10 × 21.83 with IGV: 218.30, of which 185.00 without it (read as without IGV it would be 257.59).
    const totals = page.getByRole('table').first();
    await expect.poll(() => totals.textContent(), POLL).toMatch(/185\.00.*33\.30.*218\.30/);
    // The mapping file carries the IGV choice: the command line reads the sheet with it the same way.
    const [map] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar la asignación de columnas' }).click()]);
    const mapPath = join(dir.path, 'columnas-con-igv.json');
    await map.saveAs(mapPath);
    expect(JSON.parse(await readFile(mapPath, 'utf8'))).toMatchObject({ valorVentaUnitario: 'Precio unitario con IGV', tipoRegistro: 'PRECIOS_CON_IGV' });
    const cli = await runMain(['validate', sheetPath, '--map', mapPath, '--json', '--quiet', '--out', join(dir.path, 'cli.resultados.xlsx')]);
    expect(cli.code, cli.stderr).toBe(0);
    expect(jsonSummary(cli).totals).toEqual([{ moneda: 'PEN', invoices: 1, base: '185.00', igv: '33.30', total: '218.30' }]);
    await page.getByRole('button', { name: 'Columnas', exact: true }).click();
    await expect(page.getByLabel('Dato de la columna Precio unitario con IGV').inputValue()).resolves.toBe('valorVentaUnitario@conIgv');
    // The same headers again: the remembered mapping is applied with its IGV choice, not 18 % higher.
    await page.getByRole('button', { name: 'Subir otra hoja' }).click();
    await page.getByLabel('Hoja de ventas', { exact: true }).setInputFiles(sheetPath);
    await page.getByRole('heading', { name: 'Resumen' }).waitFor();
    await expect.poll(() => page.getByRole('table').first().textContent(), POLL).toMatch(/185\.00.*33\.30.*218\.30/);
  }, 90_000);

  it('after a check refused for its columns, «Columnas» on the failure leads to the choice that reads it', async () => {
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Lima' });
    const sheetPath = join(dir.path, 'registro-con-igv.csv');
    await writeFile(
      sheetPath,
      `Comprobante;Fecha;RUC;Cliente;Producto;Cant.;Precio unitario con IGV\r\nF001-00000201;${today};20512333797;Comercial Andina S.A.C.;Arroz;10;21,83\r\n`,
    );
    await page.getByRole('button', { name: 'Revisar otra hoja' }).click();
    await page.getByLabel('Hoja de ventas', { exact: true }).setInputFiles(sheetPath);
    await page.getByRole('heading', { name: '2. Columnas de «registro-con-igv.csv»' }).waitFor();
    // Serie and número together are proposed for «Comprobante»; the price is taken, wrongly, as without IGV.
    await expect(page.getByLabel('Dato de la columna Comprobante').inputValue()).resolves.toBe('serie,numero');
    await page.getByLabel('Dato de la columna Precio unitario con IGV').selectOption({ label: 'Valor unitario (obligatorio)' });
    await page.getByRole('button', { name: 'Revisar la hoja' }).click();
    await page.getByRole('heading', { name: 'No se pudo revisar «registro-con-igv.csv»' }).waitFor();
    await expect.poll(() => page.getByRole('alert').textContent(), POLL).toContain('elija «Valor unitario con IGV» para esa columna con el botón «Columnas»');
    await shot(page, '06d-revision-rechazada-por-columnas');
    await page.getByRole('button', { name: 'Columnas', exact: true }).click();
    await page.getByLabel('Dato de la columna Precio unitario con IGV').selectOption({ label: 'Valor unitario con IGV (el precio incluye el IGV)' });
    await page.getByRole('button', { name: 'Revisar la hoja' }).click();
    await page.getByRole('heading', { name: 'Resumen' }).waitFor();
    await expect.poll(() => page.getByRole('table').first().textContent(), POLL).toMatch(/185\.00.*33\.30.*218\.30/);
  }, 90_000);

  it('reads a register of one amount per line and no quantity once its amount is chosen as the unit value with IGV', async () => {
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Lima' });
    const sheetPath = join(dir.path, 'servicios.csv');
    await writeFile(
      sheetPath,
      `Fecha;Comprobante;RUC;Razón social;Concepto;Importe\r\n${today};F001-00000301;20512333797;Comercial Andina S.A.C.;Asesoría contable;1180,00\r\n`,
    );
    await page.getByRole('button', { name: 'Revisar otra hoja' }).click();
    await page.getByLabel('Hoja de ventas', { exact: true }).setInputFiles(sheetPath);
    await page.getByRole('heading', { name: '2. Columnas de «servicios.csv»' }).waitFor();
    await expect.poll(() => page.getByRole('status').allTextContents(), POLL).toContain('Faltan columnas obligatorias: Cantidad, Valor unitario.');
    // Taken as the unit value, the step says which way the amount is read.
    await page.getByLabel('Dato de la columna Importe').selectOption({ label: 'Valor unitario (obligatorio)' });
    await expect
      .poll(() => page.getByRole('status').allTextContents(), POLL)
      .toContain('Sin columna de cantidad: cada fila se leerá como una factura de 1 unidad, con «Importe» como su valor sin IGV.');
    await page.getByLabel('Dato de la columna Importe').selectOption({ label: 'Valor unitario con IGV (el precio incluye el IGV)' });
    // No quantity is asked for: each line is one unit of its amount, and the step says so.
    await expect
      .poll(() => page.getByRole('status').allTextContents(), POLL)
      .toEqual(['Sin columna de cantidad: cada fila se leerá como una factura de 1 unidad, con «Importe» como su valor con IGV.']);
    await shot(page, '06e-importe-por-linea');
    await page.getByRole('button', { name: 'Revisar la hoja' }).click();
    await page.getByRole('heading', { name: 'Resumen' }).waitFor();
    await expect.poll(() => page.getByRole('table').first().textContent(), POLL).toMatch(/1,000\.00.*180\.00.*1,180\.00/);

    // A «Total» includes IGV: taken as the unit value without it, the step says so and does not go on.
    const totals = join(dir.path, 'servicios-total.csv');
    await writeFile(
      totals,
      `Fecha;Comprobante;RUC;Razón social;Concepto;Total\r\n${today};F001-00000302;20512333797;Comercial Andina S.A.C.;Auditoría;590,00\r\n`,
    );
    await page.getByRole('button', { name: 'Revisar otra hoja' }).click();
    await page.getByLabel('Hoja de ventas', { exact: true }).setInputFiles(totals);
    await page.getByRole('heading', { name: '2. Columnas de «servicios-total.csv»' }).waitFor();
    await page.getByLabel('Dato de la columna Total').selectOption({ label: 'Valor unitario (obligatorio)' });
    await expect
      .poll(() => page.getByRole('status').allTextContents(), POLL)
      .toContain('«Total» trae el total con IGV: elíjala como «Valor unitario con IGV».');
    await expect(page.getByRole('button', { name: 'Revisar la hoja' }).isDisabled()).resolves.toBe(true);
    await page.getByLabel('Dato de la columna Total').selectOption({ label: 'Valor unitario con IGV (el precio incluye el IGV)' });
    await page.getByRole('button', { name: 'Revisar la hoja' }).click();
    await page.getByRole('heading', { name: 'Resumen' }).waitFor();
    await expect.poll(() => page.getByRole('table').first().textContent(), POLL).toMatch(/500\.00.*90\.00.*590\.00/);
  }, 90_000);

  it('writes the counts of a big check in the history as in its summary, with thousands marked', async () => {
    const big = join(dir.path, 'ventas-enero.xlsx');
    await writeSalesSheet(
      big,
      Array.from({ length: 1_200 }, (_, i) => salesRow(i + 1)),
    );
    await page.getByRole('button', { name: 'Revisar otra hoja' }).click();
    await uploadAndCheck(page, big, 'VÁLIDO 1,200');
    await page.getByRole('button', { name: 'Revisar otra hoja' }).click();
    const entry = page.getByRole('row').filter({ hasText: 'ventas-enero.xlsx' });
    await expect.poll(() => entry.textContent(), POLL).toContain('1,200 facturas: VÁLIDO 1,200');
  }, 90_000);

  it('shows a total past a float’s 15 digits to the cent, as the terminal writes it', async () => {
    const huge = join(dir.path, 'grua.xlsx');
    await writeSalesSheet(huge, [salesRow(1, { cantidad: '1234567', valorVentaUnitario: '123456789012.37' })]);
    const cli = await runMain(['validate', huge, '--json', '--out', join(dir.path, 'grua-cli.xlsx')]);
    const [{ base, igv, total }] = jsonSummary(cli)['totals'] as [{ base: string; igv: string; total: string }];
    expect(total).toBe('179850499615948820.67');
    await uploadAndCheck(page, huge, 'VÁLIDO 1');
    const totals = await page.locator('table.totals').textContent();
    for (const amount of [base, igv, total]) expect(totals).toContain(amount.replace(/\B(?=(\d{3})+(?!\d))/g, ','));
    expect(totals).toContain('179,850,499,615,948,820.67');
  }, 90_000);

  it('jumps from a warning to its row with «Solo con errores» on: the grid shows all rows, at that one', async () => {
    // Invoice 3 on a hidden row (left out, with a warning) and invoice 2 with a wrong RUC: the grid opens on the rows with errors.
    const path = join(dir.path, 'con-oculta.xlsx');
    await writeSalesSheet(path, [salesRow(1), salesRow(2, { receptorNumeroDocumento: '20512333798' }), salesRow(3), salesRow(4)]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path);
    book.worksheets[0]!.getRow(4).hidden = true;
    await book.xlsx.writeFile(path);
    await page.getByRole('button', { name: 'Revisar otra hoja' }).click();
    await uploadAndCheck(page, path, 'INVÁLIDO 1');
    await expect(page.getByLabel('Solo con errores').isChecked()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Ir a la fila 4' }).click();
    await expect.poll(() => page.getByLabel('Solo con errores').isChecked(), { timeout: 5_000, interval: 100 }).toBe(false);
    const grid = page.getByRole('grid', { name: 'Filas de la hoja' });
    await expect.poll(() => grid.locator('[data-row="4"]:focus').count(), { timeout: 5_000, interval: 100 }).toBe(1);
  }, 90_000);

  it('removes a check from the history after asking once more, and says so', async () => {
    await page.getByRole('button', { name: 'Revisar otra hoja' }).click();
    const history = page.getByRole('region', { name: 'Revisiones anteriores' });
    await history.getByRole('rowheader', { name: 'con-oculta.xlsx' }).waitFor();
    const before = await history.getByRole('rowheader').allTextContents();
    expect(before).toContain('con-oculta.xlsx');
    await page.getByRole('button', { name: 'Eliminar la revisión de con-oculta.xlsx' }).click();
    await page.getByText('¿Eliminar la revisión de «con-oculta.xlsx»? Se borran la hoja subida, sus cambios y sus resultados').waitFor();
    await shot(page, '15-eliminar-revision');
    // «Cancelar» keeps it; asked again, «Sí, eliminar» removes it.
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await expect(history.getByRole('rowheader').allTextContents()).resolves.toEqual(before);
    await page.getByRole('button', { name: 'Eliminar la revisión de con-oculta.xlsx' }).click();
    await page.getByRole('button', { name: 'Sí, eliminar' }).click();
    await page.getByRole('status').filter({ hasText: 'Se eliminó la revisión de «con-oculta.xlsx».' }).waitFor();
    await expect(history.getByRole('rowheader').allTextContents()).resolves.toEqual(before.filter((name) => name !== 'con-oculta.xlsx'));
    await shot(page, '16-revision-eliminada');
    // Gone for good: the page opened again lists it no more.
    await page.reload();
    await page.getByRole('heading', { name: 'Revisiones anteriores' }).waitFor();
    await expect.poll(() => page.getByRole('rowheader', { name: 'con-oculta.xlsx' }).count(), POLL).toBe(0);
  }, 60_000);

  it('ran the whole session without a script error or a Content-Security-Policy violation', () => {
    expect(consoleErrors).toEqual([]);
  });
});
