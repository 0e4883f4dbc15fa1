/**
 * XLSX files that only the whole-workbook reader (SheetJS, open-xlsx-rows.ts's fallback) reads:
 * xl/workbook.xml is stored after the zip's end record (exceljs's streaming pass never reaches it:
 * 6 incomplete passes, then SheetJS), and a part whose directory entry lies about its expanded size
 * is stored inside another (stored) part's data, so exceljs's pass never inflates it either.
 *
 *   npx tsx repro/make-fallback-bombs.ts repro/out [MiB]
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { SALES_HEADER, salesLine } from '../test/reliability/sales-sheet.js';
import { writeZip, type ZipPart } from '../test/reliability/zip-writer.js';

const MIB = 1024 * 1024;
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function cell(ref: string, value: string): string {
  return `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;
}
function col(i: number): string {
  return String.fromCharCode(65 + i);
}
function salesSheetXml(rows: number): string {
  const out = [`${XML}<worksheet xmlns="${MAIN}"><sheetData>`];
  out.push(`<row r="1">${SALES_HEADER.map((h, i) => cell(`${col(i)}1`, h)).join('')}</row>`);
  for (let r = 0; r < rows; r++) {
    out.push(
      `<row r="${r + 2}">${salesLine(r, 0, { invoices: 1, fecha: '2026-11-02' })
        .map((v, i) => cell(`${col(i)}${r + 2}`, v))
        .join('')}</row>`,
    );
  }
  out.push('</sheetData></worksheet>');
  return out.join('');
}

function parts(sheets: readonly string[], sheet1: ZipPart[], extra: ZipPart[]): ZipPart[] {
  const types = sheets
    .map(
      (_, i) =>
        `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    )
    .join('');
  return [
    {
      name: '[Content_Types].xml',
      data: `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${types}</Types>`,
    },
    {
      name: '_rels/.rels',
      data: `${XML}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `${XML}<Relationships xmlns="${RELS}">${sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('')}</Relationships>`,
    },
    ...sheet1,
    ...extra,
    {
      name: 'xl/workbook.xml',
      data: `${XML}<workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}"><sheets>${sheets.map((n, i) => `<sheet name="${n}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`,
      afterEnd: true,
    },
  ];
}

const junkRow = `<row>${cell('A1', 'a'.repeat(16))}</row>`;
function bombBody(): string {
  return junkRow.repeat(Math.floor(MIB / junkRow.length));
}

const dir = resolve(process.argv[2] ?? 'repro/out');
const expanded = Number(process.argv[3] ?? 400) * MIB;
await mkdir(dir, { recursive: true });
const body = bombBody();
const times = Math.floor(expanded / body.length);

// 0. control: the same workbook without a bomb (reaches the fallback, reads 3 sales).
await writeZip(join(dir, 'control.xlsx'), parts(['Ventas'], [{ name: 'xl/worksheets/sheet1.xml', data: salesSheetXml(3) }], []));

// A. a second sheet declared 1 MiB that expands to `expanded`.
await writeZip(
  join(dir, 'sheet2-declared-1mib.xlsx'),
  parts(
    ['Ventas', 'Resumen'],
    [{ name: 'xl/worksheets/sheet1.xml', data: salesSheetXml(3) }],
    [
      {
        name: 'xl/worksheets/sheet2.xml',
        repeated: { head: `${XML}<worksheet xmlns="${MAIN}"><sheetData>`, body, times, tail: '</sheetData></worksheet>' },
        declaredSize: MIB,
        enclosedIn: 'xl/media/image1.png',
      },
    ],
  ),
);

// B. a part nobody refers to, declared 0 bytes, that expands to `expanded`.
await writeZip(
  join(dir, 'part-declared-0.xlsx'),
  parts(
    ['Ventas'],
    [{ name: 'xl/worksheets/sheet1.xml', data: salesSheetXml(3) }],
    [{ name: 'xl/media/image2.emf', repeated: { head: '', body, times, tail: '' }, declaredSize: 0, enclosedIn: 'xl/media/image1.png' }],
  ),
);

// C. the sales sheet itself (2,000 sales, about 2.6 MB) declared at 1 MiB: cut, or refused?
//    A small decoy sheet is what exceljs's pass sees (so that it stops incomplete, not overrun).
const big = salesSheetXml(2000);
await writeZip(
  join(dir, 'sales-sheet-under-declared.xlsx'),
  parts(
    ['Ventas', 'Notas'],
    [
      { name: 'xl/worksheets/sheet1.xml', data: big, declaredSize: MIB, enclosedIn: 'xl/media/image1.png' },
      { name: 'xl/worksheets/sheet2.xml', data: `${XML}<worksheet xmlns="${MAIN}"><sheetData><row r="1">${cell('A1', 'nota')}</row></sheetData></worksheet>` },
    ],
    [],
  ),
);
console.log(
  `wrote to ${dir}: control.xlsx, sheet2-declared-1mib.xlsx, part-declared-0.xlsx (${expanded / MIB} MiB inflated), sales-sheet-under-declared.xlsx (${Buffer.byteLength(big)} bytes, declared ${MIB})`,
);
