import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salesRow, writeSalesSheet } from '../helpers/write-sales-sheet.js';
import type { SandboxWorkspace } from './browser-session.js';
import { closeWorkspace, openSandboxWorkspace, POLL, uploadAndCheck } from './browser-session.js';

const FROM_ELSEWHERE =
  'No se envió nada desde esta ventana: esta hoja se está enviando desde otra ventana. Espere a que termine el envío y pulse «Abrir la revisión de nuevo» para ver cómo quedó cada factura (o vea el envío en el historial).';

/**
 * A tab left on the review of a check while a second tab sent it: «Enviar» there, confirmed, was refused (409
 * «Esta hoja ya se está revisando o enviando.», with no code) and the page either left the review to follow the
 * other tab's submission or, once that had ended, said the refusal's words beside «Enviar». It now keeps the review
 * with the notice «Revalidar» shows in the same case, worded for «Enviar», and nothing is sent twice.
 */
describe('the web workspace: «Enviar» on a review another tab is sending', () => {
  let w: SandboxWorkspace;

  beforeAll(async () => {
    w = await openSandboxWorkspace('factura-web-send-sending-');
  }, 120_000);
  afterAll(async () => {
    await closeWorkspace(w);
  });

  it('keeps the review, says why in Spanish, and sends each invoice once', async () => {
    const { dir, sandbox, serve, context, page } = w;
    const sheet = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(
      sheet,
      [1, 2, 3, 4].map((n) => salesRow(n)),
    );
    await page.goto(serve.url);
    await uploadAndCheck(page, sheet, 'VÁLIDO 4');

    // A second tab on the same review, its confirmation of «Enviar» open before the first tab sends.
    const second = await context.newPage();
    await second.goto(page.url());
    const review = second.getByRole('list', { name: 'Facturas por estado' }).filter({ hasText: 'VÁLIDO 4' });
    await review.waitFor();
    await second.getByRole('button', { name: 'Enviar', exact: true }).click();
    const confirm = second.getByRole('dialog').getByRole('button', { name: 'Confirmar envío' });
    await confirm.waitFor();

    // The first tab sends it to a slow service.
    sandbox.setFaults({ latencyMs: 3_000 });
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar envío' }).click();
    await page.getByRole('heading', { name: 'Enviando «ventas.xlsx»…' }).waitFor();

    // The second tab, unaware, confirms its own: the review stays, and the page says why nothing was sent from it.
    await confirm.click();
    const notice = second.getByRole('alert').filter({ hasText: FROM_ELSEWHERE });
    await notice.waitFor();
    expect(await second.getByRole('heading', { name: 'Enviando «ventas.xlsx»…' }).count()).toBe(0);
    expect(await second.getByRole('heading', { name: /No se pudo revisar/ }).count()).toBe(0);
    expect(await second.getByText('ya se está revisando o enviando').count()).toBe(0);
    expect(await review.count()).toBe(1);

    // Once sent, «Abrir la revisión de nuevo» shows the check as it now is; each invoice went once.
    sandbox.setFaults({ latencyMs: 0 });
    await page.getByRole('list', { name: 'Facturas por estado' }).filter({ hasText: 'ACEPTADO 4' }).waitFor({ timeout: 60_000 });
    await second.getByRole('button', { name: 'Abrir la revisión de nuevo' }).click();
    await second.getByRole('list', { name: 'Facturas por estado' }).filter({ hasText: 'ACEPTADO 4' }).waitFor();
    await expect.poll(() => notice.count(), POLL).toBe(0);
    expect(sandbox.ledger().entries).toHaveLength(4);
    await second.close();
  }, 180_000);
});
