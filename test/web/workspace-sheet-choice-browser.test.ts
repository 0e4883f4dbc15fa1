import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLUMN_NAMES } from '../../src/invoice/canonical-columns.js';
import { tempDir } from '../helpers/temp-dir.js';
import type { SalesRow } from '../helpers/write-sales-sheet.js';
import { salesRow } from '../helpers/write-sales-sheet.js';
import type { ServeProcess } from './browser-session.js';
import { SESSION_HEADER } from '../../src/web/workspace-api.js';
import { openBrowser, startServe, closeWorkspace, POLL } from './browser-session.js';

/** Set to a folder to keep a screenshot of the step (docs/screenshots is made this way). */
const SHOTS = process.env['WEB_SCREENSHOTS'];

/** The first sheet: a note for the reader, then November's sales (all valid). */
const NOVEMBER = [1, 2, 3].map((n) => salesRow(n));
/** The second sheet: December's sales, the fourth with a receptor RUC whose check digit is wrong. */
const DECEMBER = [101, 102, 103, 104, 105].map((n) => salesRow(n, n === 104 ? { receptorNumeroDocumento: '20512333798' } : {}));

/** A real workbook written by exceljs: a sheet of sales per entry (or a cover with one line of text when `rows` is a string). */
async function writeWorkbook(path: string, sheets: readonly (readonly [string, readonly SalesRow[] | string])[]): Promise<void> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of sheets) {
    const ws = wb.addWorksheet(name);
    if (typeof rows === 'string') {
      ws.addRow([rows]);
      continue;
    }
    ws.addRow([...COLUMN_NAMES]);
    for (const r of rows) ws.addRow(COLUMN_NAMES.map((c) => r[c] ?? null));
  }
  await wb.xlsx.writeFile(path);
}

