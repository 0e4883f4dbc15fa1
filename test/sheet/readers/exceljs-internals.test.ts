import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  eachCellOf,
  EXCELJS_VERSION,
  formulaResultOf,
  streamedWorksheet,
  tableWriterInternals,
  ValueType,
  watchZipEntries,
  widenSheetBlocks,
  WorkbookWriter,
  workbookReaderInternals,
  workbookWriterSheets,
  worksheetWriterStream,
} from '../../../src/exceljs-internals.js';
import { tempDir } from '../../helpers/temp-dir.js';

/**
 * Fails loudly when an exceljs update changes a private shape factura-import relies on: every one
 * of them is reached through src/sheet/exceljs-internals.ts, and each is checked here against the
 * installed exceljs, reading and writing real files.
 */
describe('the exceljs internals factura-import relies on', () => {
  it('are those of the exact exceljs version package.json pins', async () => {
    const require = createRequire(import.meta.url);
    const installed = JSON.parse(await readFile(require.resolve('exceljs/package.json'), 'utf8')) as { version: string };
    const pkg = JSON.parse(await readFile(join(import.meta.dirname, '../../../package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(installed.version).toBe(EXCELJS_VERSION);
    expect(pkg.dependencies['exceljs']).toBe(EXCELJS_VERSION);
  });

  it('loads the writer and the value types from their own modules: the same objects as its index exports', () => {
    expect(WorkbookWriter).toBe(ExcelJS.stream.xlsx.WorkbookWriter);
    expect(ValueType).toBe(ExcelJS.ValueType);
  });

  it('streaming reader: the wrapped parse methods, the sheet list, the relationships, the date system and formula results', async () => {
    const dir = await tempDir();
    try {
      const file = join(dir.path, 'shapes.xlsx');
      const workbook = new ExcelJS.Workbook();
      const hidden = workbook.addWorksheet('Oculta');
      hidden.state = 'hidden';
      hidden.addRow(['x']);
      const sheet = workbook.addWorksheet('Ventas');
      sheet.addRow(['a', 2, { formula: 'B1*2', result: 4 }]);
      await workbook.xlsx.writeFile(file);

      const reader = new ExcelJS.stream.xlsx.WorkbookReader(createReadStream(file), { sharedStrings: 'cache', styles: 'cache', worksheets: 'emit' });
      const internals = workbookReaderInternals(reader);
      const sheetNumbers: string[] = [];
      const parseWorksheet = internals._parseWorksheet.bind(internals);
      internals._parseWorksheet = function* (iterator, sheetNo) {
        for (const event of parseWorksheet(iterator, sheetNo)) {
          if (event.eventType === 'worksheet') sheetNumbers.push(sheetNo);
          yield event;
        }
      };
      const results: unknown[] = [];
      for await (const value of reader) {
        for await (const row of streamedWorksheet(value)) {
          row.eachCell((cell) => {
            if (cell.type === ExcelJS.ValueType.Formula) results.push(formulaResultOf(cell));
          });
        }
      }
      expect(sheetNumbers).toEqual(['1', '2']);
      expect(results).toEqual([4]);
      expect(internals.model?.sheets?.map((s) => [s.name, s.state ?? 'visible', typeof s.rId])).toEqual([
        ['Oculta', 'hidden', 'string'],
        ['Ventas', 'visible', 'string'],
      ]);
      expect(internals.workbookRels?.some((r) => typeof r.Id === 'string' && r.Target === 'worksheets/sheet2.xml')).toBe(true);
      expect(internals.properties?.model).toMatchObject({ date1904: false });
    } finally {
      await dir.cleanup();
    }
  });

  it('streaming reader: a row keeps its cells in an array by column, which eachCellOf visits like eachCell, a far one by its indexes', async () => {
    const dir = await tempDir();
    try {
      const file = join(dir.path, 'wide.xlsx');
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Ventas');
      sheet.addRow(['a', 2, null, 'd']);
      const wide = sheet.getRow(2);
      wide.getCell(1).value = 'F001';
      wide.getCell(3).value = 7;
      wide.getCell(16_384).value = 'nota';
      await workbook.xlsx.writeFile(file);

      const reader = new ExcelJS.stream.xlsx.WorkbookReader(createReadStream(file), { sharedStrings: 'cache', styles: 'cache', worksheets: 'emit' });
      const seen: { row: number; long: boolean; byEachCellOf: unknown[][]; byEachCell: unknown[][] }[] = [];
      for await (const value of reader) {
        for await (const row of streamedWorksheet(value)) {
          const byEachCellOf: unknown[][] = [];
          eachCellOf(row, (cell, column) => byEachCellOf.push([column, cell.value]));
          const byEachCell: unknown[][] = [];
          row.eachCell({ includeEmpty: false }, (cell, column) => byEachCell.push([column, cell.value]));
          const cells = (row as unknown as { _cells?: unknown })._cells;
          seen.push({ row: row.number, long: Array.isArray(cells) && cells.length === 16_384, byEachCellOf, byEachCell });
        }
      }
      expect(seen).toEqual([
        {
          row: 1,
          long: false,
          byEachCellOf: [
            [1, 'a'],
            [2, 2],
            [4, 'd'],
          ],
          byEachCell: [
            [1, 'a'],
            [2, 2],
            [4, 'd'],
          ],
        },
        {
          row: 2,
          long: true,
          byEachCellOf: [
            [1, 'F001'],
            [3, 7],
            [16_384, 'nota'],
          ],
          byEachCell: [
            [1, 'F001'],
            [3, 7],
            [16_384, 'nota'],
          ],
        },
      ]);
    } finally {
      await dir.cleanup();
    }
  });

  it('streaming reader: every part of the zip reaches exceljs through the stream _getStream gives, as a named stream', async () => {
    const dir = await tempDir();
    try {
      const file = join(dir.path, 'parts.xlsx');
      const workbook = new ExcelJS.Workbook();
      workbook.addWorksheet('Ventas').addRow(['a', 2]);
      await workbook.xlsx.writeFile(file);

      const reader = new ExcelJS.stream.xlsx.WorkbookReader(createReadStream(file), { sharedStrings: 'cache', styles: 'cache', worksheets: 'emit' });
      const seen: string[] = [];
      watchZipEntries(workbookReaderInternals(reader), (entry, zip) => {
        expect(typeof entry.pipe).toBe('function');
        expect(typeof zip.destroy).toBe('function');
        seen.push(entry.path);
      });
      for await (const value of reader) {
        for await (const _row of streamedWorksheet(value)) {
          // read through
        }
      }
      expect(seen).toEqual(expect.arrayContaining(['[Content_Types].xml', 'xl/workbook.xml', 'xl/sharedStrings.xml', 'xl/worksheets/sheet1.xml']));
    } finally {
      await dir.cleanup();
    }
  });

  it('a reader without one of those methods is refused, naming it', () => {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(new PassThrough(), {});
    (reader as unknown as Record<string, unknown>)['_parseStyles'] = undefined;
    expect(() => workbookReaderInternals(reader)).toThrow(/WorkbookReader\._parseStyles/);
    expect(() => streamedWorksheet({})).toThrow(/internals changed/);
  });

  it('streaming writer: the sheet list with its hole at 0, and the sheet stream piped once into its zip entry', async () => {
    const dir = await tempDir();
    try {
      const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: join(dir.path, 'w.xlsx') });
      const a = writer.addWorksheet('A');
      const b = writer.addWorksheet('B');
      const sheets = workbookWriterSheets(writer);
      expect(sheets?.list[0]).toBeUndefined();
      expect(sheets?.list.slice(1)).toEqual([a, b]);
      a.addRow(['x']).commit();
      const stream = worksheetWriterStream(a);
      expect(Array.isArray(stream?.pipes)).toBe(true);
      expect((stream?.pipes as unknown[]).length).toBe(1);
      a.commit();
      b.commit();
      await writer.commit();
    } finally {
      await dir.cleanup();
    }
  });

  it('streaming writer: a sheet writes its data straight into its stream, with style ids from the registry', async () => {
    const dir = await tempDir();
    try {
      const path = join(dir.path, 't.xlsx');
      const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useStyles: true });
      const sheet = writer.addWorksheet('T');
      sheet.addRow(['header']).commit();
      const { stream, addStyleModel } = tableWriterInternals(writer, sheet);
      const bold = addStyleModel({ font: { bold: true } }, ExcelJS.ValueType.String);
      expect(bold).toBeGreaterThan(0);
      stream.write(`<row r="2"><c r="A2" s="${bold}" t="inlineStr"><is><t>raw</t></is></c></row>`);
      sheet.commit();
      await writer.commit();
      const back = new ExcelJS.Workbook();
      await back.xlsx.readFile(path);
      const cell = back.getWorksheet('T')?.getCell('A2');
      expect(cell?.value).toBe('raw');
      expect(cell?.font?.bold).toBe(true);
    } finally {
      await dir.cleanup();
    }
  });

  it('streaming writer: a widened sheet stream hands its zip entry blocks of the new size, and the sheet reads back whole', async () => {
    const dir = await tempDir();
    try {
      const path = join(dir.path, 'w.xlsx');
      const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path });
      const sheet = writer.addWorksheet('T');
      sheet.addRow(['header']).commit();
      const { stream } = tableWriterInternals(writer, sheet);
      expect(widenSheetBlocks(sheet, 1024 * 1024)).toBe(true);
      const target = (worksheetWriterStream(sheet)?.pipes as { write: (chunk: Buffer, ...rest: unknown[]) => unknown }[])[0];
      const sizes: number[] = [];
      const write = target?.write.bind(target);
      if (target === undefined || write === undefined) throw new Error('no pipe target');
      target.write = (chunk, ...rest) => {
        sizes.push(chunk.length);
        return write(chunk, ...rest);
      };
      const rows = 30_000;
      for (let r = 2; r <= rows + 1; r += 1000) {
        let xml = '';
        for (let i = r; i < r + 1000; i++) xml += `<row r="${i}"><c r="A${i}" t="inlineStr"><is><t>fila ${i} ${'x'.repeat(60)}</t></is></c></row>`;
        stream.write(Buffer.from(xml));
      }
      sheet.commit();
      await writer.commit();
      expect(Math.max(...sizes)).toBe(1024 * 1024);
      const back = new ExcelJS.Workbook();
      await back.xlsx.readFile(path);
      expect(back.getWorksheet('T')?.rowCount).toBe(rows + 1);
      expect(back.getWorksheet('T')?.getCell(`A${rows + 1}`).value).toBe(`fila ${rows + 1} ${'x'.repeat(60)}`);
      expect(widenSheetBlocks(new ExcelJS.Workbook().addWorksheet('no stream'), 1024)).toBe(false);
    } finally {
      await dir.cleanup();
    }
  });

  it('a sheet whose header row is not committed yet is refused, naming the shape', () => {
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({});
    const sheet = writer.addWorksheet('T');
    expect(() => tableWriterInternals(writer, sheet)).toThrow(/WorksheetWriter\.startedData\/stream/);
  });
});
