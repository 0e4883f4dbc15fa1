/**
 * Baseline: exceljs's streaming WorkbookReader reads the first sheet, rows only, no work. Same reader
 * options as the project's XLSX reader (shared strings and styles cached: date cells need their
 * number formats), so the ratio measures our work, not a different configuration.
 * Usage: node --import tsx bench/raw-xlsx.ts FILE   → prints {"rows":N,"firstRowMs":T}
 */
import { createReadStream } from 'node:fs';
import ExcelJS from 'exceljs';

const file = process.argv[2];
if (file === undefined) throw new Error('usage: raw-xlsx.ts FILE');
const reader = new ExcelJS.stream.xlsx.WorkbookReader(createReadStream(file), {
  sharedStrings: 'cache',
  styles: 'cache',
  hyperlinks: 'ignore',
  worksheets: 'emit',
  entries: 'ignore',
});
let rows = 0;
let firstRowMs: number | undefined;
for await (const sheet of reader) {
  for await (const _row of sheet) {
    rows += 1;
    firstRowMs ??= process.uptime() * 1000;
  }
  break; // the first sheet is the one the generator wrote
}
console.log(JSON.stringify({ rows, firstRowMs: Math.round(firstRowMs ?? 0) }));