describe('the web workspace: the choice of sheet in a workbook with several', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  let serve: ServeProcess;
  let context: BrowserContext;
  let page: Page;
  let workbook: string;
  let consoleErrors: string[] = [];
  let checkId = '';

  beforeAll(async () => {
    dir = await tempDir('factura-web-sheets-');
    workbook = join(dir.path, 'ventas-2026.xlsx');
    // As an office keeps a month per sheet.
    await writeWorkbook(workbook, [
      ['Noviembre', NOVEMBER],
      ['Diciembre', DECEMBER],
    ]);
    serve = await startServe(join(dir.path, 'espacio'));
    ({ context, page, consoleErrors } = await openBrowser(join(dir.path, 'perfil-chromium')));
    await page.goto(serve.url);
  }, 120_000);

  afterAll(async () => {
    await closeWorkspace({ context, serve, dir });
  });

  it('lists both sheets with their first rows, proposing the one the command line would read', async () => {
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/uploads'));
    await page.getByLabel('Hoja de ventas', { exact: true }).setInputFiles(workbook);
    checkId = ((await (await uploaded).json()) as { checkId: string }).checkId;
    await page.getByRole('heading', { name: 'Elija la hoja de «ventas-2026.xlsx»' }).waitFor();
    const radios = page.getByRole('radio');
    await expect.poll(() => radios.count(), POLL).toBe(2);
    // The command line reads the first visible sheet with a header: November.
    await expect(page.getByRole('radio', { name: /Noviembre/ }).isChecked()).resolves.toBe(true);
    await expect(page.getByRole('radio', { name: /Diciembre/ }).isChecked()).resolves.toBe(false);
    // Each sheet shows its own first rows: the header, then its invoices.
    const december = page.getByRole('table', { name: 'Primeras filas de la hoja Diciembre' });
    await expect.poll(() => december.getByRole('row').count(), POLL).toBe(1 + DECEMBER.length);
    await expect.poll(() => december.getByRole('row').first().textContent(), POLL).toContain('serie');
    await expect.poll(() => december.textContent(), POLL).toContain('105');
    // Only columns with values below the header: the template's empty ones (horaEmision…) are left out.
    await expect.poll(() => december.getByRole('row').first().textContent(), POLL).not.toContain('horaEmision');
    const november = page.getByRole('table', { name: 'Primeras filas de la hoja Noviembre' });
    await expect.poll(() => november.getByRole('row').count(), POLL).toBe(1 + NOVEMBER.length);
    await expect.poll(() => november.textContent(), POLL).not.toContain('105');
  }, 90_000);

  it('refuses a sheet the workbook does not have, in Spanish', async () => {
    // As the page calls: with the session's secret it keeps (web/src/session-secret.ts).
    const answer = await page.evaluate(
      async ([id, header]) => {
        const res = await fetch(`/api/checks/${id}/sheet`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [header]: localStorage.getItem('factura-import.sesion') ?? '' },
          body: JSON.stringify({ sheet: 'Enero' }),
        });
        return { status: res.status, body: (await res.json()) as { error: string } };
      },
      [checkId, SESSION_HEADER] as const,
    );
    expect(answer).toEqual({ status: 400, body: { error: 'Elija una de las hojas del libro: «Noviembre», «Diciembre».' } });
    // The browser logs that refused request; it is this test's own.
    consoleErrors.splice(0, consoleErrors.length);
  }, 30_000);

  it('reads the chosen sheet: the check counts December invoices and finds its error; «Revalidar» keeps to that sheet', async () => {
    await page.getByRole('radio', { name: /Diciembre/ }).check();
    if (SHOTS !== undefined) {
      await mkdir(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, '14-elegir-hoja.png'), fullPage: true });
    }
    await page.getByRole('button', { name: 'Leer la hoja «Diciembre»' }).click();
    await page.getByRole('heading', { name: 'Resumen' }).waitFor();
    const statuses = page.getByRole('list', { name: 'Facturas por estado' });
    await expect.poll(() => statuses.textContent(), POLL).toContain('INVÁLIDO 1');
    await expect.poll(() => statuses.textContent(), POLL).toContain(`VÁLIDO ${DECEMBER.length - 1}`);
    const grid = page.getByRole('grid', { name: 'Filas de la hoja' });
    await expect.poll(() => grid.getByRole('rowheader').allTextContents()).toEqual(['5']);

    // The recheck is over when the page fetches the check's view (app.tsx `finish`, its only GET of
    // /api/checks/:id); the Resumen heading alone is on screen before the recheck starts too.
    const rechecked = page.waitForResponse((r) => r.request().method() === 'GET' && /^\/api\/checks\/[^/]+$/.test(new URL(r.url()).pathname));
    await page.getByRole('button', { name: 'Revalidar' }).click();
    await rechecked;
    await page.getByRole('heading', { name: 'Resumen' }).waitFor();
    await expect.poll(() => page.getByRole('list', { name: 'Facturas por estado' }).textContent(), POLL).toContain(`VÁLIDO ${DECEMBER.length - 1}`);
    await page.getByLabel('Solo con errores').uncheck();
    await expect.poll(() => grid.getByRole('rowheader').allTextContents()).toEqual(['2', '3', '4', '5', '6']);
    expect(consoleErrors).toEqual([]);
  }, 120_000);

  it('proposes the first sheet with a header when the command line could not choose (a cover, then two sheets of sales)', async () => {
    const offices = join(dir.path, 'ventas-sucursales.xlsx');
    await writeWorkbook(offices, [
      ['Portada', 'Ventas por sucursal, noviembre 2026'],
      ['Lima', NOVEMBER],
      ['Arequipa', DECEMBER],
    ]);
    await page.getByRole('button', { name: 'factura-import' }).click();
    await page.getByLabel('Hoja de ventas', { exact: true }).setInputFiles(offices);
    await page.getByRole('heading', { name: 'Elija la hoja de «ventas-sucursales.xlsx»' }).waitFor();
    await expect(page.getByRole('radio', { name: /Lima/ }).isChecked()).resolves.toBe(true);
    await expect.poll(() => page.getByText('Portada · sin encabezados de ventas').count(), POLL).toBe(1);
    await page.getByRole('radio', { name: /Arequipa/ }).check();
    await page.getByRole('button', { name: 'Leer la hoja «Arequipa»' }).click();
    await page.getByRole('heading', { name: 'Resumen' }).waitFor();
    await expect.poll(() => page.getByRole('list', { name: 'Facturas por estado' }).textContent(), POLL).toContain('INVÁLIDO 1');
    expect(consoleErrors).toEqual([]);
  }, 120_000);

  it('proposes the sheet the workbook was saved showing when it is not the first, and says so', async () => {
    const saved = join(dir.path, 'ventas-guardado-en-diciembre.xlsx');
    const wb = new ExcelJS.Workbook();
    for (const [name, rows] of [
      ['Noviembre', NOVEMBER],
      ['Diciembre', DECEMBER],
    ] as const) {
      const ws = wb.addWorksheet(name);
      ws.addRow([...COLUMN_NAMES]);
      for (const r of rows) ws.addRow(COLUMN_NAMES.map((c) => r[c] ?? null));
    }
    wb.views = [{ x: 0, y: 0, width: 10000, height: 20000, firstSheet: 0, activeTab: 1, visibility: 'visible' }];
    await wb.xlsx.writeFile(saved);
    await page.getByRole('button', { name: 'factura-import' }).click();
    await page.getByLabel('Hoja de ventas', { exact: true }).setInputFiles(saved);
    await page.getByRole('heading', { name: 'Elija la hoja de «ventas-guardado-en-diciembre.xlsx»' }).waitFor();
    await expect.poll(() => page.getByRole('radio', { name: /Diciembre/ }).isChecked(), POLL).toBe(true);
    await expect.poll(() => page.getByText('se propone «Diciembre», la que se veía al guardar el libro').count(), POLL).toBe(1);
    await expect.poll(() => page.getByText('Diciembre · con encabezados de ventas · la que se veía al guardar el libro').count(), POLL).toBe(1);
    if (SHOTS !== undefined) await page.screenshot({ path: join(SHOTS, '14b-hoja-guardada.png'), fullPage: true });
    await page.getByRole('button', { name: 'Leer la hoja «Diciembre»' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Facturas por estado' }).textContent(), POLL).toContain('INVÁLIDO 1');
    expect(consoleErrors).toEqual([]);
  }, 120_000);

  it('proposes a sheet whose headers name only some columns, and the columns step asks for the one missing', async () => {
    // As an export names it: «Doc» for the serie, which the reader does not know.
    const months = join(dir.path, 'ventas-exportadas.xlsx');
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Resumen').addRows([['Resumen de ventas noviembre'], ['Total vendido', 12_345.67]]);
    for (const [name, rows] of [
      ['Octubre', NOVEMBER],
      ['Noviembre', DECEMBER],
    ] as const) {
      const ws = wb.addWorksheet(name);
      ws.addRow(COLUMN_NAMES.map((c) => (c === 'serie' ? 'Doc' : c)));
      for (const r of rows) ws.addRow(COLUMN_NAMES.map((c) => r[c] ?? null));
    }
    await wb.xlsx.writeFile(months);
    await page.getByRole('button', { name: 'factura-import' }).click();
    await page.getByLabel('Hoja de ventas', { exact: true }).setInputFiles(months);
    await page.getByRole('heading', { name: 'Elija la hoja de «ventas-exportadas.xlsx»' }).waitFor();
    await expect(page.getByRole('radio', { name: /Octubre/ }).isChecked()).resolves.toBe(true);
    await expect.poll(() => page.getByText('Octubre · con encabezados de ventas (faltan columnas)').count(), POLL).toBe(1);
    await page.getByRole('button', { name: 'Leer la hoja «Octubre»' }).click();
    await page.getByRole('heading', { name: '2. Columnas de «ventas-exportadas.xlsx»' }).waitFor();
    await page.getByLabel('Dato de la columna Doc').selectOption({ label: 'Serie (obligatorio)' });
    await page.getByRole('button', { name: 'Revisar la hoja' }).click();
    await page.getByRole('list', { name: 'Facturas por estado' }).filter({ hasText: 'VÁLIDO 3' }).waitFor();
    expect(consoleErrors).toEqual([]);
  }, 120_000);

  it('opens a failed upload from the history with only «Subir otra hoja»: there are no columns to choose', async () => {
    // A picture saved with the sheet's name: no reader opens it.
    const broken = join(dir.path, 'no-es-un-libro.xlsx');
    await writeFile(broken, Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
    await page.getByRole('button', { name: 'factura-import' }).click();
    await page.getByLabel('Hoja de ventas', { exact: true }).setInputFiles(broken);
    await page.getByRole('alert').filter({ hasText: 'no es una hoja de ventas que se pueda leer' }).waitFor();
    // The history lists it at once, beside the message (no reload).
    const entry = page.getByRole('row').filter({ hasText: 'no-es-un-libro.xlsx' });
    await expect.poll(() => entry.textContent(), POLL).toContain('No se pudo revisar: El archivo «no-es-un-libro.xlsx» no es una hoja de ventas');
    await entry.getByRole('button', { name: 'Abrir' }).click();
    await page.getByRole('heading', { name: 'No se pudo revisar «no-es-un-libro.xlsx»' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Columnas', exact: true }).count(), POLL).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Revisar de nuevo' }).count(), POLL).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Subir otra hoja' }).count(), POLL).toBe(1);
    // The refused upload's 422 is logged by Chromium as a failed load: nothing else may be.
    expect(consoleErrors.filter((e) => !e.includes('status of 422'))).toEqual([]);
  }, 120_000);
});
