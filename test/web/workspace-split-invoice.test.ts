import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitInvoiceCsv } from '../helpers/split-invoice-csv.js';
import type { SignedInWorkspace } from './browser-session.js';
import { closeWorkspace, openSignedInWorkspace, uploadSheet } from './browser-session.js';

/**
 * A check in the workspace tells what «Enviar» will do. An invoice whose rows come back after
 * another invoice is sent in none of its parts; the check marked its first part VÁLIDO, so the
 * page counted it among the invoices to send and the submission then refused it. The library now
 * checks such a sheet a second time knowing the invoice, and the workspace keeps that run's word.
 */
describe('a check of an invoice whose rows come back after another invoice', () => {
  let workspace: SignedInWorkspace;

  beforeAll(async () => {
    workspace = await openSignedInWorkspace('factura-web-split-');
  }, 60_000);
  afterAll(async () => {
    await closeWorkspace(workspace);
  });

  it('marks every row of that invoice as not sendable and counts only the others as valid', async () => {
    const { call } = workspace;
    const csv = splitInvoiceCsv();
    const uploaded = await uploadSheet(workspace.session, 'ventas.csv', csv);
    expect(uploaded.status).toBe(200);
    const id = String(uploaded.json['checkId']);
    expect((await call('POST', `/api/checks/${id}/run`, {})).status).toBe(202);
    await expect.poll(async () => (await call('GET', `/api/checks/${id}`)).json['state'], { timeout: 30_000, interval: 100 }).toBe('done');
    const check = (await call('GET', `/api/checks/${id}`)).json;
    expect(check['invoices']).toBe(3);
    const counted = Object.fromEntries((check['byStatus'] as { status: string; count: number }[]).map((c) => [c.status, c.count]));
    expect(counted).toMatchObject({ VALID: 1, INVALID: 2 });

    const rows = ((await call('GET', `/api/checks/${id}/rows`)).json['rows'] ?? []) as { row: number; status?: string; invoice?: string }[];
    // The first run's rows, marks and problems are forgotten at the second run's start: each row once.
    expect(rows.map((r) => [r.row, r.invoice, r.status])).toEqual([
      [2, 'F001-1', 'INVALID'],
      [3, 'F001-1', 'INVALID'],
      [4, 'F001-2', 'VALID'],
      [5, 'F001-1', 'INVALID'],
    ]);
    // The page says why, at the rows: the first part names the row where the invoice comes back.
    const problems = (await call('GET', `/api/checks/${id}/problems/items?code=INVOICE_KEY_SPLIT&severity=error&column=numero`)).json as unknown as {
      message?: string;
    }[];
    expect(problems).toHaveLength(1);
    expect(JSON.stringify(problems)).toContain('vuelve a aparecer en la fila 5');
    expect(check['errors']).toBe(2);
  }, 90_000);
});
