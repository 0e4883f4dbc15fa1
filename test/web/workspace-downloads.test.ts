import ExcelJS from 'exceljs';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateSheet } from '../../src/index.js';
import { limaToday } from '../../src/invoice/lima-today.js';
import { tempDir } from '../helpers/temp-dir.js';
import type { ServeProcess } from './browser-session.js';
import type { WorkspaceApi } from './browser-session.js';
import { closeWorkspace, sessionHeaders, signIn, startServe, workspaceApi } from './browser-session.js';

// Lima's date, as the checks read "today": the UTC date is a day ahead from 00:00 to 05:00 UTC.
const TODAY = limaToday(Date.now());
const CSV = [
  'serie,numero,fechaEmision,receptorNumeroDocumento,receptorNombreLegal,descripcion,cantidad,valorVentaUnitario',
  `F001,1,${TODAY},20512333797,Comercial Andina S.A.C.,Arroz,2,18.50`,
  `F001,2,${TODAY},20512333790,Comercial Andina S.A.C.,Azúcar,1,4.20`,
].join('\n');
const RUC_COLUMN = 3;

/** Every sheet's cell values, the run's own times (and durations) left out: what two runs of the same sheet and edits share. */
async function workbookValues(path: string): Promise<Record<string, unknown[][]>> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const out: Record<string, unknown[][]> = {};
  for (const sheet of book.worksheets) {
    const rows: unknown[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row) => {
      const values = row.values as unknown[];
      const duration = values.some((v) => typeof v === 'string' && v.startsWith('Duración'));
      rows.push(
        values.map((v) =>
          v instanceof Date || (typeof v === 'string' && /\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}/.test(v)) || (duration && typeof v === 'number') ? 'TIME' : v,
        ),
      );
    });
    out[sheet.name] = rows;
  }
  return out;
}

/**
 * The check and «Revalidar» write no workbook: the first download writes them (the CLI's own, from
 * the same sheet and edits), and refuses while there are edits the check did not see.
 */
describe('downloads of a check’s workbooks, written at the first download', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  let serve: ServeProcess;
  let origin = '';
  let secret = '';
  let checkId = '';

  beforeAll(async () => {
    dir = await tempDir('factura-web-downloads-');
    serve = await startServe(join(dir.path, 'espacio'));
    ({ secret, origin } = await signIn(serve));
  }, 60_000);

  afterAll(async () => {
    await closeWorkspace({ serve, dir });
  });

  const headers = (): Record<string, string> => sessionHeaders({ secret, origin });
  const call: WorkspaceApi = (method, path, body) => workspaceApi({ secret, origin })(method, path, body);
  const download = async (kind: 'resultados' | 'corregir'): Promise<{ status: number; body: Buffer }> => {
    const res = await request(`${origin}/api/checks/${checkId}/download/${kind}`, { headers: headers() });
    return { status: res.statusCode, body: Buffer.from(await res.body.arrayBuffer()) };
  };
  const checkRun = async (): Promise<Record<string, unknown>> => {
    expect((await call('POST', `/api/checks/${checkId}/run`, {})).status).toBe(202);
    await expect.poll(async () => (await call('GET', `/api/checks/${checkId}`)).json['state'], { timeout: 30_000, interval: 100 }).toBe('done');
    return (await call('GET', `/api/checks/${checkId}`)).json;
  };
  const checkDir = (): string => join(dir.path, 'espacio', 'checks', checkId);

  it('writes no workbook at the check; the first download writes them, the CLI’s own; the next ones serve the same files', async () => {
    const boundary = '----facturaTestDownloads';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="hoja"; filename="ventas.csv"\r\nContent-Type: text/csv\r\n\r\n${CSV}\r\n--${boundary}--\r\n`;
    const uploaded = await request(`${origin}/api/uploads`, {
      method: 'POST',
      headers: { ...headers(), 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    checkId = ((await uploaded.body.json()) as { checkId: string }).checkId;
    const view = await checkRun();
    expect(view).toMatchObject({ errors: 1, hasResults: true, hasFixFile: true });
    expect(existsSync(join(checkDir(), 'resultados.xlsx')) || existsSync(join(checkDir(), 'corregir.xlsx'))).toBe(false);

    const results = await download('resultados');
    expect(results.status).toBe(200);
    const written = join(checkDir(), 'resultados.xlsx');
    expect(await readFile(written)).toEqual(results.body);
    const fix = await download('corregir');
    expect(fix.status).toBe(200);
    expect(await readFile(join(checkDir(), 'corregir.xlsx'))).toEqual(fix.body);

    const mtime = (await stat(written)).mtimeMs;
    expect((await download('resultados')).body).toEqual(results.body);
    expect((await stat(written)).mtimeMs).toBe(mtime);

    // The upload is named as the user uploaded it, never by the path the workspace stores it under.
    const served = { results: await workbookValues(written), fix: await workbookValues(join(checkDir(), 'corregir.xlsx')) };
    const texts = Object.values({ ...served.results, ...served.fix })
      .flat(2)
      .filter((v): v is string => typeof v === 'string');
    expect(texts).toContain('ventas.csv');
    expect(texts.filter((t) => t.includes(dir.path))).toEqual([]);
    // What the library writes from the same sheet to the same files, in the workspace's wording: the same workbooks, but for the run's times.
    const cli = await validateSheet(join(checkDir(), 'hoja-subida'), {
      out: written,
      fixAndResendOut: join(checkDir(), 'corregir.xlsx'),
      wording: 'workspace',
      fileName: 'ventas.csv',
    });
    expect(cli.paths).toEqual({ results: written, fixAndResend: join(checkDir(), 'corregir.xlsx') });
    expect(await workbookValues(written)).toEqual(served.results);
    expect(await workbookValues(join(checkDir(), 'corregir.xlsx'))).toEqual(served.fix);
  }, 90_000);

  it('refuses with 409 while the edits changed since «Revalidar», and after it writes the workbooks of the edited sheet', async () => {
    // «Revalidar» with no change: the files of the last run are let go, none written.
    await checkRun();
    expect((await call('POST', `/api/checks/${checkId}/edits`, { row: 3, col: RUC_COLUMN, value: '20512333797' })).status).toBe(200);
    expect((await call('GET', `/api/checks/${checkId}`)).json).toMatchObject({ editsPending: true });
    const refused = await request(`${origin}/api/checks/${checkId}/download/resultados`, { headers: headers() });
    expect(refused.statusCode).toBe(409);
    expect(((await refused.body.json()) as { error: string }).error).toMatch(/^Hay cambios sin revalidar: pulse «Revalidar»/);

    const view = await checkRun();
    expect(view).toMatchObject({ errors: 0, editsPending: false, hasResults: true, hasFixFile: false });
    expect((await download('corregir')).status).toBe(404);
    const results = await download('resultados');
    expect(results.status).toBe(200);
    const served = await workbookValues(join(checkDir(), 'resultados.xlsx'));
    const cli = await validateSheet(join(checkDir(), 'hoja-subida'), {
      edits: new Map([[3, new Map([[RUC_COLUMN, '20512333797']])]]),
      out: join(checkDir(), 'resultados.xlsx'),
      fixAndResendOut: join(checkDir(), 'corregir.xlsx'),
      wording: 'workspace',
      fileName: 'ventas.csv',
    });
    expect(cli.byStatus.VALID).toBe(2);
    expect(await workbookValues(join(checkDir(), 'resultados.xlsx'))).toEqual(served);
  }, 90_000);
});
