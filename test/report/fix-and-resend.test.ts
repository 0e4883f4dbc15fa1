import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FacturaError, validateSheet } from '../../src/index.js';
import { localized } from '../../src/i18n/localized-text.js';
import { CANONICAL_COLUMNS } from '../../src/invoice/canonical-columns.js';
import type { InvoiceOutcome } from '../../src/invoice/invoice-outcome.js';
import { matchKey } from '../../src/invoice/match-key.js';
import type { ColumnLocator } from '../../src/report/column-locator.js';
import { FIX_NOTES_HEADER } from '../../src/sheet/fix-notes-header.js';
import { createFixAndResendStream } from '../../src/report/fix-and-resend-stream.js';
import type { FixAndResendStream, FixAndResendStreamOptions } from '../../src/report/fix-and-resend-stream.js';
import { createResultsWorkbook } from '../../src/report/results-workbook.js';
import type { CellEdits } from '../../src/sheet/apply-cell-edits.js';
import { applyCellEdits } from '../../src/sheet/apply-cell-edits.js';
import { openRowSource } from '../../src/sheet/open-row-source.js';
import { BATCH_ROWS, type RowSource } from '../../src/sheet/source-row.js';
import { tempDir } from '../helpers/temp-dir.js';
import { salesRow, writeSalesSheet } from '../helpers/write-sales-sheet.js';
import { readWithOpenpyxl, values } from './read-with-openpyxl.js';
import { eachOf } from '../helpers/batches.js';

const HEADER = ['Serie', 'Número', 'Fecha', 'RUC cliente', 'Razón social', 'Descripción', 'Cantidad', 'Precio unitario'];

function outcome(numero: string, rows: number[], status: InvoiceOutcome['status'], extra: Partial<InvoiceOutcome> = {}): InvoiceOutcome {
  return { serie: 'F001', numero, rows, status, problems: [], attempts: 0, ...extra };
}

interface Feed {
  readonly headerRow: number;
  readonly outcomes: readonly InvoiceOutcome[];
  readonly locateColumn?: ColumnLocator;
  readonly edits?: CellEdits;
  /** Each row the run pulled from the input, in the order pulled. */
  readonly pulled?: number[];
}

/** The source as the run opens it (edits applied), counting the rows pulled from the input. */
async function openInput(input: string, feed: Feed): Promise<RowSource> {
  const source = await openRowSource(input);
  const pulled = feed.pulled;
  const counted: RowSource =
    pulled === undefined
      ? source
      : {
          ...source,
          batches: (async function* () {
            for await (const batch of source.batches) {
              for (const row of batch) pulled.push(row.row);
              yield batch;
            }
          })(),
        };
  return applyCellEdits(counted, feed.edits);
}

/**
 * Drives the stream as runImport does, in one pass over the input: the source is tapped, the
 * header row is announced once read, and each outcome is added as soon as its last row has been
 * read (grouping's default mode: outcomes in the sheet's order). Returns finish()'s answer.
 */
async function writeThroughStream(
  input: string,
  out: string,
  feed: Feed,
  openWriter?: FixAndResendStreamOptions['openWriter'],
): Promise<{ written: boolean; stream: FixAndResendStream }> {
  const stream = createFixAndResendStream({ path: out, lang: 'es', ordered: true, ...(openWriter !== undefined ? { openWriter } : {}) });
  const pending = [...feed.outcomes].sort((a, b) => Math.max(...a.rows) - Math.max(...b.rows));
  try {
    for await (const row of eachOf(stream.tap(await openInput(input, feed)).batches)) {
      if (row.row === feed.headerRow) stream.headerFound(row.row, feed.locateColumn ?? (() => undefined));
      while (pending[0] !== undefined && Math.max(...pending[0].rows) <= row.row) await stream.add(pending.shift() as InvoiceOutcome);
    }
    for (const o of pending) await stream.add(o);
    return { written: await stream.finish(), stream };
  } catch (err) {
    await stream.abort();
    throw err;
  }
}

