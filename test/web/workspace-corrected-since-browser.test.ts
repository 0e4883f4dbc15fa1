import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salesRow, writeSalesSheet } from '../helpers/write-sales-sheet.js';
import type { SandboxWorkspace } from './browser-session.js';
import { closeWorkspace, openSandboxWorkspace, POLL, uploadAndCheck } from './browser-session.js';

/** What a check and a submission say of an issued invoice whose document changed since (other-content-problem.ts). */
const OTHER_CONTENT = 'La factura F001-3 ya fue aceptada por el servicio con otro contenido';

/**
 * An invoice sent from the page, corrected in the sheet afterwards (3 units, not 2), and the sheet uploaded again: the
 * review said ACEPTADO ANTES of it, as of the two unchanged ones, and only the submission then refused it (INVÁLIDO,
 * «con otro contenido»). A check builds the document a submission would send only with the issuer's legal name and
 * mail, which a submission takes from the login: the review now uses the logins the workspace knows, as `validate`
 * uses FACTURA_MAIL, and says INVÁLIDO before «Enviar».
 */
describe('the web workspace: an invoice corrected after it was sent, in a real browser', () => {
  let w: SandboxWorkspace;

  beforeAll(async () => {
    w = await openSandboxWorkspace('factura-web-corrected-since-');
  }, 120_000);
  afterAll(async () => {
    await closeWorkspace(w);
  });

  it('says INVÁLIDO «con otro contenido» of it in the review, before «Enviar», and ACEPTADO ANTES of the others', async () => {
    const { page, dir, sandbox } = w;
    const sent = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(sent, [salesRow(1), salesRow(2), salesRow(3)]);
    await page.goto(w.serve.url);
    await uploadAndCheck(page, sent, 'VÁLIDO 3');
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    await page.getByRole('dialog', { name: 'Enviar «ventas.xlsx»' }).getByRole('button', { name: 'Confirmar envío' }).click();
    const statuses = page.getByRole('list', { name: 'Facturas por estado' });
    await statuses.filter({ hasText: 'ACEPTADO 3' }).waitFor({ timeout: 60_000 });
    const ledger = (): number => sandbox.ledger().entries.filter((e) => e.serie === 'F001').length;
    expect(ledger()).toBe(3);

    // F001-3's quantity corrected in the sheet since it was sent, and the sheet checked again.
    const corrected = join(dir.path, 'ventas-corregidas.xlsx');
    await writeSalesSheet(corrected, [salesRow(1), salesRow(2), salesRow(3, { cantidad: '3' })]);
    await page.getByRole('button', { name: 'Revisar otra hoja' }).click();
    await uploadAndCheck(page, corrected, 'ACEPTADO ANTES 2');
    await expect.poll(() => statuses.textContent(), POLL).toBe('INVÁLIDO 1ACEPTADO ANTES 2');
    await expect.poll(() => page.getByText(OTHER_CONTENT, { exact: false }).first().isVisible(), POLL).toBe(true);
    // Nothing to send: «Enviar» is off, and nothing went to the service.
    await expect.poll(() => page.getByRole('button', { name: 'Enviar', exact: true }).isDisabled(), POLL).toBe(true);
    expect(ledger()).toBe(3);
  }, 180_000);
});
