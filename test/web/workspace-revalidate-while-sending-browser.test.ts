import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salesRow, writeSalesSheet } from '../helpers/write-sales-sheet.js';
import type { SandboxWorkspace } from './browser-session.js';
import { closeWorkspace, openSandboxWorkspace, POLL, uploadAndCheck } from './browser-session.js';

const FROM_ELSEWHERE =
  'No se revisó de nuevo: esta hoja se está enviando desde otra ventana. Espere a que termine el envío y pulse «Abrir la revisión de nuevo» para ver cómo quedó cada factura (o vea el envío en el historial).';

/**
 * A tab left on the review of a check while a second tab sent it: «Revalidar» there was refused (409) and the
 * page dropped the review for «No se pudo revisar «ventas.xlsx»: Esta hoja ya se está revisando.», with only
 * «Subir otra hoja» to press. The review now stays, says the sheet is being sent from another window, and
 * offers to open the check again (its submission, then its statuses) once it ends.
 */
describe('the web workspace: «Revalidar» on a review another tab is sending', () => {
  let w: SandboxWorkspace;

  beforeAll(async () => {
    w = await openSandboxWorkspace('factura-web-revalidate-sending-');
  }, 120_000);
  afterAll(async () => {
    await closeWorkspace(w);
  });

  it('keeps the review, says why in Spanish, and opens the check again once it is sent', async () => {
    const { dir, sandbox, serve, context, page } = w;
    const sheet = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(
      sheet,
      [1, 2, 3, 4].map((n) => salesRow(n)),
    );
    await page.goto(serve.url);
    await uploadAndCheck(page, sheet, 'VÁLIDO 4');

    // A second tab on the same review, opened before the first sends it.
    const second = await context.newPage();
    await second.goto(page.url());
    await second.getByRole('list', { name: 'Facturas por estado' }).filter({ hasText: 'VÁLIDO 4' }).waitFor();

    // The first tab sends it to a slow service.
    sandbox.setFaults({ latencyMs: 2_000 });
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar envío' }).click();
    await page.getByRole('heading', { name: 'Enviando «ventas.xlsx»…' }).waitFor();

    // The second tab, unaware, presses «Revalidar»: the review stays, and the page says why nothing ran.
    await second.getByRole('button', { name: 'Revalidar' }).click();
    const notice = second.getByRole('alert').filter({ hasText: FROM_ELSEWHERE });
    await notice.waitFor();
    expect(await second.getByRole('heading', { name: /No se pudo revisar/ }).count()).toBe(0);
    expect(await second.getByRole('list', { name: 'Facturas por estado' }).filter({ hasText: 'VÁLIDO 4' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Enviando «ventas.xlsx»…' }).count()).toBe(1);

    // Once sent, «Abrir la revisión de nuevo» shows the check as it now is.
    sandbox.setFaults({ latencyMs: 0 });
    await page.getByRole('list', { name: 'Facturas por estado' }).filter({ hasText: 'ACEPTADO 4' }).waitFor({ timeout: 60_000 });
    await second.getByRole('button', { name: 'Abrir la revisión de nuevo' }).click();
    await second.getByRole('list', { name: 'Facturas por estado' }).filter({ hasText: 'ACEPTADO 4' }).waitFor();
    await expect.poll(() => notice.count(), POLL).toBe(0);
    expect(sandbox.ledger().entries).toHaveLength(4);
    await second.close();
  }, 180_000);
});
