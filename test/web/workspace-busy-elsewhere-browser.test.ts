import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shownCount } from '../../src/i18n/shown-count.js';
import { salesRow, writeSalesSheet } from '../helpers/write-sales-sheet.js';
import { writeSalesCsv } from '../reliability/sales-sheet.js';
import type { SandboxWorkspace } from './browser-session.js';
import { closeWorkspace, openSandboxWorkspace, POLL, uploadAndCheck } from './browser-session.js';

/** Enough invoices that a check of them lasts far longer than a click in another tab takes to reach the server. */
const INVOICES = 8_000;
/** The review's count of them, as the page writes it. */
const VALID_ALL = `VÁLIDO ${shownCount(INVOICES, 'es')}`;
const AFTER_CHECK = 'Espere a que termine esa revisión y pulse «Abrir la revisión de nuevo» para ver su resultado.';

const AFTER = 'Espere a que termine el envío y pulse «Abrir la revisión de nuevo» para ver cómo quedó cada factura (o vea el envío en el historial).';

/**
 * A tab left on a check another tab is checking again or sending, each refused by the server (409, code 'running'
 * or 'sending'); what the tab showed, and shows now:
 * - on the review, another tab checking it: «Revalidar» dropped the review for «No se pudo revisar «ventas.csv»: Esta
 *   hoja ya se está revisando.», with only «Subir otra hoja» to press;
 * - on the columns step, another tab checking it: «Revisar la hoja» did the same, the columns chosen gone;
 * - on the review, another tab sending it (below).
 * Each now stays where it was (the columns chosen kept), with one notice worded for what was pressed, and offers to
 * open the check again once the other tab's check or submission ends; nothing is checked or sent twice.
 *
 * A tab left on the review of a check while a second tab sent it. «Revalidar» there was refused (409) and the
 * page dropped the review for «No se pudo revisar «ventas.xlsx»: Esta hoja ya se está revisando.», with only
 * «Subir otra hoja» to press; «Enviar», confirmed, was refused too («Esta hoja ya se está revisando o enviando.»,
 * with no code) and the page either left the review to follow the other tab's submission or, once that had
 * ended, said the refusal's words beside «Enviar». Both now keep the review with one notice (the refusal's code
 * 'sending'), worded for what was pressed, offer to open the check again once it is sent, and nothing is sent twice.
 */
describe('the web workspace: a check another tab is checking again or sending', () => {
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

  /** A checked sheet of INVOICES invoices (serie `serie`: each test's own), open in two tabs; the first checks it again (seconds). */
  async function checkingInTwoTabs(serie: string): Promise<{ second: Page; name: string }> {
    const name = `ventas-${serie}.csv`;
    const sheet = join(w.dir.path, name);
    await writeSalesCsv(sheet, { invoices: INVOICES, serie });
    await w.page.goto(new URL(w.serve.url).origin);
    await uploadAndCheck(w.page, sheet, VALID_ALL);
    const second = await w.context.newPage();
    await second.goto(w.page.url());
    await second.getByRole('list', { name: 'Facturas por estado' }).filter({ hasText: VALID_ALL }).waitFor();
    return { second, name };
  }

  /** The first tab checks it again; the returned promise holds while its progress is on screen. */
  async function checkAgain(name: string): Promise<void> {
    await w.page.getByRole('button', { name: 'Revalidar' }).click();
    await w.page.getByRole('heading', { name: `3. Revisando «${name}»…` }).waitFor();
  }

  it('«Revalidar» on a review another tab is checking again keeps the review, says why, and opens the check again once it ends', async () => {
    const { second, name } = await checkingInTwoTabs('F101');
    const review = second.getByRole('list', { name: 'Facturas por estado' }).filter({ hasText: VALID_ALL });
    await checkAgain(name);
    await second.getByRole('button', { name: 'Revalidar' }).click();
    const notice = second.getByRole('alert').filter({ hasText: `No se revisó de nuevo: esta hoja ya se está revisando desde otra ventana. ${AFTER_CHECK}` });
    await notice.waitFor();
    expect(await second.getByRole('heading', { name: /No se pudo revisar/ }).count()).toBe(0);
    expect(await review.count()).toBe(1);
    // Once checked, «Abrir la revisión de nuevo» shows the check as it now is.
    await w.page.getByRole('list', { name: 'Facturas por estado' }).filter({ hasText: VALID_ALL }).waitFor({ timeout: 120_000 });
    await second.getByRole('button', { name: 'Abrir la revisión de nuevo' }).click();
    await review.waitFor();
    await expect.poll(() => notice.count(), POLL).toBe(0);
    await second.close();
  }, 300_000);

  it('the columns step confirmed while another tab checks the same upload keeps the columns chosen, says why, and opens the other check once it ends', async () => {
    const { second, name } = await checkingInTwoTabs('F102');
    await second.getByRole('button', { name: 'Columnas', exact: true }).click();
    const confirm = second.getByRole('button', { name: 'Revisar la hoja' });
    await confirm.waitFor();
    // A choice of its own: the customer's e-mail left out.
    const mail = second.getByLabel('Dato de la columna receptorCorreo');
    await mail.selectOption('');
    await checkAgain(name);
    await confirm.click();
    const notice = second.getByRole('alert').filter({
      hasText: `No se revisó con las columnas elegidas aquí: esta hoja ya se está revisando desde otra ventana. ${AFTER_CHECK} Las columnas que eligió aquí siguen en pantalla: si aquella revisión no usó estas, pulse «Revisar la hoja» cuando termine.`,
    });
    await notice.waitFor();
    expect(await second.getByRole('heading', { name: /No se pudo revisar/ }).count()).toBe(0);
    expect(await confirm.count()).toBe(1);
    expect(await mail.inputValue()).toBe('');
    expect(new URL(second.url()).hash).toMatch(/^#columnas\//);
    // Once checked in the first tab, «Abrir la revisión de nuevo» shows that check's result.
    await w.page.getByRole('list', { name: 'Facturas por estado' }).filter({ hasText: VALID_ALL }).waitFor({ timeout: 120_000 });
    await second.getByRole('button', { name: 'Abrir la revisión de nuevo' }).click();
    await second.getByRole('list', { name: 'Facturas por estado' }).filter({ hasText: VALID_ALL }).waitFor();
    await expect.poll(() => notice.count(), POLL).toBe(0);
    await second.close();
  }, 300_000);

  it('«Revalidar» on a review another tab is sending keeps the review, says why in Spanish, and opens the check again once it is sent', async () => {
    const sentBefore = w.sandbox.ledger().entries.length;
    const second = await reviewInTwoTabs('revalidar.xlsx', 1);
    await sendSlowly('revalidar.xlsx');
    await second.getByRole('button', { name: 'Revalidar' }).click();
    const notice = second.getByRole('alert').filter({ hasText: `No se revisó de nuevo: esta hoja se está enviando desde otra ventana. ${AFTER}` });
    await notice.waitFor();
    expect(await w.page.getByRole('heading', { name: 'Enviando «revalidar.xlsx»…' }).count()).toBe(1);
    await reopenWhenSent(second, notice, sentBefore);
  }, 180_000);

  it('«Enviar» confirmed on a review another tab is sending keeps the review, says why in Spanish, and sends each invoice once', async () => {
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
