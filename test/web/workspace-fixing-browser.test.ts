import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicSandbox } from '../../src/index.js';
import { checkLogin, startSandbox } from '../../src/index.js';
import { COLUMN_NAMES } from '../../src/invoice/canonical-columns.js';
import type { ColumnName } from '../../src/invoice/canonical-columns.js';
import { runCli } from '../helpers/cli-process.js';
import { tempDir } from '../helpers/temp-dir.js';
import type { ServeProcess } from './browser-session.js';
import { openBrowser, startServe, sandboxServiceEnv, closeWorkspace, uploadAndCheck, POLL } from './browser-session.js';
import type { SalesRow } from '../helpers/write-sales-sheet.js';
import { salesRow, writeSalesSheet } from '../helpers/write-sales-sheet.js';

/** More than one page of the grid (100 rows), so the replace must reach rows that are not shown. */
const INVOICES = 150;
/** An unidadMedida the catalogue does not know, on rows of every page: fixed by «Buscar y reemplazar». */
const BAD_UNIT_ROWS = [10, 60, 110, 149];
/** Cells fixed one by one through the grid: invoice number → column → [planted, fixed]. */
const PLANTED: Record<number, Partial<Record<ColumnName, readonly [string, string]>>> = {
  7: { receptorNumeroDocumento: ['20512333798', '20512333797'] },
  47: { receptorNumeroDocumento: ['20512333798', '20512333797'] },
  15: { fechaEmision: ['31/02/2026', ''] },
  120: { valorVentaUnitario: ['-5', '5'] },
  130: { descripcion: ['', 'Azúcar rubia bolsa 1 kg'] },
};

const sha256 = async (path: string): Promise<string> =>
  createHash('sha256')
    .update(await readFile(path))
    .digest('hex');