describe('fix-and-resend file', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  beforeEach(async () => {
    dir = await tempDir('fix-');
  });
  afterEach(() => dir.cleanup());

  async function writeInput(path: string): Promise<void> {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Ventas');
    sheet.addRow(['Ventas de noviembre']); // title row, above the header
    sheet.addRow(HEADER);
    const date = new Date(Date.UTC(2025, 10, 18));
    sheet.addRow(['F001', 1, date, '20123456786', 'Comercial Andina S.A.C.', 'Cemento', 2, 25.5]); // row 3: accepted
    sheet.addRow(['F001', 2, date, '20123456780', '=HYPERLINK("http://x","y")', 'Arena', 1, 10]); // row 4: invalid
    sheet.addRow([null, null, null, null, null, '-Descuento', 3, 1.25]); // row 5: its continuation
    sheet.addRow(['F001', 3, date, '20100070970', 'Supermercados S.A.', 'Fierro', 1, 99.9]); // row 6: rejected
    sheet.getCell('H4').numFmt = '0.00';
    sheet.getColumn(3).numFmt = 'dd/mm/yyyy';
    await book.xlsx.writeFile(path);
  }

  const locateColumn: ColumnLocator = (c) => (c === 'receptorNumeroDocumento' ? { header: 'RUC cliente', letter: 'D' } : undefined);

  function outcomes(): InvoiceOutcome[] {
    return [
      outcome('1', [3], 'ACCEPTED'),
      outcome('2', [4, 5], 'INVALID', {
        problems: [
          {
            severity: 'error',
            code: 'RUC_CHECK_DIGIT',
            row: 4,
            column: 'receptorNumeroDocumento',
            value: '20123456780',
            // As the rules write it, place first: the note on row 4 says the column, not the row again.
            message: localized('Fila 4, RUC cliente: Dígito verificador incorrecto.', 'Row 4, Customer RUC: Wrong check digit.'),
          },
          {
            severity: 'error',
            code: 'UNIT_VALUE_DECIMAL_DIGITS',
            row: 5,
            column: 'valorVentaUnitario',
            value: '1.25',
            message: localized('Precio dudoso.', 'Odd price.'),
          },
        ],
      }),
      outcome('3', [6], 'REJECTED', { answer: { httpStatus: 400, codigo: '2800', mensaje: 'RUC no habido' } }),
    ];
  }

  it('copies the input’s header and only the rows of invoices not accepted, cells as they were, with a notes column', async () => {
    const input = `${dir.path}/ventas.xlsx`;
    const out = `${dir.path}/ventas.corregir.xlsx`;
    await writeInput(input);
    const { written } = await writeThroughStream(input, out, { headerRow: 2, outcomes: outcomes(), locateColumn });
    expect(written).toBe(true);

    const [sheet] = await readWithOpenpyxl(out);
    if (sheet === undefined) throw new Error('no sheet');
    expect(values(sheet, 0)).toEqual([...HEADER, 'Observaciones de la validación']);
    expect(sheet.rows).toHaveLength(4); // the header and 3 copied rows: not the title, not the accepted row
    expect(values(sheet, 1)).toEqual([
      'F001',
      2,
      '2025-11-18T00:00:00',
      '20123456780',
      '=HYPERLINK("http://x","y")',
      'Arena',
      1,
      10,
      'INVÁLIDO; RUC cliente: Dígito verificador incorrecto.',
    ]);
    expect(values(sheet, 2)).toEqual([null, null, null, null, null, '-Descuento', 3, 1.25, 'valorVentaUnitario: Precio dudoso.']);
    expect(values(sheet, 3)).toEqual([
      'F001',
      3,
      '2025-11-18T00:00:00',
      '20100070970',
      'Supermercados S.A.',
      'Fierro',
      1,
      99.9,
      'RECHAZADO; 2800 - RUC no habido',
    ]);
    const row = sheet.rows[1] ?? [];
    expect(row.map((c) => c.t)).toEqual(['s', 'n', 'd', 's', 's', 's', 'n', 'n', 's']);
    expect(row[7]?.fmt).toBe('0.00');
    expect(sheet.freeze).toBe('A2');
  });

  it('is read back by the same reader with the same header row and the same cell kinds', async () => {
    const input = `${dir.path}/ventas.xlsx`;
    const out = `${dir.path}/ventas.corregir.xlsx`;
    await writeInput(input);
    await writeThroughStream(input, out, { headerRow: 2, outcomes: outcomes(), locateColumn });
    const rows = [];
    for await (const r of eachOf((await openRowSource(out)).batches)) rows.push(r);
    expect(rows.map((r) => r.row)).toEqual([1, 2, 3, 4]);
    expect(rows[1]?.cells.slice(0, 5)).toEqual([
      { kind: 'text', text: 'F001' },
      { kind: 'number', value: 2 },
      { kind: 'date', iso: '2025-11-18T00:00:00' },
      { kind: 'text', text: '20123456780' },
      { kind: 'text', text: '=HYPERLINK("http://x","y")' },
    ]);
  });

  it('builds it from a CSV input too, keeping every value as text', async () => {
    const input = `${dir.path}/ventas.csv`;
    await writeFile(input, 'Serie;Número;RUC cliente;Precio unitario\nF001;1;20123456786;25,50\nF001;2;00123456780;+10\n', 'utf8');
    const out = `${dir.path}/ventas.corregir.xlsx`;
    await writeThroughStream(input, out, {
      headerRow: 1,
      outcomes: [outcome('1', [2], 'ACCEPTED'), outcome('2', [3], 'FAILED', { note: 'Sin respuesta del servicio' })],
    });
    const [sheet] = await readWithOpenpyxl(out);
    if (sheet === undefined) throw new Error('no sheet');
    expect(values(sheet, 0)).toEqual(['Serie', 'Número', 'RUC cliente', 'Precio unitario', 'Observaciones de la validación']);
    expect(values(sheet, 1)).toEqual(['F001', '2', '00123456780', '+10', 'ERROR; Sin respuesta del servicio']);
    expect(sheet.rows[1]?.map((c) => c.t)).toEqual(['s', 's', 's', 's', 's']);
    expect(sheet.rows).toHaveLength(2);
  });

  // Was: the second pass stopped reading the input after the last row to copy. There is no second
  // pass now: the input is read once, by the run, and each row is let go as its outcome arrives.
  it('reads the input once and lets go of each row as its invoice’s outcome arrives', async () => {
    const input = `${dir.path}/ventas.csv`;
    const lines = ['Serie;Número;RUC cliente'];
    for (let n = 1; n <= 2000; n++) lines.push(`F001;${n};20123456786`);
    await writeFile(input, lines.join('\n') + '\n', 'utf8');
    const list: InvoiceOutcome[] = [];
    for (let n = 1; n <= 2000; n++) list.push(outcome(String(n), [n + 1], n === 3 ? 'INVALID' : n === 10 ? 'REJECTED' : 'ACCEPTED'));
    const pulled: number[] = [];
    const out = `${dir.path}/ventas.corregir.xlsx`;
    const { written, stream } = await writeThroughStream(input, out, { headerRow: 1, outcomes: list, pulled });
    expect(written).toBe(true);
    expect(pulled).toEqual(Array.from({ length: 2001 }, (_, i) => i + 1)); // every row once, in order
    expect(stream.peakHeldRows).toBeLessThanOrEqual(BATCH_ROWS); // a batch read at once, not the 2,001 rows of the sheet
    const [sheet] = await readWithOpenpyxl(out);
    expect(sheet?.rows.map((r) => r[1]?.v)).toEqual(['Número', '3', '10']);
  });

  it('copies the corrected values of an edited source, not the original ones', async () => {
    const input = `${dir.path}/ventas.csv`;
    await writeFile(input, 'Serie;Número;RUC cliente\nF001;1;20123456786\nF001;2;00123456780\n', 'utf8');
    const out = `${dir.path}/ventas.corregir.xlsx`;
    await writeThroughStream(input, out, {
      headerRow: 1,
      outcomes: [outcome('1', [2], 'VALID'), outcome('2', [3], 'INVALID')],
      edits: new Map([[3, new Map([[2, '20123456780']])]]),
    });
    const [sheet] = await readWithOpenpyxl(out);
    if (sheet === undefined) throw new Error('no sheet');
    expect(values(sheet, 1)).toEqual(['F001', '2', '20123456780', 'INVÁLIDO']);
    expect(sheet.rows).toHaveLength(2);
  });

  it('writes no file when every invoice was accepted or valid, and removes one left by an earlier run', async () => {
    const input = `${dir.path}/v.csv`;
    await writeFile(input, 'Serie;Número\nF001;1\nF001;2\n');
    const out = `${dir.path}/v.corregir.xlsx`;
    await writeFile(out, 'an earlier run’s fix file');
    const { written } = await writeThroughStream(input, out, { headerRow: 1, outcomes: [outcome('1', [2], 'ACCEPTED'), outcome('2', [3], 'VALID')] });
    expect(written).toBe(false);
    expect(await readdir(dir.path)).toEqual(['v.csv']);
  });

  it('a whole run with nothing to fix names no fix file and removes an earlier one', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [salesRow(1), salesRow(2)]);
    const old = join(dir.path, 'ventas.corregir.xlsx');
    await writeFile(old, 'an earlier run’s fix file');
    const summary = await validateSheet(input);
    expect(summary.byStatus).toMatchObject({ VALID: 2 });
    expect(summary.paths.fixAndResend).toBeUndefined();
    expect(existsSync(old)).toBe(false);
  });

  // Was a defect: exceljs's writer, given a file name it could not open, never reported it and the run hung.
  it('refuses a path that cannot be written with an OUTPUT error that names it, at once, leaving nothing', async () => {
    const input = `${dir.path}/v.csv`;
    await writeFile(input, 'Serie;Número\nF001;1\nF001;2\n');
    await writeFile(`${dir.path}/a-file`, 'not a folder');
    const path = `${dir.path}/a-file/v.corregir.xlsx`;
    const err: unknown = await writeThroughStream(input, path, { headerRow: 1, outcomes: [outcome('2', [3], 'INVALID')] }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'OUTPUT' });
    expect((err as Error).message).toContain(path);
    expect(await readdir(dir.path)).toEqual(['a-file', 'v.csv']);
  });

  it('a whole run whose fix file cannot be written fails with a Spanish OUTPUT message that names it', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [salesRow(1), salesRow(2, { receptorNumeroDocumento: '20512333790' })]);
    await writeFile(join(dir.path, 'a-file'), 'not a folder');
    const path = join(dir.path, 'a-file', 'ventas.corregir.xlsx');
    const err: unknown = await validateSheet(input, { fixAndResendOut: path }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FacturaError);
    expect(err).toMatchObject({ code: 'OUTPUT' });
    expect((err as FacturaError).text.es).toBe(`No se pudo escribir el archivo para corregir ${path}: una parte de la ruta no es una carpeta.`);
    expect(await readdir(dir.path)).toEqual(['a-file', 'ventas.xlsx']); // no results file claims the run
  });

  it('replaces, not repeats, the notes column of a fix file that is fixed again', async () => {
    const input = `${dir.path}/v.corregir.csv`;
    await writeFile(input, 'Serie;Número;Observaciones de la validación\nF001;7;INVÁLIDO\n');
    const out = `${dir.path}/v.corregir.corregir.xlsx`;
    await writeThroughStream(input, out, { headerRow: 1, outcomes: [outcome('7', [2], 'INVALID')] });
    const [sheet] = await readWithOpenpyxl(out);
    expect(sheet && values(sheet, 0)).toEqual(['Serie', 'Número', 'Observaciones de la validación']);
  });

  it('names its notes column so that no canonical column (glosa’s «Observaciones») takes it when fed back', () => {
    const keys = new Set(CANONICAL_COLUMNS.flatMap((c) => [c.name, ...c.aliases, c.label.es, c.label.en].map(matchKey)));
    expect(keys.has(matchKey('Observaciones'))).toBe(true);
    expect(keys.has(matchKey(FIX_NOTES_HEADER.es))).toBe(false);
    expect(keys.has(matchKey(FIX_NOTES_HEADER.en))).toBe(false);
  });
});

