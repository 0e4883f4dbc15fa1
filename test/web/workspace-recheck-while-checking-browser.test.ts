import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shownCount } from '../../src/i18n/shown-count.js';
import { writeSalesCsv } from '../reliability/sales-sheet.js';
import type { SandboxWorkspace } from './browser-session.js';
import { closeWorkspace, openSandboxWorkspace, POLL, uploadAndCheck } from './browser-session.js';

const FROM_ELSEWHERE =
  'No se revisó de nuevo: esta hoja ya se está revisando desde otra ventana. Espere a que termine esa revisión y pulse «Abrir la revisión de nuevo» para ver su resultado.';
/** Enough invoices that a check of them lasts far longer than a click in another tab takes to reach the server. */
const INVOICES = 8_000;
/** The review's count of them, as the page writes it. */
const VALID_ALL = `VÁLIDO ${shownCount(INVOICES, 'es')}`;

/**
 * A tab left on the review of a check while a second tab checked it again: «Revalidar» there was refused (409) and
 * the page dropped the review for «No se pudo revisar «ventas.csv»: Esta hoja ya se está revisando.», with only
 * «Subir otra hoja» to press. The review now stays, says the sheet is being checked from another window, and offers
 * to open the check again once that check ends.
 */
describe('the web workspace: «Revalidar» on a review another tab is checking again', () => {
  let w: SandboxWorkspace;

  beforeAll(async () => {
    w = await openSandboxWorkspace('factura-web-revalidate-checking-');
  }, 120_000);
  afterAll(async () => {
    await closeWorkspace(w);
  });

  it('keeps the review, says why in Spanish, and opens the check again once it ends', async () => {
    const { dir, context, page } = w;
    const sheet = join(dir.path, 'ventas.csv');
    await writeSalesCsv(sheet, { invoices: INVOICES });
    await page.goto(w.serve.url);
    await uploadAndCheck(page, sheet, VALID_ALL);

    // A second tab on the same review.
    const second = await context.newPage();
    await second.goto(page.url());
    const review = second.getByRole('list', { name: 'Facturas por estado' }).filter({ hasText: VALID_ALL });
    await review.waitFor();

    // The first tab checks it again; while that check runs (seconds: its progress is on screen), the second tab, unaware, presses «Revalidar».
    await page.getByRole('button', { name: 'Revalidar' }).click();
    await page.getByRole('heading', { name: '3. Revisando «ventas.csv»…' }).waitFor();
    await second.getByRole('button', { name: 'Revalidar' }).click();
    const notice = second.getByRole('alert').filter({ hasText: FROM_ELSEWHERE });
    await notice.waitFor();
    expect(await second.getByRole('heading', { name: /No se pudo revisar/ }).count()).toBe(0);
    expect(await review.count()).toBe(1);

    // Once checked, «Abrir la revisión de nuevo» shows the check as it now is.
    await page.getByRole('list', { name: 'Facturas por estado' }).filter({ hasText: VALID_ALL }).waitFor({ timeout: 120_000 });
    await second.getByRole('button', { name: 'Abrir la revisión de nuevo' }).click();
    await review.waitFor();
    await expect.poll(() => notice.count(), POLL).toBe(0);
    await second.close();
  }, 300_000);
});
