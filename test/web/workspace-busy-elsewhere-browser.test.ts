import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salesRow, writeSalesSheet } from '../helpers/write-sales-sheet.js';
import type { SandboxWorkspace } from './browser-session.js';
import { closeWorkspace, openSandboxWorkspace, POLL, uploadAndCheck } from './browser-session.js';

const AFTER = 'Espere a que termine el envío y pulse «Abrir la revisión de nuevo» para ver cómo quedó cada factura (o vea el envío en el historial).';

/**
 * A tab left on the review of a check while a second tab sent it. «Revalidar» there was refused (409) and the
 * page dropped the review for «No se pudo revisar «ventas.xlsx»: Esta hoja ya se está revisando.», with only
 * «Subir otra hoja» to press; «Enviar», confirmed, was refused too («Esta hoja ya se está revisando o enviando.»,
 * with no code) and the page either left the review to follow the other tab's submission or, once that had
 * ended, said the refusal's words beside «Enviar». Both now keep the review with one notice (the refusal's code
 * 'sending'), worded for what was pressed, offer to open the check again once it is sent, and nothing is sent twice.
 */
describe('the web workspace: a review another tab is sending', () => {
  let w: SandboxWorkspace;

  beforeAll(async () => {
    w = await openSandboxWorkspace('factura-web-busy-elsewhere-');
    // The link opens the session once; each test then starts from the workspace's first page.
    await w.page.goto(w.serve.url);
  }, 120_000);
  afterAll(async () => {
    await closeWorkspace(w);
  });

  /** A checked sheet of four invoices (numbers from `first` on: each test's own), open in the first tab and in a second one on the same review. */
  async function reviewInTwoTabs(name: string, first: number): Promise<Page> {
    const sheet = join(w.dir.path, name);
    await writeSalesSheet(
      sheet,
      [0, 1, 2, 3].map((n) => salesRow(first + n)),
    );
    await w.page.goto(new URL(w.serve.url).origin);
    await uploadAndCheck(w.page, sheet, 'VÁLIDO 4');
    const second = await w.context.newPage();
    await second.goto(w.page.url());
    await second.getByRole('list', { name: 'Facturas por estado' }).filter({ hasText: 'VÁLIDO 4' }).waitFor();
    return second;
  }

  /** The first tab sends the check to a slow service. */
  async function sendSlowly(name: string): Promise<void> {
    w.sandbox.setFaults({ latencyMs: 3_000 });
    await w.page.getByRole('button', { name: 'Enviar', exact: true }).click();
    await w.page.getByRole('dialog').getByRole('button', { name: 'Confirmar envío' }).click();
    await w.page.getByRole('heading', { name: `Enviando «${name}»…` }).waitFor();
  }

  /** The second tab kept its review; once sent, «Abrir la revisión de nuevo» shows the check as it is now, each invoice sent once. */
  async function reopenWhenSent(second: Page, notice: ReturnType<Page['getByRole']>, sentBefore: number): Promise<void> {
    expect(await second.getByRole('heading', { name: /No se pudo revisar/ }).count()).toBe(0);
    expect(await second.getByText('ya se está revisando o enviando').count()).toBe(0);
    expect(await second.getByRole('list', { name: 'Facturas por estado' }).filter({ hasText: 'VÁLIDO 4' }).count()).toBe(1);
    w.sandbox.setFaults({ latencyMs: 0 });
    await w.page.getByRole('list', { name: 'Facturas por estado' }).filter({ hasText: 'ACEPTADO 4' }).waitFor({ timeout: 60_000 });
    await second.getByRole('button', { name: 'Abrir la revisión de nuevo' }).click();
    await second.getByRole('list', { name: 'Facturas por estado' }).filter({ hasText: 'ACEPTADO 4' }).waitFor();
    await expect.poll(() => notice.count(), POLL).toBe(0);
    expect(w.sandbox.ledger().entries).toHaveLength(sentBefore + 4);
    await second.close();
  }

  it('«Revalidar» there keeps the review, says why in Spanish, and opens the check again once it is sent', async () => {
    const sentBefore = w.sandbox.ledger().entries.length;
    const second = await reviewInTwoTabs('revalidar.xlsx', 1);
    await sendSlowly('revalidar.xlsx');
    await second.getByRole('button', { name: 'Revalidar' }).click();
    const notice = second.getByRole('alert').filter({ hasText: `No se revisó de nuevo: esta hoja se está enviando desde otra ventana. ${AFTER}` });
    await notice.waitFor();
    expect(await w.page.getByRole('heading', { name: 'Enviando «revalidar.xlsx»…' }).count()).toBe(1);
    await reopenWhenSent(second, notice, sentBefore);
  }, 180_000);

  it('«Enviar» confirmed there keeps the review, says why in Spanish, and sends each invoice once', async () => {
    const sentBefore = w.sandbox.ledger().entries.length;
    const second = await reviewInTwoTabs('enviar.xlsx', 11);
    // Its confirmation of «Enviar» open before the first tab sends.
    await second.getByRole('button', { name: 'Enviar', exact: true }).click();
    const confirm = second.getByRole('dialog').getByRole('button', { name: 'Confirmar envío' });
    await confirm.waitFor();
    await sendSlowly('enviar.xlsx');
    await confirm.click();
    const notice = second
      .getByRole('alert')
      .filter({ hasText: `No se envió nada desde esta ventana: esta hoja se está enviando desde otra ventana. ${AFTER}` });
    await notice.waitFor();
    expect(await second.getByRole('heading', { name: 'Enviando «enviar.xlsx»…' }).count()).toBe(0);
    await reopenWhenSent(second, notice, sentBefore);
  }, 180_000);
});
