import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limaToday } from '../../src/invoice/lima-today.js';
import { buildSheetPreview } from '../../src/web/sheet-preview-view.js';
import { openWorkspaceStore } from '../../src/web/workspace-store.js';
import type { SignedInWorkspace, WorkspaceApi } from './browser-session.js';
import { closeWorkspace, openSignedInWorkspace, uploadSheet } from './browser-session.js';

const TODAY = limaToday(Date.now());
/** An export with headers of its own: the columns step maps them. */
const HEADERS = 'DOC_SERIE,DOC_NUM,FEC_EMI,CLI_RUC,CLI_NOMBRE,ITEM_DESC,ITEM_CANT,ITEM_PU';
const MAPPING = {
  serie: 'DOC_SERIE',
  numero: 'DOC_NUM',
  fechaEmision: 'FEC_EMI',
  receptorNumeroDocumento: 'CLI_RUC',
  receptorNombreLegal: 'CLI_NOMBRE',
  descripcion: 'ITEM_DESC',
  cantidad: 'ITEM_CANT',
  valorVentaUnitario: 'ITEM_PU',
};
const sheet = (numero: number): string => `${HEADERS}\nF001,${numero},${TODAY},20512333797,Comercial Andina S.A.C.,Arroz,2,18.50\n`;

/**
 * A column mapping confirmed on the columns step is remembered for the same headers, so the next
 * sheet of the same export passes the step. One the sheet cannot be read with is refused where it
 * is given, in the page's words, and never remembered: remembered, it refused every later upload
 * with those headers before the columns step could be shown (found by a probe of the server).
 */
describe('remembered column mappings', () => {
  let workspace: SignedInWorkspace;
  let call: WorkspaceApi;
  beforeAll(async () => {
    workspace = await openSignedInWorkspace('factura-web-mappings-');
    call = workspace.call;
  }, 60_000);
  afterAll(async () => {
    await closeWorkspace(workspace);
  });
  const upload = (name: string, text: string): Promise<{ status: number; json: Record<string, unknown> }> => uploadSheet(workspace.session, name, text);

  it('refuses a mapping the sheet cannot be read with, in Spanish, and the next upload of those headers still reaches the columns step', async () => {
    const first = await upload('exportacion-1.csv', sheet(1));
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ autoMapped: false, remembered: false });
    const id = String(first.json['checkId']);

    const unknown = await call('POST', `/api/checks/${id}/run`, { mapping: { ...MAPPING, foo: 'DOC_SERIE' } });
    expect(unknown.status).toBe(400);
    expect(unknown.json['error']).toMatch(/^La asignación de columnas nombra columnas que no existen: «foo»\./);
    const empty = await call('POST', `/api/checks/${id}/run`, { mapping: { ...MAPPING, descripcion: ' ' } });
    expect(empty.status).toBe(400);
    expect(empty.json['error']).toContain('«descripcion» no tiene el texto de un encabezado.');
    expect(empty.json['error']).not.toMatch(/too small|expected/i);

    const next = await upload('exportacion-2.csv', sheet(2));
    expect(next.status).toBe(200);
    expect(next.json).toMatchObject({ autoMapped: false, remembered: false });
  }, 60_000);

  it('remembers a mapping that reads the sheet: the next sheet of the export passes the columns step', async () => {
    const first = await upload('exportacion-3.csv', sheet(3));
    const id = String(first.json['checkId']);
    expect((await call('POST', `/api/checks/${id}/run`, { mapping: MAPPING })).status).toBe(202);
    await expect.poll(async () => (await call('GET', `/api/checks/${id}`)).json['state'], { timeout: 30_000, interval: 100 }).toBe('done');

    const next = await upload('exportacion-4.csv', sheet(4));
    expect(next.status).toBe(200);
    expect(next.json).toMatchObject({ autoMapped: true, remembered: true });
  }, 60_000);

  it('starts one check when «Revisar la hoja» with a mapping comes twice at once (a double click)', async () => {
    const first = await upload('exportacion-6.csv', sheet(6).replace('DOC_NUM', 'DOC_NRO'));
    const id = String(first.json['checkId']);
    const mapping = { ...MAPPING, numero: 'DOC_NRO' };
    const answers = await Promise.all([0, 1].map(() => call('POST', `/api/checks/${id}/run`, { mapping })));
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409]);
    await expect.poll(async () => (await call('GET', `/api/checks/${id}`)).json['state'], { timeout: 30_000, interval: 100 }).toBe('done');
  }, 60_000);

  it('lets go at upload of a remembered mapping these headers cannot use (one an older version kept)', async () => {
    const store = openWorkspaceStore(join(workspace.dir.path, 'otro-espacio.db'));
    try {
      const path = join(workspace.dir.path, 'exportacion-5.csv');
      await writeFile(path, sheet(5));
      const check = { id: '00000000-0000-4000-8000-000000000005', fileName: 'exportacion-5.csv', storedPath: path };
      const plain = await buildSheetPreview(store, check);
      store.rememberMapping(plain.signature, { ...MAPPING, foo: 'DOC_SERIE' }, new Date().toISOString());
      const preview = await buildSheetPreview(store, check);
      expect(preview).toMatchObject({ autoMapped: false, remembered: false });
      expect(preview.mapping).toBeUndefined();
      expect(store.recallMapping(plain.signature)).toBeUndefined();
    } finally {
      store.close();
    }
  });

  it('reads the sheet it proposed in a workbook of month tabs, whatever sheet the mapping would find headers in', async () => {
    // Two months with the export's own headers, saved showing the second: without the mapping no
    // sheet has a header, so the first is proposed; with it, both have one.
    const headers = HEADERS.replace('ITEM_PU', 'ITEM_PRECIO').split(',');
    const wb = new ExcelJS.Workbook();
    for (const [name, numero] of [
      ['Setiembre', 11],
      ['Noviembre', 12],
    ] as const) {
      const ws = wb.addWorksheet(name);
      ws.addRow(headers);
      ws.addRow(['F001', numero, TODAY, '20512333797', 'Comercial Andina S.A.C.', 'Arroz', 2, 18.5]);
    }
    wb.views = [{ x: 0, y: 0, width: 10000, height: 20000, firstSheet: 0, activeTab: 1, visibility: 'visible' }];
    const uploaded = await uploadSheet(workspace.session, 'meses.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(uploaded.status).toBe(200);
    expect(uploaded.json['sheet']).toBe('Setiembre');
    const id = String(uploaded.json['checkId']);
    expect((await call('POST', `/api/checks/${id}/run`, { mapping: { ...MAPPING, valorVentaUnitario: 'ITEM_PRECIO' } })).status).toBe(202);
    await expect.poll(async () => (await call('GET', `/api/checks/${id}`)).json['state'], { timeout: 30_000, interval: 100 }).toBe('done');
    const rows = ((await call('GET', `/api/checks/${id}/rows`)).json['rows'] ?? []) as { row: number; cells: (string | null)[] }[];
    expect(rows.map((r) => r.cells[1])).toEqual(['11']);
  }, 60_000);
});