describe('fixing and sending a sheet in the web workspace, in a real browser', () => {
  /** The service «Enviar» sends to: the sandbox, in this process so the test reads its ledger; serve gets it through the environment, as `submit` does. */
  let sandbox: PublicSandbox;
  let dir: { path: string; cleanup: () => Promise<void> };
  let serve: ServeProcess;
  let context: BrowserContext;
  let page: Page;
  let sheet: string;
  let sheetHash: string;
  let consoleErrors: string[] = [];
  const today = salesRow(1).fechaEmision as string;

  const grid = (): Locator => page.getByRole('grid', { name: 'Filas de la hoja' });
  const cell = (row: number, column: ColumnName): Locator => grid().locator(`[data-cell="${row}-${COLUMN_NAMES.indexOf(column)}"]`);
  const input = (row: number, column: ColumnName): Locator => page.getByLabel(`Nuevo valor de ${column} de la fila ${row}`, { exact: true });

  beforeAll(async () => {
    dir = await tempDir('factura-web-fix-');
    sheet = join(dir.path, 'ventas-enero.xlsx');
    await writeSalesSheet(
      sheet,
      Array.from({ length: INVOICES }, (_, i) => {
        const n = i + 1;
        const planted: SalesRow = Object.fromEntries(Object.entries(PLANTED[n] ?? {}).map(([c, [bad]]) => [c, bad]));
        return salesRow(n, { unidadMedida: BAD_UNIT_ROWS.includes(n) ? 'BOLSITA' : 'NIU', ...planted });
      }),
    );
    sheetHash = await sha256(sheet);
    sandbox = await startSandbox();
    serve = await startServe(join(dir.path, 'espacio'), sandboxServiceEnv(sandbox));
    ({ context, page, consoleErrors } = await openBrowser(join(dir.path, 'perfil-chromium')));
  }, 120_000);

  afterAll(async () => {
    await closeWorkspace({ context, serve, sandbox, dir });
  });

  it('uploads a sheet with planted errors', async () => {
    await page.goto(serve.url);
    await page.getByLabel('Hoja de ventas', { exact: true }).setInputFiles(sheet);
    await page.getByRole('heading', { name: 'Resumen' }).waitFor();
    const invalid = Object.keys(PLANTED).length + BAD_UNIT_ROWS.length;
    await expect.poll(() => page.getByRole('list', { name: 'Facturas por estado' }).textContent(), POLL).toContain(`INVÁLIDO ${invalid}`);
    await expect.poll(() => page.getByText('Sin cambios.').isVisible(), POLL).toBe(true);
  }, 90_000);

  it('edits a cell with a double-click or Enter, cancels with Escape, marks the change and undoes it', async () => {
    await page.getByLabel('Solo con errores').uncheck();
    await page.getByText('Página 1 de 2').waitFor();
    // Escape cancels: the cell keeps its text.
    await cell(2, 'descripcion').dblclick();
    await input(2, 'descripcion').fill('otra cosa');
    await input(2, 'descripcion').press('Escape');
    await expect.poll(() => cell(2, 'descripcion').textContent(), POLL).toBe('Arroz extra bolsa 5 kg (1)');
    await expect.poll(() => page.locator(':focus').getAttribute('data-cell'), POLL).toBe(`2-${COLUMN_NAMES.indexOf('descripcion')}`);
    // Enter on the focused cell opens the box; Enter saves.
    await page.keyboard.press('Enter');
    await input(2, 'descripcion').fill('Arroz corregido');
    await input(2, 'descripcion').press('Enter');
    await page.getByText('1 celda cambiada. Hay cambios sin revalidar.').waitFor();
    await expect.poll(() => cell(2, 'descripcion').textContent(), POLL).toContain('Arroz corregido');
    await expect.poll(() => cell(2, 'descripcion').getAttribute('class'), POLL).toContain('cell--edited');
    await expect.poll(() => cell(2, 'descripcion').getAttribute('title'), POLL).toBe('Cambiado; valor original: Arroz extra bolsa 5 kg (1)');
    await page.getByRole('button', { name: 'Deshacer el último cambio' }).click();
    await page.getByText('Se deshizo el cambio de 1 celda.').waitFor();
    await expect.poll(() => cell(2, 'descripcion').getAttribute('class'), POLL).toBeNull();
    await expect.poll(() => cell(2, 'descripcion').textContent(), POLL).toBe('Arroz extra bolsa 5 kg (1)');
  }, 60_000);

  it('replaces a code in a whole column, on every page, not just the one shown', async () => {
    const form = page.getByRole('form', { name: 'Buscar y reemplazar' });
    await form.getByLabel('Columna').selectOption({ label: `${String.fromCharCode(65 + COLUMN_NAMES.indexOf('unidadMedida'))} unidadMedida` });
    await form.getByLabel('Buscar').fill('BOLSITA');
    await form.getByLabel('Reemplazar con').fill('NIU');
    await form.getByRole('button', { name: 'Reemplazar en toda la columna' }).click();
    await page.getByText(`Se reemplazó «BOLSITA» por «NIU» en ${BAD_UNIT_ROWS.length} filas.`).waitFor();
    await expect.poll(() => cell(11, 'unidadMedida').textContent(), POLL).toMatch(/^NIU/);
    await expect.poll(() => cell(11, 'unidadMedida').getAttribute('class'), POLL).toContain('cell--edited');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByText('Página 2 de 2').waitFor();
    await expect.poll(() => cell(150, 'unidadMedida').getAttribute('class'), POLL).toContain('cell--edited');
  }, 60_000);

  it('keeps an edited cell at the far right inside the grid: the page never scrolls sideways', async () => {
    const last = COLUMN_NAMES[COLUMN_NAMES.length - 1] as ColumnName;
    await cell(150, last).dblclick();
    await input(150, last).fill('20100070970');
    await input(150, last).press('Enter');
    await expect.poll(() => cell(150, last).getAttribute('class'), POLL).toContain('cell--edited');
    // Its description (hidden text, placed absolutely) stayed inside the grid's own scroll.
    await expect(page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')).resolves.toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Deshacer el último cambio' }).click();
    await page.getByText('Se deshizo el cambio de 1 celda.').waitFor();
  }, 60_000);

  it('fixes every invalid cell through the grid, and «Revalidar» finds no error', async () => {
    await page.getByLabel('Solo con errores').check();
    for (const [n, columns] of Object.entries(PLANTED)) {
      for (const [column, [, fixed]] of Object.entries(columns)) {
        const row = Number(n) + 1;
        const value = column === 'fechaEmision' ? today : fixed;
        await cell(row, column as ColumnName).dblclick();
        await input(row, column as ColumnName).fill(value);
        await input(row, column as ColumnName).press('Enter');
        await expect.poll(() => cell(row, column as ColumnName).getAttribute('class'), POLL).toContain('cell--edited');
      }
    }
    await page.getByRole('button', { name: 'Revalidar' }).click();
    const summary = page
      .locator('section', { has: page.getByRole('heading', { name: 'Resumen' }) })
      .locator('p')
      .first();
    await summary.filter({ hasText: `${INVOICES} facturas en ${INVOICES} filas · 0 errores` }).waitFor();
    // Every change counted, none waiting for a recheck.
    await expect
      .poll(() => page.locator('#fix-title ~ p[aria-live]').textContent(), POLL)
      .toBe(`${Object.keys(PLANTED).length + BAD_UNIT_ROWS.length} celdas cambiadas.`);
    const statuses = await page.getByRole('list', { name: 'Facturas por estado' }).textContent();
    expect(statuses).toContain(`VÁLIDO ${INVOICES}`);
    expect(statuses).not.toContain('INVÁLIDO');
    // No row left with an error: the grid opens on every row, and «Solo con errores» shows none.
    await expect(page.getByLabel('Solo con errores').isChecked()).resolves.toBe(false);
    await page.getByLabel('Solo con errores').check();
    await page.getByText('Ninguna fila tiene errores.').waitFor();
    // The grid still shows each change over the sheet's own value.
    await page.getByLabel('Solo con errores').uncheck();
    await expect.poll(() => cell(8, 'receptorNumeroDocumento').getAttribute('title'), POLL).toBe('Cambiado; valor original: 20512333798');
  }, 120_000);

  it('never touches the uploaded file: the stored copy is byte-for-byte the sheet that was sent', async () => {
    const checks = join(dir.path, 'espacio', 'checks');
    const [id] = await readdir(checks);
    expect(await sha256(join(checks, id!, 'hoja-subida'))).toBe(sheetHash);
    expect(await sha256(sheet)).toBe(sheetHash);
  });

  it('downloads the corrected sheet, which the command line validates without an error', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar hoja corregida' }).click()]);
    expect(download.suggestedFilename()).toBe('ventas-enero.corregida.xlsx');
    const saved = join(dir.path, 'ventas-enero.corregida.xlsx');
    await download.saveAs(saved);
    const run = await runCli(['validate', saved], { timeoutMs: 90_000 });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`${INVOICES}`);
    // The same command on the uploaded original still finds its errors: the edits live only in the workspace.
    const original = await runCli(['validate', sheet], { timeoutMs: 90_000 });
    expect(original.code).not.toBe(0);
    expect(original.stdout).toContain('INVÁLIDO');
  }, 120_000);

  it('«Enviar» states what will happen, «Confirmar envío» sends, and every invoice ends ACEPTADO once in the ledger', async () => {
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Enviar «ventas-enero.xlsx»' });
    const text = await dialog.textContent();
    expect(text).toContain(sandbox.url);
    // The issuer as the service's login answers it.
    const login = await checkLogin({ credentials: sandbox.credentials, authUrl: sandbox.url, baseUrl: sandbox.url });
    expect(login.razonSocial).toBeDefined();
    expect(text).toContain(`RUC ${sandbox.credentials.ruc} · ${login.razonSocial}`);
    // A legal name ending in «S.A.C.» ends the sentence with its own dot.
    expect(text).not.toContain('..');
    expect(text).toContain(`Se enviarán ${INVOICES} facturas.`);
    expect(text).toContain('Importes de lo que se envía');
    expect(text).toContain('PEN');
    await dialog.getByRole('button', { name: 'Confirmar envío' }).click();
    await page
      .getByRole('list', { name: 'Facturas por estado' })
      .filter({ hasText: `ACEPTADO ${INVOICES}` })
      .waitFor({ timeout: 90_000 });
    await expect.poll(() => page.getByText('Totales de las facturas aceptadas, por moneda').isVisible(), POLL).toBe(true);
    const sent = sandbox.ledger().entries.filter((e) => e.serie === 'F001');
    expect(sent).toHaveLength(INVOICES);
    expect(new Set(sent.map((e) => e.numero)).size).toBe(INVOICES);
    // Nothing left to send: «Enviar» is off, and the page says why.
    await page.getByText('Todas las facturas válidas ya fueron aceptadas por el servicio: no se envían de nuevo.').waitFor();
    await expect(page.getByRole('button', { name: 'Enviar', exact: true }).isDisabled()).resolves.toBe(true);
    // Checked again after the submission, the invoices are issued: «ACEPTADO ANTES», as a submission would leave them, not VÁLIDO («would be sent»).
    await page.getByRole('button', { name: 'Revalidar' }).click();
    await page
      .getByRole('list', { name: 'Facturas por estado' })
      .filter({ hasText: `ACEPTADO ANTES ${INVOICES}` })
      .waitFor({ timeout: 60_000 });
    expect(await page.getByRole('list', { name: 'Facturas por estado' }).textContent()).toBe(`ACEPTADO ANTES ${INVOICES}`);
    await page
      .getByText(
        `${INVOICES} facturas de la hoja ya se emitieron antes (según el diario de envíos): figuran como ACEPTADO ANTES y «Enviar» no las envía de nuevo.`,
        { exact: false },
      )
      .waitFor();
    expect(await grid().locator('td.status-cell').first().textContent()).toContain('ACEPTADO ANTES');
    // Nothing to send, and nothing counted twice: «Enviar» is off, and says why.
    await page.getByText('Todas las facturas válidas ya fueron aceptadas por el servicio: no se envían de nuevo.').waitFor();
    await expect(page.getByRole('button', { name: 'Enviar', exact: true }).isDisabled()).resolves.toBe(true);
    // Which ones, among the problems: a warning about each invoice as a whole, not about «La hoja».
    const issued = page.locator('.problem-group').filter({ hasText: 'ya fue aceptada por el servicio' });
    await expect
      .poll(() => issued.locator('summary').textContent(), POLL)
      .toMatch(/^Advertencia La factura: \d+ facturas Por ejemplo, fila \d+: La factura F001-\d+ ya fue aceptada /);
  }, 120_000);

  it('checks a sheet that grew since it was sent: the invoices sent show ACEPTADO ANTES, and «Enviar» sends only the new ones', async () => {
    // The first three invoices as they were sent (the sheet's own content), and two new ones.
    const grown = join(dir.path, 'ventas-enero-y-mas.xlsx');
    await writeSalesSheet(
      grown,
      [1, 2, 3, INVOICES + 1, INVOICES + 2].map((n) => salesRow(n, { unidadMedida: 'NIU' })),
    );
    await page.getByRole('button', { name: 'Revisar otra hoja' }).click();
    await uploadAndCheck(page, grown, 'ACEPTADO ANTES 3');
    const statuses = page.getByRole('list', { name: 'Facturas por estado' });
    expect(await statuses.textContent()).toBe('VÁLIDO 2ACEPTADO ANTES 3');
    await page.getByText('3 facturas de la hoja ya se emitieron antes (según el diario de envíos)', { exact: false }).waitFor();
    // The grid says which: the sent ones' status cell, and when each was accepted at its row.
    const before = grid().locator('td.status-cell').filter({ hasText: 'ACEPTADO ANTES' });
    await expect.poll(() => before.count(), POLL).toBe(3);
    // Not resumed: this sheet was never sent; its new invoices are.
    const send = page.getByRole('button', { name: 'Enviar', exact: true });
    await expect.poll(() => send.isEnabled(), POLL).toBe(true);
    await send.click();
    const dialog = page.getByRole('dialog', { name: 'Enviar «ventas-enero-y-mas.xlsx»' });
    const text = await dialog.textContent();
    expect(text).toContain('Se enviarán 2 facturas.');
    expect(text).toContain('3 facturas ya fueron aceptadas antes: no se envían de nuevo.');
    await dialog.getByRole('button', { name: 'Confirmar envío' }).click();
    await statuses.filter({ hasText: 'ACEPTADO 2' }).waitFor({ timeout: 60_000 });
    expect(await statuses.textContent()).toBe('ACEPTADO 2ACEPTADO ANTES 3');
    const sent = sandbox.ledger().entries.filter((e) => e.serie === 'F001');
    expect(sent).toHaveLength(INVOICES + 2);
    expect(new Set(sent.map((e) => e.numero)).size).toBe(INVOICES + 2);
  }, 120_000);

  it('«Detener» stops a submission half way (after a reload); after another, «Reanudar el envío» sends the rest, each invoice once', async () => {
    const n = 80;
    const second = join(dir.path, 'ventas-febrero.xlsx');
    await writeSalesSheet(
      second,
      Array.from({ length: n }, (_, i) => ({ ...salesRow(i + 1), serie: 'F002' })),
    );
    await page.getByRole('button', { name: 'Revisar otra hoja' }).click();
    await uploadAndCheck(page, second, `VÁLIDO ${n}`);
    sandbox.setFaults({ latencyMs: 500 });
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar envío' }).click();
    await page.getByRole('heading', { name: 'Enviando «ventas-febrero.xlsx»…' }).waitFor();
    await expect.poll(() => sandbox.ledger().entries.filter((e) => e.serie === 'F002').length, { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(4);
    // The page reloaded while sending: it opens the same check again (its address names it), follows the submission and offers «Detener».
    await expect.poll(() => page.url(), POLL).toMatch(/#revision\/[0-9a-f-]{36}$/);
    await page.reload();
    await page.getByRole('heading', { name: 'Enviando «ventas-febrero.xlsx»…' }).waitFor();
    // How far along, against what the check found: «… de 80».
    await page
      .getByRole('status')
      .filter({ hasText: new RegExp(`Facturas con respuesta: \\d+ de ${n}`) })
      .waitFor({ timeout: 10_000 });
    // The history says it is being sent, and how far (not «En revisión…», nor «Enviada … (sin terminar)»).
    await page.goBack();
    const row = page.getByRole('row').filter({ hasText: 'ventas-febrero.xlsx' });
    await expect.poll(() => row.textContent(), POLL).toMatch(new RegExp(`Enviando… \\(\\d+ de ${n}\\)Envío iniciado el `));
    expect(await row.textContent()).not.toMatch(/En revisión|sin terminar/);
    await page.goForward();
    await page.getByRole('heading', { name: 'Enviando «ventas-febrero.xlsx»…' }).waitFor();
    await page.getByRole('button', { name: 'Detener' }).click();
    await page.getByRole('heading', { name: 'Resumen' }).waitFor({ timeout: 60_000 });
    const stopped = sandbox.ledger().entries.filter((e) => e.serie === 'F002').length;
    expect(stopped).toBeLessThan(n);
    await expect.poll(() => page.getByRole('list', { name: 'Facturas por estado' }).textContent(), POLL).toContain(`ACEPTADO ${stopped}`);
    const totalOf = (table: Locator): Promise<number> =>
      table
        .locator('tbody td')
        .last()
        .textContent()
        .then((t) => Math.round(Number((t ?? '').replace(/,/g, '')) * 100));
    const acceptedCents = await totalOf(page.locator('table.totals').filter({ hasText: 'Totales de las facturas aceptadas' }));

    sandbox.setFaults({ latencyMs: 0 });
    // «Atrás» goes back to the start, «Adelante» to the check; reopened from the history it is the same.
    await page.goBack();
    await page.getByRole('heading', { name: 'Revisiones anteriores' }).waitFor();
    await page.goForward();
    await page.getByRole('button', { name: 'Reanudar el envío' }).waitFor();
    // Reloaded, the page opens the check its address names: it fetches the check, then again to show it. «factura-import»
    // pressed before that second answer comes must not be undone by it: the answer is held until the start screen is up.
    const home = await holdSecondCheckFetch(page);
    await page.reload();
    await home.held;
    await page.getByRole('button', { name: 'factura-import' }).click();
    await page.getByRole('heading', { name: 'Revisiones anteriores' }).waitFor();
    await home.release();
    await page.getByRole('button', { name: 'Abrir la revisión de ventas-febrero.xlsx' }).first().click();
    // The same with «Atrás» to the start (the address, not the button).
    await page.getByRole('button', { name: 'Reanudar el envío' }).waitFor();
    const back = await holdSecondCheckFetch(page);
    await page.reload();
    await back.held;
    await page.goBack();
    await page.getByRole('heading', { name: 'Revisiones anteriores' }).waitFor();
    await back.release();
    await page.getByRole('button', { name: 'Abrir la revisión de ventas-febrero.xlsx' }).first().click();
    await page.getByRole('button', { name: 'Reanudar el envío' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent(), POLL).toContain(`${stopped} facturas ya fueron aceptadas antes: no se envían de nuevo.`);
    await expect.poll(() => dialog.textContent(), POLL).toContain(`Se enviarán ${n - stopped} facturas.`);
    // The amounts of what goes now, as the first confirmation shows them: the rest, not the accepted part.
    const amounts = dialog.locator('table.totals').filter({ hasText: 'Importes de lo que se envía' });
    await expect.poll(() => amounts.locator('tbody td').first().textContent(), POLL).toBe(String(n - stopped));
    const restCents = await totalOf(amounts);
    await dialog.getByRole('button', { name: 'Confirmar envío' }).click();
    await page.getByRole('heading', { name: 'Resumen' }).waitFor({ timeout: 60_000 });
    const statuses = page.getByRole('list', { name: 'Facturas por estado' });
    await expect.poll(() => statuses.textContent(), { timeout: 60_000 }).not.toContain('NO ENVIADO');
    // Those accepted before the stop are issued: «ACEPTADO ANTES», never «OMITIDO», with the reason at their row;
    // and the totals' caption counts both, as the totals do.
    expect(await statuses.textContent()).toBe(`ACEPTADO ${n - stopped}ACEPTADO ANTES ${stopped}`);
    const totals = page.locator('table.totals').filter({ hasText: 'Totales de las facturas aceptadas' });
    expect(await totals.locator('caption').textContent()).toContain(`${n - stopped} aceptadas en este envío y ${stopped} aceptadas antes`);
    expect(await totals.locator('tbody td').first().textContent()).toBe(String(n));
    expect(await totalOf(totals)).toBe(acceptedCents + restCents);
    const grid = page.getByRole('grid', { name: 'Filas de la hoja' });
    const before = grid.locator('td.status-cell').filter({ hasText: 'ACEPTADO ANTES' }).first();
    await expect.poll(() => before.textContent(), POLL).toContain('ya aceptado en una ejecución anterior');
    expect(await grid.locator('td.status-cell').allTextContents()).not.toContainEqual(expect.stringContaining('OMITIDO'));
    await page.goBack();
    const history = page.getByRole('row').filter({ hasText: 'ventas-febrero.xlsx' });
    await expect.poll(() => history.textContent(), POLL).toContain(`ACEPTADO ANTES ${stopped}`);
    expect(await history.textContent()).not.toContain('OMITIDO');
    const all = sandbox.ledger().entries.filter((e) => e.serie === 'F002');
    expect(all).toHaveLength(n);
    expect(new Set(all.map((e) => e.numero)).size).toBe(n);
  }, 180_000);

  it('ran the whole session without a script error or a Content-Security-Policy violation', () => {
    expect(consoleErrors).toEqual([]);
  });
});

/**
 * Holds the answer to the page's second fetch of the check its address names (a reloaded page
 * fetches it to follow it, then to show it) from when it is asked (`held`) until `release`, which
 * lets it go and stops holding that address.
 */
async function holdSecondCheckFetch(page: Page): Promise<{ held: Promise<void>; release: () => Promise<void> }> {
  const checkPath = `**/api/checks/${/#revision\/([0-9a-f-]{36})$/.exec(page.url())?.[1] ?? ''}`;
  let fetches = 0;
  let letGo: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (letGo = resolve));
  let asked: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (asked = resolve));
  let passed: () => void = () => undefined;
  const gone = new Promise<void>((resolve) => (passed = resolve));
  await page.route(checkPath, async (route) => {
    const second = route.request().method() === 'GET' && ++fetches === 2;
    if (second) {
      asked();
      await released;
    }
    await route.continue();
    if (second) passed();
  });
  return {
    held,
    release: async () => {
      letGo();
      // Unrouted once the held answer went on (an address unrouted with an answer held would answer it first).
      await gone;
      await page.unroute(checkPath);
    },
  };
}
