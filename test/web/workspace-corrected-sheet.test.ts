import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateSheet } from '../../src/index.js';
import { limaToday } from '../../src/invoice/lima-today.js';
import type { SignedInWorkspace, WorkspaceApi } from './browser-session.js';
import { closeWorkspace, openSignedInWorkspace, sessionHeaders, uploadSheet } from './browser-session.js';

const TODAY = limaToday(Date.now());
const HEADER = ['Serie', 'Número', 'Fecha', 'RUC cliente', 'Razón social', 'Descripción', 'Cantidad', 'Valor unitario'];
const line = (numero: number, ruc = '20512333797'): (string | number)[] => ['F001', numero, TODAY, ruc, 'Comercial Andina S.A.C.', 'Arroz', 2, 18.5];

/**
 * «Descargar hoja corregida»: the sheet's rows with the edits laid over. A review of the page found
 * that it wrote a row the sheet hides as a visible one, so the invoice the user had hidden was read,
 * and issued, from the corrected sheet. Now each row keeps its number and the sheet's hiding.
 */
describe('the corrected sheet', () => {
  let workspace: SignedInWorkspace;
  let call: WorkspaceApi;
  let sheet = '';

  beforeAll(async () => {
    workspace = await openSignedInWorkspace('factura-web-corrected-');
    call = workspace.call;
    // A title above the header (rows 1-2), invoices 1-4 on rows 4-7; invoice 3 hidden, invoice 2 with a wrong RUC.
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Ventas');
    ws.getRow(1).values = ['Ventas de noviembre'];
    ws.getRow(3).values = HEADER;
    [line(1), line(2, '20512333798'), line(3), line(4)].forEach((values, i) => (ws.getRow(4 + i).values = values));
    ws.getRow(6).hidden = true;
    sheet = join(workspace.dir.path, 'ventas-noviembre.xlsx');
    await wb.xlsx.writeFile(sheet);
  }, 60_000);
  afterAll(async () => {
    await closeWorkspace(workspace);
  });

  /** The sheet uploaded and checked: its check's id, once the check is done, and what the page says of it. */
  const checkedUpload = async (path = sheet): Promise<{ id: string; check: Record<string, unknown> }> => {
    const uploaded = await uploadSheet(workspace.session, 'ventas-noviembre.xlsx', await readFile(path));
    expect(uploaded.status).toBe(200);
    const id = String(uploaded.json['checkId']);
    expect((await call('POST', `/api/checks/${id}/run`, {})).status).toBe(202);
    await expect.poll(async () => (await call('GET', `/api/checks/${id}`)).json['state'], { timeout: 30_000, interval: 100 }).toBe('done');
    return { id, check: (await call('GET', `/api/checks/${id}`)).json };
  };
  /** «Descargar hoja corregida», saved as `name`: its path and the workbook as exceljs reads it. */
  const correctedSheet = async (id: string, name: string): Promise<{ path: string; book: ExcelJS.Workbook }> => {
    const res = await request(`${workspace.session.origin}/api/checks/${id}/hoja-corregida`, { headers: sessionHeaders(workspace.session) });
    expect(res.statusCode).toBe(200);
    const path = join(workspace.dir.path, name);
    await writeFile(path, Buffer.from(await res.body.arrayBuffer()));
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path);
    return { path, book };
  };

  it('keeps each row at its number and a hidden row hidden: read again, the hidden invoice is left out as in the original', async () => {
    const { id, check } = await checkedUpload();
    expect(check).toMatchObject({ errors: 1 });
    // The wrong RUC fixed in place (row 5, column D).
    expect((await call('POST', `/api/checks/${id}/edits`, { row: 5, col: 3, value: '20512333797' })).status).toBe(200);

    const { path: corrected, book } = await correctedSheet(id, 'ventas-noviembre.corregida.xlsx');
    const ws = book.worksheets[0]!;
    expect(ws.getRow(3).getCell(1).value).toBe('Serie');
    expect([4, 5, 6, 7].map((n) => ws.getRow(n).getCell(2).value)).toEqual(['1', '2', '3', '4']);
    expect(ws.getRow(5).getCell(4).value).toBe('20512333797');
    expect([4, 5, 6, 7].map((n) => ws.getRow(n).hidden)).toEqual([false, false, true, false]);

    // Read again, as the page or the command line would: invoice 3 stays out, the others are valid.
    const again = await validateSheet(corrected, { writeFiles: false });
    expect(again.byStatus).toMatchObject({ VALID: 3, INVALID: 0 });
    expect(again.invoices).toBe(3);
  }, 90_000);

  it('writes a cell edited to hold U+FFFE or U+FFFF without them: the corrected sheet stays readable', async () => {
    // A security review: such a character, uploaded or typed into a cell, made the corrected sheet's XML
    // unreadable (Excel repairs it; this program refused it: «disallowed character»).
    const { id } = await checkedUpload();
    expect((await call('POST', `/api/checks/${id}/edits`, { row: 4, col: 5, value: 'Arroz\uFFFE extra\uFFFF' })).status).toBe(200);
    const { path: corrected, book } = await correctedSheet(id, 'fffe.corregida.xlsx');
    expect(book.worksheets[0]?.getRow(4).getCell(6).value).toBe('Arroz extra');
    await expect(validateSheet(corrected, { writeFiles: false })).resolves.toMatchObject({ invoices: 3 });
  }, 90_000);

  it('stores a row with a note in the last column (XFD) at the width of the sheet, and writes the note back where it was', async () => {
    // A security review: a 603 KB workbook with a value in column XFD on every row became 1.89 GB of
    // database (each row padded to 16,384 cells), and its corrected sheet took 141 s to write.
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Ventas');
    ws.getRow(1).values = HEADER;
    for (let n = 1; n <= 300; n++) {
      ws.getRow(1 + n).values = line(n);
      ws.getRow(1 + n).getCell(16_384).value = `nota ${n}`;
    }
    const wide = join(workspace.dir.path, 'ancha.xlsx');
    await wb.xlsx.writeFile(wide);
    const { id, check } = await checkedUpload(wide);
    expect(check).toMatchObject({ errors: 0 });

    const db = new Database(join(workspace.dir.path, 'espacio', 'espacio-de-trabajo.sqlite'), { readonly: true });
    try {
      const stored = db
        .prepare(`SELECT MAX(length(cells_json)) AS widest, COUNT(far_json) AS far, MIN(far_json) AS first FROM rows WHERE check_id = ?`)
        .get(id);
      // The sheet's 8 columns a row, and the note apart, by its column.
      expect(stored).toMatchObject({ far: 300, first: JSON.stringify({ 16383: 'nota 1' }) });
      expect((stored as { widest: number }).widest).toBeLessThan(200);
    } finally {
      db.close();
    }

    const { book } = await correctedSheet(id, 'ancha.corregida.xlsx');
    const out = book.worksheets[0]!;
    expect(out.getRow(1).getCell(1).value).toBe('Serie');
    expect(out.getRow(2).getCell(16_384).value).toBe('nota 1');
    expect(out.getRow(301).getCell(16_384).value).toBe('nota 300');
    expect(out.getRow(301).getCell(2).value).toBe('300');
    // Nothing between the sheet's columns and the note.
    expect(out.getRow(2).cellCount).toBe(16_384);
    expect(out.getRow(2).actualCellCount).toBe(9);
  }, 120_000);

  it('shows the first 200 of a header’s 408 columns, says how many more there are, and keeps them all in the corrected sheet', async () => {
    // A review's sheet named 200,016 columns: the grid drew every one of them in its head and its rows.
    const extras = Array.from({ length: 400 }, (_, i) => `Extra ${i + 1}`);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Ventas');
    ws.getRow(1).values = [...HEADER, ...extras];
    for (let n = 1; n <= 3; n++) ws.getRow(1 + n).values = [...line(n), ...extras.map((_, i) => (i === 399 ? `valor ${n}` : null))];
    const wide = join(workspace.dir.path, 'cabecera-ancha.xlsx');
    await wb.xlsx.writeFile(wide);
    const { id, check } = await checkedUpload(wide);
    expect(check).toMatchObject({ errors: 0, columnsNotShown: 208 });
    const columns = check['gridColumns'] as { header: string; letter: string }[];
    expect(columns).toHaveLength(200);
    expect(columns.at(-1)).toEqual({ header: 'Extra 192', letter: 'GR' });
    // Each row's cells as far as the grid's columns go: «valor n» in column 408 is not sent to the page.
    const page = (await call('GET', `/api/checks/${id}/rows?page=0&errors=0`)).json as { rows: { row: number; cells: string[] }[] };
    expect(page.rows.map((r) => [r.row, r.cells.length, r.cells[1]])).toEqual([
      [2, 200, '1'],
      [3, 200, '2'],
      [4, 200, '3'],
    ]);

    const { book } = await correctedSheet(id, 'cabecera-ancha.corregida.xlsx');
    const out = book.worksheets[0]!;
    expect(out.getRow(1).cellCount).toBe(408);
    expect(out.getRow(1).getCell(408).value).toBe('Extra 400');
    expect(out.getRow(4).getCell(408).value).toBe('valor 3');
  }, 120_000);
});
