import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TableValue } from '../../src/report/render-row-xml.js';
import type { CellStyle } from '../../src/report/shared-cell-styles.js';
import { addStyledRow, NO_STYLE, numberFormatStyle } from '../../src/report/shared-cell-styles.js';
import { addTableSheet, spoolTableSheet } from '../../src/report/table-sheet.js';
import { tempDir } from '../helpers/temp-dir.js';
import { readWithOpenpyxl, sheetNamed } from './read-with-openpyxl.js';

const HEADER = ['Serie', 'Número', 'Cliente', 'Total', 'Pagado', 'Fecha', 'Error', 'Nota'];
const HEADER_STYLE: CellStyle = { font: { bold: true }, fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9E1F2' } } };
const RED: CellStyle = { fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } } };
const MONEY = numberFormatStyle('#,##0.00');
const DAY = numberFormatStyle('dd/mm/yyyy');
const STYLES: readonly CellStyle[] = [NO_STYLE, numberFormatStyle('0'), NO_STYLE, MONEY, NO_STYLE, DAY, NO_STYLE, RED];

/** Every kind of value, the awkward texts included (markup, formula-looking, control characters, emoji). */
function row(i: number): TableValue[] {
  const texts = ['Comercial <Andina> & "Hijos"', '=HYPERLINK("http://x","y")', '@SUM(A1:A2)', 'tab\tand\nnewline', 'bell\u0007 gone', 'ñandú 😀'];
  return [
    'F001',
    i,
    texts[i % texts.length] ?? '',
    i % 7 === 0 ? null : 1234.5 + i / 100,
    i % 2 === 0,
    new Date(Date.UTC(2025, 10, 1 + (i % 28))),
    i % 5 === 0 ? { error: '#N/A' } : null,
    `nota ${i}`,
  ];
}

const ROWS = 3_000; // several flushes of row XML, and waits for the zip

async function writeBook(path: string, write: (book: ExcelJS.stream.xlsx.WorkbookWriter) => Promise<void>): Promise<void> {
  const stream = createWriteStream(path);
  await once(stream, 'open');
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  await write(book);
  await book.commit();
}

