import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicSandbox } from '../../src/index.js';
import { startSandbox } from '../../src/index.js';
import { limaToday } from '../../src/invoice/lima-today.js';
import { tempDir } from '../helpers/temp-dir.js';
import { salesRow, writeSalesSheet } from '../helpers/write-sales-sheet.js';
import type { ServeProcess } from './browser-session.js';
import { closeWorkspace, openBrowser, sandboxServiceEnv, startServe, uploadAndCheck, POLL } from './browser-session.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** What a tab whose «Confirmar envío» came while the other tab's submission runs says (busy-elsewhere.tsx). */
const FROM_ELSEWHERE =
  'No se envió nada desde esta ventana: esta hoja se está enviando desde otra ventana. Espere a que termine el envío y pulse «Abrir la revisión de nuevo» para ver cómo quedó cada factura (o vea el envío en el historial).';

/**
 * A review migrating legacy records sent invoices dated 44 and 452 days back: a warning each, grouped
 * under «Problemas encontrados», and the confirmation said only «Se enviarán 9 facturas». They are
 * sent if confirmed (SUNAT's rule, the service decides), but the confirmation now says so.
 */
describe('the «Enviar» confirmation of a sheet with old issue dates, in a real browser', () => {
  let sandbox: PublicSandbox;
  let dir: { path: string; cleanup: () => Promise<void> };
  let serve: ServeProcess;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    dir = await tempDir('factura-web-dialog-');
    const old = (days: number): string => limaToday(Date.now() - days * DAY_MS);
    await writeSalesSheet(join(dir.path, 'legado.xlsx'), [
      salesRow(1),
      salesRow(2, { fechaEmision: old(44) }),
      salesRow(3, { fechaEmision: old(452) }),
      // Old and invalid (a RUC with a wrong check digit): not sent, so not among the dates the confirmation counts.
      salesRow(4, { fechaEmision: old(30), receptorNumeroDocumento: '20512333798' }),
    ]);
    await writeSalesSheet(join(dir.path, 'al-dia.xlsx'), [salesRow(4), salesRow(5)]);
    sandbox = await startSandbox();
    serve = await startServe(join(dir.path, 'espacio'), sandboxServiceEnv(sandbox));
    ({ context, page } = await openBrowser(join(dir.path, 'perfil-chromium')));
  }, 120_000);
  afterAll(async () => {
    await closeWorkspace({ context, serve, sandbox, dir });
  });

  it('says how many of the invoices to send are past SUNAT’s days, and nothing of the kind for a sheet without', async () => {
    await page.goto(serve.url);
    await uploadAndCheck(page, join(dir.path, 'legado.xlsx'), 'INVÁLIDO 1');
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect
      .poll(() => dialog.textContent(), POLL)
      .toContain(
        '2 facturas tienen una fecha de emisión fuera del plazo en que SUNAT las acepta: probablemente las rechace. Revise «Problemas encontrados» antes de confirmar.',
      );
    await dialog.getByRole('button', { name: 'Volver a corregir' }).click();
    expect(sandbox.ledger().entries).toHaveLength(0);

    await page.getByRole('button', { name: 'Revisar otra hoja' }).click();
    await uploadAndCheck(page, join(dir.path, 'al-dia.xlsx'), 'VÁLIDO 2');
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    const text = (await page.getByRole('dialog').textContent()) ?? '';
    expect(text).toContain('Se enviarán 2 facturas.');
    expect(text).not.toContain('SUNAT');
    expect(text).not.toContain('advertencias');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
  }, 120_000);

  it('of two tabs confirming at once, one sends, the other says it is being sent from elsewhere and opens it, and nothing goes twice', async () => {
    // The review (w3): the refused tab said «Esta hoja ya se está revisando o enviando» and kept «VÁLIDO» and an
    // enabled «Enviar» until it was reloaded. It then followed the other tab's submission; now it keeps its review with
    // the notice «Revalidar» shows in the same case (busy-elsewhere.tsx), and «Abrir la revisión de nuevo» follows it.
    await writeSalesSheet(
      join(dir.path, 'dos-pestanas.xlsx'),
      Array.from({ length: 6 }, (_, i) => salesRow(i + 1, { serie: 'F007' })),
    );
    await page.getByRole('button', { name: 'Revisar otra hoja' }).click();
    await uploadAndCheck(page, join(dir.path, 'dos-pestanas.xlsx'), 'VÁLIDO 6');
    const second = await context.newPage();
    await second.goto(page.url());
    await second.getByRole('list', { name: 'Facturas por estado' }).filter({ hasText: 'VÁLIDO 6' }).waitFor();
    sandbox.setFaults({ latencyMs: 700 });
    await second.getByRole('button', { name: 'Enviar', exact: true }).click();
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar envío' }).click();
    await second.getByRole('dialog').getByRole('button', { name: 'Confirmar envío' }).click();
    const statuses = (p: Page) => () => p.getByRole('list', { name: 'Facturas por estado' }).textContent();
    const reopen = (p: Page) => p.getByRole('button', { name: 'Abrir la revisión de nuevo' });
    // Whichever confirmation came second was refused: that tab says so (and sent nothing); the other follows its submission.
    const settled = (p: Page) => async () => (await reopen(p).count()) > 0 || ((await statuses(p)()) ?? '').includes('ACEPTADO 6');
    await expect.poll(settled(second), { timeout: 60_000, interval: 100 }).toBe(true);
    await expect.poll(settled(page), { timeout: 60_000, interval: 100 }).toBe(true);
    expect((await Promise.all([page, second].map((p) => reopen(p).count()))).reduce((a, b) => a + b)).toBe(1);
    for (const p of [page, second]) {
      if ((await reopen(p).count()) === 0) continue;
      expect(await p.getByRole('alert').filter({ hasText: FROM_ELSEWHERE }).count()).toBe(1);
      await expect.poll(statuses(p === page ? second : page), { timeout: 60_000, interval: 100 }).toContain('ACEPTADO 6');
      await reopen(p).click();
    }
    await expect.poll(statuses(second), { timeout: 60_000, interval: 100 }).toContain('ACEPTADO 6');
    await expect.poll(statuses(page), { timeout: 60_000, interval: 100 }).toContain('ACEPTADO 6');
    const sent = sandbox
      .ledger()
      .entries.filter((e) => e.serie === 'F007')
      .map((e) => e.numero);
    expect(sent.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    await second.close();
  }, 120_000);
});
