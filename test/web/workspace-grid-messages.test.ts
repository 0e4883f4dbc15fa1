import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInWorkspace } from './browser-session.js';
import { closeWorkspace, openSignedInWorkspace, uploadSheet } from './browser-session.js';

const HEADER = 'Serie,Número,Fecha,RUC cliente,Razón social,Descripción,Cant.,Precio unitario';
// Row 2: a price with two decimal separators, whose message the library words «Fila 2, Valor unitario: …».
const CSV = `${HEADER}\nF001,1,27/11/2026,20512333797,Comercial Andina S.A.C.,Galletas,10,"1.234,5,0"\nF001,2,27/11/2026,20512333797,Comercial Andina S.A.C.,Arroz,2,18.50\n`;

describe('a problem shown in the grid at its cell', () => {
  let workspace: SignedInWorkspace;

  beforeAll(async () => {
    workspace = await openSignedInWorkspace('factura-web-grid-');
  }, 60_000);
  afterAll(async () => {
    await closeWorkspace(workspace);
  });

  it('says what is wrong without the row and our name for the column, which the cell itself shows', async () => {
    const { call } = workspace;
    const uploaded = await uploadSheet(workspace.session, 'ventas.csv', CSV);
    expect(uploaded.status).toBe(200);
    const id = String(uploaded.json['checkId']);
    expect((await call('POST', `/api/checks/${id}/run`, {})).status).toBe(202);
    await expect.poll(async () => (await call('GET', `/api/checks/${id}`)).json['state'], { timeout: 30_000, interval: 100 }).toBe('done');
    const rows = ((await call('GET', `/api/checks/${id}/rows`)).json['rows'] ?? []) as { row: number; problems: { col: number; message: string }[] }[];
    const cell = rows.find((r) => r.row === 2)?.problems.find((p) => p.col === 7);
    expect(cell?.message).toBe('«1.234,5,0» no es un número.');
  }, 60_000);
});
