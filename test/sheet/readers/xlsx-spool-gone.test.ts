import { createReadStream } from 'node:fs';
import type { ReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { streamedWorksheet, workbookReaderInternals } from '../../../src/exceljs-internals.js';
import { correctExcelJsReader } from '../../../src/sheet/correct-excel-js-reader.js';
import { forwardPipeErrors } from '../../../src/sheet/forward-pipe-errors.js';
import { openXlsxRows } from '../../../src/sheet/open-xlsx-rows.js';
import { readXlsxPartBudget } from '../../../src/sheet/xlsx-part-budget.js';
import { tempDir } from '../../helpers/temp-dir.js';

/**
 * exceljs's streaming reader spools each sheet of a workbook that stores its shared strings after
 * its sheets (its own files do), and opens the spool as it hands the sheet out. A read left before
 * reading that sheet removes the spool; when the removal came before the open, the open failed
 * with ENOENT on a stream nobody listened to: an uncaught error that ended the process. The web
 * workspace's server went away in the middle of a check (ci75: «No se pudo comunicar con el
 * espacio de trabajo», its output: «Error: ENOENT … open '/tmp/tmp-25220-…'»).
 */
describe('a spooled sheet whose file is gone before its stream opens', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  beforeEach(async () => {
    dir = await tempDir('spool-gone-');
  });
  afterEach(async () => dir.cleanup());

  /** The first sheet of an exceljs workbook as its reader hands it out, spooled, with the stream it will be read from. */
  async function firstSpooledSheet(): Promise<{ sheet: unknown; stream: ReadStream; done: () => Promise<unknown> }> {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Ventas').addRow(['serie', 'numero']);
    wb.addWorksheet('Notas').addRow(['x']);
    const path = join(dir.path, 'libro.xlsx');
    await wb.xlsx.writeFile(path);
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(createReadStream(path), {
      sharedStrings: 'cache',
      styles: 'cache',
      worksheets: 'emit',
      entries: 'ignore',
    });
    const internals = workbookReaderInternals(reader);
    const { spooled } = correctExcelJsReader(internals, await readXlsxPartBudget(path));
    const sheets = reader[Symbol.asyncIterator]();
    const first = await sheets.next();
    const stream = spooled.get(first.value as object);
    if (stream === undefined) throw new Error('exceljs did not spool the sheet');
    return { sheet: first.value, stream, done: () => sheets.return(undefined) };
  }

  /** What the stream's open gives when the spool was removed first. */
  const gone = (): NodeJS.ErrnoException => Object.assign(new Error('ENOENT: no such file or directory'), { code: 'ENOENT' });

  it('leaves the process up when nobody reads the sheet (before: an uncaught error, which vitest reports)', async () => {
    const { stream, done } = await firstSpooledSheet();
    expect(stream.pending).toBe(true);
    stream.destroy(gone());
    await new Promise<void>((resolve) => stream.once('close', () => resolve()));
    expect(stream.errored).toMatchObject({ code: 'ENOENT' });
    await done();
  });

  it('fails the read of that sheet with the error', async () => {
    const { sheet, stream, done } = await firstSpooledSheet();
    stream.destroy(gone());
    const read = (async () => {
      for await (const _row of streamedWorksheet(sheet)) {
        // the sheet's rows, if any
      }
    })();
    await expect(read).rejects.toMatchObject({ code: 'ENOENT' });
    await done();
  });
});

/**
 * The same for the workbook itself: its directory is read (the zip-bomb budget) before exceljs
 * opens it, and a file removed in between (an upload deleted while its check starts) failed that
 * open on a stream nobody listened to: an uncaught error, the process gone.
 */
describe('a workbook whose file is gone after its directory was read', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  beforeEach(async () => {
    dir = await tempDir('book-gone-');
  });
  afterEach(async () => dir.cleanup());

  it('fails the open with a message naming the file, and the process stays up', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Ventas').addRow(['serie', 'numero']);
    const path = join(dir.path, 'ventas.xlsx');
    await wb.xlsx.writeFile(path);
    const budget = await readXlsxPartBudget(path);
    await rm(path);
    await expect(openXlsxRows(path, undefined, budget)).rejects.toMatchObject({
      code: 'INPUT',
      text: { es: `El archivo ${path} no se pudo leer: no existe.` },
    });
  });

  it('ends exceljs’s pass with a read error of the workbook’s stream (before: an uncaught error, and a pass that waited for ever)', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Ventas');
    for (let i = 0; i < 20_000; i++) ws.addRow([`F001`, i + 1, 'Arroz extra bolsa 5 kg', 18.5]);
    const path = join(dir.path, 'grande.xlsx');
    await wb.xlsx.writeFile(path);
    const input = forwardPipeErrors(createReadStream(path, { highWaterMark: 1024 }));
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, { worksheets: 'emit', sharedStrings: 'cache', entries: 'ignore' });
    const eio = Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' });
    input.once('data', () => input.destroy(eio));
    const pass = (async () => {
      for await (const _sheet of reader) {
        // the pass over the zip, failed by the read's error
      }
    })();
    await expect(pass).rejects.toMatchObject({ code: 'EIO' });
  });
});
