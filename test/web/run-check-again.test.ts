import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { limaToday } from '../../src/invoice/lima-today.js';
import { runCheck } from '../../src/web/run-check.js';
import type { CheckProgress } from '../../src/web/workspace-api.js';
import { openWorkspaceStore } from '../../src/web/workspace-store.js';
import type { WorkspaceStore } from '../../src/web/workspace-store.js';
import { splitInvoiceCsv } from '../helpers/split-invoice-csv.js';
import { tempDir } from '../helpers/temp-dir.js';

const TODAY = limaToday(Date.now());

let dir: { path: string; cleanup: () => Promise<void> };
let store: WorkspaceStore;
beforeEach(async () => {
  dir = await tempDir('run-check-again-');
  store = openWorkspaceStore(join(dir.path, 'espacio.sqlite'));
});
afterEach(async () => {
  store.close();
  await dir.cleanup();
});

/**
 * When the library checks a sheet a second time (an invoice whose rows come back further down), the
 * page's progress starts over: it says why, and counts towards what the first run read.
 */
describe('runCheck of a sheet the library checks again', () => {
  it('publishes the reason with the progress, counts towards the first run, and stores each row once', async () => {
    const sheet = join(dir.path, 'hoja-subida');
    await writeFile(sheet, splitInvoiceCsv());
    const id = randomUUID();
    store.createCheck({ id, fileName: 'ventas.csv', storedPath: sheet, createdAt: new Date().toISOString() });
    const published: CheckProgress[] = [];
    await runCheck({ store, hub: { publish: (_id, e) => published.push(e), subscribe: () => () => undefined } }, id, undefined);

    const noted = published.findIndex((e) => e.type === 'progress' && e.note !== undefined);
    expect(noted).toBeGreaterThan(0);
    const said = published[noted];
    expect(said?.type === 'progress' ? said.note : '').toContain('se revisa la hoja otra vez');
    // Before the reason: the first run, with nothing to count towards; from it on: the first run's 4 rows and 3 invoices.
    expect(published.slice(0, noted).every((e) => e.type !== 'progress' || e.expected === undefined)).toBe(true);
    const after = published.slice(noted + 1).filter((e) => e.type === 'progress');
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((e) => e.type === 'progress' && e.expected?.rows === 4 && e.expected.invoices === 3 && e.note !== undefined)).toBe(true);
    expect(published.at(-1)).toEqual({ type: 'done' });

    const check = store.getCheck(id);
    expect(check).toMatchObject({ state: 'done', rowsRead: 4 });
    expect(store.countRows(id, false)).toBe(4);
    expect(store.pageRows(id, false, 0, 10).map((r) => r.row)).toEqual([2, 3, 4, 5]);
  });

  it('counts the rows it keeps on a recheck, not the progress a stopped server left (0 rows after a crash while sending)', async () => {
    const sheet = join(dir.path, 'hoja-subida');
    const row = (numero: number): string => `F001,${numero},${TODAY},20512333797,Comercial Andina S.A.C.,Arroz,2,18.50`;
    await writeFile(
      sheet,
      ['serie,numero,fechaEmision,receptorNumeroDocumento,receptorNombreLegal,descripcion,cantidad,valorVentaUnitario', row(1), row(2), row(3), ''].join('\n'),
    );
    const id = randomUUID();
    store.createCheck({ id, fileName: 'ventas.csv', storedPath: sheet, createdAt: new Date().toISOString() });
    const hub = { publish: () => undefined, subscribe: () => () => undefined };
    await runCheck({ store, hub }, id, undefined);
    expect(store.getCheck(id)).toMatchObject({ state: 'done', rowsRead: 3 });
    // A submission reads the stored rows and writes none; its progress is the library's, every 1,000 rows.
    // The server is killed at its start: the check is left with the progress count, 0.
    store.markRunning(id);
    store.setProgress(id, 0);
    store.abandonRunning(
      { checking: { es: 'interrumpida', en: 'interrupted' }, sending: { es: 'envío interrumpido', en: 'interrupted' } },
      new Date().toISOString(),
    );
    expect(store.getCheck(id)).toMatchObject({ state: 'failed', rowsRead: 0 });
    // «Revisar de nuevo»: the rows are kept, and counted.
    await runCheck({ store, hub }, id, undefined);
    expect(store.getCheck(id)).toMatchObject({ state: 'done', rowsRead: 3 });
  });
});