describe('fix-and-resend file written by the results thread', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  beforeEach(async () => {
    dir = await tempDir('fix-thread-');
  });
  afterEach(() => dir.cleanup());

  /** 3,000 invalid rows of every kind of cell: more batches than may wait between the threads. */
  async function writeMixedInput(path: string): Promise<InvoiceOutcome[]> {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Ventas');
    sheet.addRow([...HEADER, 'Pagado', 'Error', FIX_NOTES_HEADER.es]);
    const found: InvoiceOutcome[] = [];
    for (let n = 1; n <= 3000; n += 1) {
      const when = n % 3 === 0 ? new Date(Date.UTC(2025, 10, 18, 9, 30, n % 60)) : new Date(Date.UTC(2025, 10, 18));
      const name = n % 7 === 0 ? `Año & <Cía> "${n}"\u0001 ñandú` : n % 11 === 0 ? '' : `Cliente ${n}`;
      const row = sheet.addRow([
        'F001',
        n,
        when,
        `2012345678${n % 10}`,
        name,
        n % 5 === 0 ? null : `Producto ${n}`,
        n,
        n / 8,
        n % 2 === 0,
        n % 13 === 0 ? { error: '#N/A' } : null,
        'viejo',
      ]);
      if (n % 4 === 0) row.getCell(8).numFmt = '0.000';
      found.push(
        outcome(String(n), [n + 1], 'INVALID', {
          problems: [
            {
              severity: 'error',
              code: 'RUC_CHECK_DIGIT',
              row: n + 1,
              column: 'receptorNumeroDocumento',
              value: 'x',
              message: localized(`Dígito verificador incorrecto en ${n}.`, 'Wrong check digit.'),
            },
          ],
        }),
      );
    }
    await book.xlsx.writeFile(path);
    return found;
  }

  /** The parts of a workbook that are not timestamps. */
  async function parts(path: string): Promise<Record<string, string>> {
    const zip = await JSZip.loadAsync(await readFile(path));
    const out: Record<string, string> = {};
    for (const name of Object.keys(zip.files).sort()) {
      if (name !== 'docProps/core.xml') out[name] = (await zip.file(name)?.async('string')) ?? '';
    }
    return out;
  }

  it('is the same file, part for part, as the one written on the main thread', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    const found = await writeMixedInput(input);
    const here = join(dir.path, 'aqui.corregir.xlsx');
    await writeThroughStream(input, here, { headerRow: 1, outcomes: found });
    const results = await createResultsWorkbook({ path: join(dir.path, 'r.xlsx') });
    const there = join(dir.path, 'hilo.corregir.xlsx');
    try {
      const { written } = await writeThroughStream(input, there, { headerRow: 1, outcomes: found }, (options) => Promise.resolve(results.openFixFile(options)));
      expect(written).toBe(true);
    } finally {
      await results.abort();
    }
    const expected = await parts(here);
    expect(expected['xl/worksheets/sheet1.xml']).toContain('<row r="3001">');
    expect(await parts(there)).toEqual(expected);
  });

  it('tells a path that cannot be written as the fix file’s failure, in Spanish, leaving nothing', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    const found = await writeMixedInput(input);
    await writeFile(join(dir.path, 'a-file'), 'not a folder');
    const path = join(dir.path, 'a-file', 'ventas.corregir.xlsx');
    const results = await createResultsWorkbook({ path: join(dir.path, 'r.xlsx') });
    let err: unknown;
    try {
      await writeThroughStream(input, path, { headerRow: 1, outcomes: found }, (options) => Promise.resolve(results.openFixFile(options)));
    } catch (e) {
      err = e;
    } finally {
      await results.abort();
    }
    expect(err).toBeInstanceOf(FacturaError);
    expect((err as FacturaError).text.es).toBe(`No se pudo escribir el archivo para corregir ${path}: una parte de la ruta no es una carpeta.`);
    expect(await readdir(dir.path)).toEqual(['a-file', 'ventas.xlsx']);
  });
});
