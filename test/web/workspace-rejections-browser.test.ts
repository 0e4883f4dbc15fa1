import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicSandbox } from '../../src/index.js';
import { startSandbox, submitSheet } from '../../src/index.js';
import { tempDir } from '../helpers/temp-dir.js';
import { salesRow, writeSalesSheet } from '../helpers/write-sales-sheet.js';
import type { ServeProcess } from './browser-session.js';
import { openBrowser, startServe, sandboxServiceEnv, closeWorkspace, uploadAndCheck, POLL } from './browser-session.js';

/** Set to a folder to keep a screenshot of each new step (docs/screenshots is made this way). */
const SHOTS = process.env['WEB_SCREENSHOTS'];
const INVOICES = 8;

describe('the service’s refusals on the grid and the submission in the history, in a real browser', () => {
  let sandbox: PublicSandbox;
  let dir: { path: string; cleanup: () => Promise<void> };
  let serve: ServeProcess;
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[] = [];
  let accepted: number[] = [];

  const statuses = (): Promise<string | null> => page.getByRole('list', { name: 'Facturas por estado' }).textContent();
  const grid = (): Locator => page.getByRole('grid', { name: 'Filas de la hoja' });
  const shot = async (target: Locator, name: string): Promise<void> => {
    if (SHOTS === undefined) return;
    await mkdir(SHOTS, { recursive: true });
    await target.screenshot({ path: join(SHOTS, `${name}.png`) });
  };

  beforeAll(async () => {
    dir = await tempDir('factura-web-rejections-');
    await writeSalesSheet(
      join(dir.path, 'ventas-abril.xlsx'),
      Array.from({ length: INVOICES }, (_, i) => salesRow(i + 1)),
    );
    // The service refuses about half the documents for reasons of its own (seeded: the same every run).
    sandbox = await startSandbox({ refuseRate: 0.5, seed: 7 });
    serve = await startServe(join(dir.path, 'espacio'), sandboxServiceEnv(sandbox));
    ({ context, page, consoleErrors } = await openBrowser(join(dir.path, 'perfil-chromium')));
  }, 120_000);

  afterAll(async () => {
    await closeWorkspace({ context, serve, sandbox, dir });
  });

  it('sends, and the refused invoices end RECHAZADO with the service’s reason at their row', async () => {
    await page.goto(serve.url);
    await uploadAndCheck(page, join(dir.path, 'ventas-abril.xlsx'), `VÁLIDO ${INVOICES}`);
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar envío' }).click();
    await expect.poll(statuses, { timeout: 60_000, interval: 100 }).toContain('RECHAZADO');
    accepted = sandbox
      .ledger()
      .entries.map((e) => e.numero)
      .sort((a, b) => a - b);
    const refused = Array.from({ length: INVOICES }, (_, i) => i + 1).filter((n) => !accepted.includes(n));
    expect(accepted.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    expect(sandbox.ledger().counters.rejected).toBe(refused.length);
    await expect(statuses()).resolves.toContain(`ACEPTADO ${accepted.length}`);
    await expect(statuses()).resolves.toContain(`RECHAZADO ${refused.length}`);

    // The grid opens on the rows with errors: exactly the refused invoices, each with the service's words.
    await expect(page.getByLabel('Solo con errores').isChecked()).resolves.toBe(true);
    const rows = grid().locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 15_000, interval: 100 }).toBe(refused.length);
    for (const n of refused) {
      const status = grid().locator(`tr:has(th[data-row="${n + 1}"]) .status-cell`);
      const text = await status.textContent();
      // The status, the invoice, then the service's words (the status cell says which invoice and status once).
      expect(text).toMatch(new RegExp(`^RECHAZADOF001-${n}Comprobante rechazado: El servicio rechazó el comprobante F001-${n} `));
      expect(text).toContain('(HTTP 400)');
    }
    await shot(page.locator('section', { has: page.getByRole('heading', { name: 'Filas de la hoja' }) }), '12-rechazos-en-la-cuadricula');
    // The accepted ones carry no message.
    await page.getByLabel('Solo con errores').uncheck();
    const first = accepted[0] as number;
    await expect
      .poll(
        () =>
          grid()
            .locator(`tr:has(th[data-row="${first + 1}"]) .status-cell`)
            .textContent(),
        { timeout: 15_000, interval: 100 },
      )
      .toBe(`ACEPTADOF001-${first}`);
  }, 120_000);

  it('shows the submission in the check’s history entry: when, where and how it ended', async () => {
    await page.getByRole('button', { name: 'Revisar otra hoja' }).click();
    const history = page.getByRole('table').filter({ has: page.getByRole('button', { name: 'Abrir la revisión de ventas-abril.xlsx' }) });
    const entry = history.locator('tbody tr', { hasText: 'ventas-abril.xlsx' });
    await entry.locator('.submission').waitFor();
    await expect
      .poll(() => entry.locator('.submission').textContent(), POLL)
      .toMatch(/^Enviada el .+ a Servicio de facturación \(http:\/\/127\.0\.0\.1:\d+\)$/);
    const text = (await entry.textContent()) ?? '';
    expect(text).toContain(`${INVOICES} facturas: ACEPTADO ${accepted.length} · RECHAZADO ${INVOICES - accepted.length}`);
    await shot(page.locator('section', { has: page.getByRole('heading', { name: 'Revisiones anteriores' }) }), '13-historial-con-envio');

    // Checked again since: the check's counts are the recheck's (the refused ones valid, the accepted ones issued before),
    // and the entry still says what the submission came to.
    const refused = INVOICES - accepted.length;
    await page.getByRole('button', { name: 'Abrir la revisión de ventas-abril.xlsx' }).click();
    await page.getByRole('button', { name: 'Revalidar' }).click();
    await page
      .getByRole('list', { name: 'Facturas por estado' })
      .filter({ hasText: `VÁLIDO ${refused}ACEPTADO ANTES ${accepted.length}` })
      .waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Revisar otra hoja' }).click();
    await entry.locator('.submission').waitFor();
    await expect.poll(() => entry.textContent(), POLL).toContain(`${INVOICES} facturas: VÁLIDO ${refused} · ACEPTADO ANTES ${accepted.length}`);
    await expect
      .poll(() => entry.locator('.submission').textContent(), POLL)
      .toMatch(new RegExp(`^Enviada el .+ — ACEPTADO ${accepted.length} · RECHAZADO ${INVOICES - accepted.length}$`));
  }, 60_000);

  it('says DUPLICADO invoices are another document the service holds, never that they «ya fueron aceptadas»', async () => {
    // The review: a sheet whose numbers another document already held showed «DUPLICADO 3» beside «Todas las facturas
    // válidas ya fueron aceptadas por el servicio». Those numbers are issued first, with other content, from another journal.
    const rows = [1, 2, 3].map((n) => salesRow(n, { serie: 'F009' }));
    await writeSalesSheet(
      join(dir.path, 'otra-venta.xlsx'),
      rows.map((r) => ({ ...r, valorVentaUnitario: '99.00' })),
    );
    await writeSalesSheet(join(dir.path, 'ventas-mayo.xlsx'), rows);
    sandbox.setFaults({ refuseRate: 0 });
    const other = await submitSheet(join(dir.path, 'otra-venta.xlsx'), {
      credentials: sandbox.credentials,
      authUrl: sandbox.url,
      baseUrl: sandbox.url,
      journal: join(dir.path, 'otro.journal.jsonl'),
    });
    expect(other.byStatus.ACCEPTED).toBe(3);

    // The page is on the start, where the test before left it.
    await uploadAndCheck(page, join(dir.path, 'ventas-mayo.xlsx'), 'VÁLIDO 3');
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar envío' }).click();
    await expect.poll(statuses, { timeout: 60_000, interval: 100 }).toContain('DUPLICADO 3');
    const hint = page.locator('section', { has: page.getByRole('heading', { name: 'Enviar al servicio' }) }).locator('.hint');
    await expect.poll(() => hint.textContent(), POLL).toContain('3 facturas figuran como DUPLICADO: el servicio ya tiene un comprobante con ese número');
    await expect.poll(() => hint.textContent(), POLL).not.toContain('ya fueron aceptadas');
    expect(sandbox.ledger().entries.filter((e) => e.serie === 'F009')).toHaveLength(3);
  }, 120_000);

  it('says what to do with INCIERTO invoices: «Reanudar el envío» sends them unchanged, and the service confirms them', async () => {
    // Every answer lost (the connection cut after each request): out of attempts, INCIERTO, not ERROR.
    await writeSalesSheet(
      join(dir.path, 'ventas-junio.xlsx'),
      [1, 2].map((n) => salesRow(n, { serie: 'F011' })),
    );
    await page.getByRole('button', { name: 'Revisar otra hoja' }).click();
    await uploadAndCheck(page, join(dir.path, 'ventas-junio.xlsx'), 'VÁLIDO 2');
    sandbox.setFaults({ dropRate: 1 });
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar envío' }).click();
    await expect.poll(statuses, { timeout: 90_000, interval: 200 }).toContain('INCIERTO 2');
    const hint = page.locator('section', { has: page.getByRole('heading', { name: 'Enviar al servicio' }) }).locator('.hint');
    await expect
      .poll(() => hint.textContent(), POLL)
      .toBe(
        '2 facturas quedaron INCIERTAS: se enviaron y no llegó la respuesta, así que pueden estar emitidas. «Reanudar el envío» las envía de nuevo sin cambios, y el servicio confirma las que ya tenía: no las corrija ni les dé otro número antes.',
      );
    sandbox.setFaults({ dropRate: 0 });
    await page.getByRole('button', { name: 'Reanudar el envío' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar envío' }).click();
    await expect.poll(statuses, { timeout: 60_000, interval: 100 }).toContain('ACEPTADO 2');
    expect(sandbox.ledger().entries.filter((e) => e.serie === 'F011')).toHaveLength(2);
  }, 150_000);

  it('ran without a script error or a Content-Security-Policy violation', () => {
    expect(consoleErrors).toEqual([]);
  });
});