describe('table sheet', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  let ours: string;
  let theirs: string;
  beforeEach(async () => {
    dir = await tempDir('table-sheet-');
    ours = `${dir.path}/ours.xlsx`;
    theirs = `${dir.path}/exceljs.xlsx`;
    await writeBook(ours, async (book) => {
      const table = addTableSheet(book, 'Tabla', { header: HEADER, headerStyle: HEADER_STYLE, widths: HEADER.map(() => 12) });
      for (let i = 1; i <= ROWS; i++) await table.addRow(row(i), STYLES);
      table.commit();
    });
    // The same rows through exceljs's own Row objects: the reference our rendering must match.
    await writeBook(theirs, async (book) => {
      const sheet = book.addWorksheet('Tabla');
      addStyledRow(
        sheet,
        HEADER,
        HEADER.map(() => HEADER_STYLE),
      ).commit();
      for (let i = 1; i <= ROWS; i++) {
        const values = row(i).map((v) => (typeof v === 'string' ? v.replaceAll('\u0007', '') : v));
        addStyledRow(sheet, values as ExcelJS.CellValue[], STYLES).commit();
      }
      sheet.commit();
      return Promise.resolve();
    });
  });
  afterEach(() => dir.cleanup());

  it('reads back in exceljs exactly as the rows exceljs writes itself: values, types and formats', async () => {
    const read = async (path: string): Promise<unknown[][]> => {
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(path);
      const sheet = book.getWorksheet('Tabla');
      const rows: unknown[][] = [];
      sheet?.eachRow({ includeEmpty: true }, (r) => {
        const cells: unknown[] = [];
        for (let c = 1; c <= HEADER.length; c++) {
          const cell = r.getCell(c);
          cells.push([
            cell.type,
            cell.value instanceof Date ? cell.value.toISOString() : cell.value,
            cell.numFmt ?? null,
            (cell.fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb ?? null,
          ]);
        }
        rows.push(cells);
      });
      return rows;
    };
    const mine = await read(ours);
    expect(mine).toHaveLength(ROWS + 1);
    expect(mine).toEqual(await read(theirs));
    expect(mine[1]).toEqual([
      [ExcelJS.ValueType.String, 'F001', null, null],
      [ExcelJS.ValueType.Number, 1, '0', null],
      [ExcelJS.ValueType.String, '=HYPERLINK("http://x","y")', null, null],
      [ExcelJS.ValueType.Number, 1234.51, '#,##0.00', null],
      [ExcelJS.ValueType.Boolean, false, null, null],
      [ExcelJS.ValueType.Date, '2025-11-02T00:00:00.000Z', 'dd/mm/yyyy', null],
      [ExcelJS.ValueType.Null, null, null, null],
      [ExcelJS.ValueType.String, 'nota 1', null, 'FFFFC7CE'],
    ]);
  });

  it('reads back in openpyxl as exceljs’s own rows do, with a frozen, filtered header and text never a formula', async () => {
    const [mine, reference] = await Promise.all([readWithOpenpyxl(ours), readWithOpenpyxl(theirs)]);
    const table = sheetNamed(mine, 'Tabla');
    const expected = sheetNamed(reference, 'Tabla');
    expect(table.rows).toHaveLength(ROWS + 1);
    expect(table.rows.slice(1)).toEqual(expected.rows.slice(1));
    expect(table.freeze).toBe('A2');
    expect(table.autofilter).toBe('A1:H1');
    const texts = table.rows.slice(1).map((r) => r[2]);
    expect(texts.every((c) => c?.t === 's')).toBe(true);
    expect(texts.map((c) => c?.v)).toContain('=HYPERLINK("http://x","y")');
    expect(texts.map((c) => c?.v)).toContain('bell gone');
    expect(table.rows[5]?.[6]).toMatchObject({ v: '#N/A', t: 'e' });
  });

  it('spooled behind a sheet still being zipped, reads back in exceljs as the same rows written straight', async () => {
    const spooled = `${dir.path}/spooled.xlsx`;
    await writeBook(spooled, async (book) => {
      const first = addTableSheet(book, 'Antes', { header: HEADER, headerStyle: HEADER_STYLE, widths: [] });
      const stream = createWriteStream(`${dir.path}/spool.xml`, { highWaterMark: 4096 });
      const table = spoolTableSheet(
        book,
        'Tabla',
        { header: HEADER, headerStyle: HEADER_STYLE, widths: HEADER.map(() => 12) },
        { path: `${dir.path}/spool.xml`, stream },
      );
      // Interleaved, as the results workbook writes them: the spooled rows wait for the first sheet.
      for (let i = 1; i <= ROWS; i++) {
        await first.addRow(row(i), STYLES);
        await table.addRow(row(i), STYLES);
      }
      first.commit();
      await table.commit();
    });
    const read = async (path: string): Promise<unknown[][]> => {
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(path);
      const rows: unknown[][] = [];
      book.getWorksheet('Tabla')?.eachRow({ includeEmpty: true }, (r) => {
        const cells: unknown[] = [];
        for (let c = 1; c <= HEADER.length; c++) {
          const cell = r.getCell(c);
          cells.push([cell.type, cell.value instanceof Date ? cell.value.toISOString() : cell.value, cell.numFmt ?? null, cell.fill ?? null]);
        }
        rows.push(cells);
      });
      return rows;
    };
    const mine = await read(spooled);
    expect(mine).toHaveLength(ROWS + 1);
    expect(mine).toEqual(await read(ours));
  });

  it('refuses a row after the sheet is committed', async () => {
    await writeBook(`${dir.path}/late.xlsx`, async (book) => {
      const table = addTableSheet(book, 'Tabla', { header: HEADER, headerStyle: HEADER_STYLE, widths: [] });
      table.commit();
      await expect(table.addRow(row(1), STYLES)).rejects.toThrow('already committed');
    });
  });
});
