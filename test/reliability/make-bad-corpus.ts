import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { SALES_HEADER, salesLine, type SalesSheetOptions } from './sales-sheet.js';
import { writeZip, type ZipPart } from './zip-writer.js';

/**
 * The hostile-input corpus. Small files are committed under fixtures/bad/ (rewritten by running
 * this script: `npx tsx test/reliability/make-bad-corpus.ts`); big ones are written by
 * writeBigBadFiles() into a temporary folder at test time. Data rows carry a fixed date
 * (`2026-11-02`) in the committed files, so their verdict never depends on the day they are read.
 */
export const FIXED_DATE = '2026-11-02';
const fixed: SalesSheetOptions = { invoices: 1, fecha: FIXED_DATE };

function csv(rows: readonly (readonly string[])[]): string {
  return stringify(rows.map((r) => [...r]));
}

/** A deterministic byte generator (mulberry32), so the junk files are the same every time. */
export function seededBytes(seed: number, length: number): Buffer {
  let a = seed >>> 0;
  const out = Buffer.alloc(length);
  for (let i = 0; i < length; i++) {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    out[i] = ((t ^ (t >>> 14)) >>> 0) & 0xff;
  }
  return out;
}

async function salesWorkbook(configure: (sheet: ExcelJS.Worksheet, book: ExcelJS.Workbook) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Ventas');
  configure(sheet, book);
  return Buffer.from(await book.xlsx.writeBuffer());
}

export async function writeSmallBadFiles(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const header = [...SALES_HEADER];
  const line = (i: number, l: number): string[] => salesLine(i, l, fixed);

  await writeFile(join(dir, 'empty.csv'), '');
  await writeFile(join(dir, 'bom-only.csv'), Buffer.from([0xef, 0xbb, 0xbf]));
  await writeFile(join(dir, 'header-only.csv'), csv([header]));
  await writeFile(join(dir, 'junk.csv'), seededBytes(1, 4096));
  await writeFile(join(dir, 'junk.xlsx'), seededBytes(2, 4096));

  // NUL bytes inside a cell and a whole row of NULs: a file damaged by a bad copy.
  const nulRow = line(1, 0).map((v, i) => (i === 8 ? `Prod\u0000ucto` : v));
  await writeFile(join(dir, 'nul-bytes.csv'), `${csv([header, line(0, 0)])}${'\u0000'.repeat(40)}\n${csv([nulRow])}`);

  // Two columns feeding `descripcion` («Descripción» and «Producto» are both its aliases).
  const dupHeader = header.map((h) => (h === 'codigoProducto' ? 'Producto' : h === 'descripcion' ? 'Descripción' : h));
  await writeFile(join(dir, 'duplicate-headers.csv'), csv([dupHeader, line(0, 0)]));
  // The same header name written twice.
  await writeFile(
    join(dir, 'repeated-header-name.csv'),
    csv([
      [...header, 'cantidad'],
      [...line(0, 0), '3'],
    ]),
  );

  // 39 rows of notes above the header (an ERP export's preamble), header in row 40.
  const notes = Array.from({ length: 39 }, (_, i) => [`Nota ${i + 1}: reporte de ventas generado por el sistema contable`]);
  await writeFile(join(dir, 'header-row-40.csv'), csv([...notes, header, line(0, 0), line(1, 0)]));

  // \r\n, \n and \r line endings mixed in one file: every row must still be read.
  const rows = [header, line(0, 0), line(0, 1), line(1, 0), line(2, 0)].map((r) => csv([r]).replace(/\n$/, ''));
  await writeFile(join(dir, 'mixed-endings.csv'), `${rows[0]}\r\n${rows[1]}\n${rows[2]}\r${rows[3]}\r\n${rows[4]}\n`);

  // A UTF-8 BOM, then Windows-1252 bytes (é = 0xE9, ñ = 0xF1) further down: the file lies.
  const cp1252 = Buffer.concat([
    Buffer.from([0xef, 0xbb, 0xbf]),
    Buffer.from(csv([header, line(0, 0)]), 'utf8'),
    Buffer.from(csv([line(1, 0).map((v, i) => (i === 5 ? 'Compa\u00f1\u00eda Andina S.A.C.' : v))]), 'latin1'),
  ]);
  await writeFile(join(dir, 'windows-1252-with-utf8-bom.csv'), cp1252);

  // Every cell a formula with no cached result (as a script-generated sheet never opened in Excel).
  await writeFile(
    join(dir, 'formula-only.xlsx'),
    await salesWorkbook((sheet) => {
      sheet.addRow(header);
      for (let r = 2; r <= 3; r++) sheet.addRow(header.map((_, c) => ({ formula: `ROW()*${c + 1}` })));
    }),
  );

  await writeFile(
    join(dir, 'only-hidden-sheets.xlsx'),
    await salesWorkbook((sheet, book) => {
      sheet.state = 'hidden';
      sheet.addRow(header);
      sheet.addRow(line(0, 0));
      const other = book.addWorksheet('Notas');
      other.state = 'veryHidden';
      other.addRow(['nada']);
    }),
  );

  const whole = await salesWorkbook((sheet) => {
    sheet.addRow(header);
    for (let i = 0; i < 40; i++) sheet.addRow(line(i, 0));
  });
  await writeFile(join(dir, 'truncated.xlsx'), whole.subarray(0, Math.floor(whole.length * 0.6)));
}

async function streamRows(path: string, rows: Iterable<readonly string[]>, tail = ''): Promise<void> {
  const out = createWriteStream(path);
  for (const row of rows) if (!out.write(csv([row]))) await once(out, 'drain');
  out.end(tail);
  await once(out, 'close');
}

export interface BigBadFiles {
  readonly unclosedQuoteAt50000: string;
  readonly oneMegabyteCell: string;
  readonly fiveThousandColumns: string;
  readonly tenThousandLines: string;
  readonly sharedStringsBomb: string;
  /** Its sheet expands to LYING_SHEET_EXPANDED_BYTES; its directory declares LYING_SHEET_DECLARED_BYTES. */
  readonly lyingSheetBomb: string;
}

/** Bytes the shared-strings part of the bomb expands to (1 GiB from about 1 MB on disk). */
export const BOMB_EXPANDED_BYTES = 1024 * 1024 * 1024;

/** What the sheet of the lying-directory bomb expands to (128 MiB from about 130 KB on disk) and what its directory declares (1 MiB). */
export const LYING_SHEET_EXPANDED_BYTES = 128 * 1024 * 1024;
export const LYING_SHEET_DECLARED_BYTES = 1024 * 1024;

export async function writeBigBadFiles(dir: string, options: { today: string }): Promise<BigBadFiles> {
  const header = [...SALES_HEADER];
  const today: SalesSheetOptions = { invoices: 1, fecha: options.today };
  const files: BigBadFiles = {
    unclosedQuoteAt50000: join(dir, 'unclosed-quote-row-50000.csv'),
    oneMegabyteCell: join(dir, 'one-megabyte-cell.csv'),
    fiveThousandColumns: join(dir, 'five-thousand-columns.csv'),
    tenThousandLines: join(dir, 'ten-thousand-lines.csv'),
    sharedStringsBomb: join(dir, 'shared-strings-bomb.xlsx'),
    lyingSheetBomb: join(dir, 'lying-sheet-bomb.xlsx'),
  };

  // Rows 2..49,999 valid; row 50,000 opens a quote that never closes; 20 more rows follow.
  function* quoted(): Generator<readonly string[]> {
    yield header;
    for (let r = 2; r < 50_000; r++) yield salesLine(r, 0, today);
  }
  const broken = csv([salesLine(50_000, 0, today)]).replace('Producto', '"Producto');
  const after = Array.from({ length: 20 }, (_, i) => csv([salesLine(50_001 + i, 0, today)])).join('');
  await streamRows(files.unclosedQuoteAt50000, quoted(), broken + after);

  const big = salesLine(0, 0, today).map((v, i) => (i === 8 ? 'x'.repeat(1024 * 1024) : v));
  await streamRows(files.oneMegabyteCell, [header, big, salesLine(1, 0, today)]);

  const extra = Array.from({ length: 5000 - header.length }, (_, i) => `extra${i + 1}`);
  const wide = (row: readonly string[]): string[] => [...row, ...extra.map((_, i) => String(i))];
  await streamRows(files.fiveThousandColumns, [[...header, ...extra], wide(salesLine(0, 0, today)), wide(salesLine(1, 0, today))]);

  function* lines(): Generator<readonly string[]> {
    yield header;
    for (let l = 0; l < 10_000; l++) yield salesLine(0, l, today);
  }
  await streamRows(files.tenThousandLines, lines());

  await writeSharedStringsBomb(files.sharedStringsBomb, BOMB_EXPANDED_BYTES);
  await writeLyingSheetBomb(files.lyingSheetBomb, LYING_SHEET_EXPANDED_BYTES, LYING_SHEET_DECLARED_BYTES);
  return files;
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** The parts before the sheet of a one-sheet workbook («Ventas»): the list of sheets and its relationships first. */
function workbookParts(sharedStrings: boolean): ZipPart[] {
  const stringsType =
    '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>';
  const stringsRel = `<Relationship Id="rId2" Type="${DOC_RELS}/sharedStrings" Target="sharedStrings.xml"/>`;
  return [
    {
      name: '[Content_Types].xml',
      data: `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>${sharedStrings ? stringsType : ''}</Types>`,
    },
    {
      name: '_rels/.rels',
      data: `${XML}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      data: `${XML}<workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}"><sheets><sheet name="Ventas" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `${XML}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet1.xml"/>${sharedStrings ? stringsRel : ''}</Relationships>`,
    },
  ];
}

/**
 * A well-formed XLSX whose xl/sharedStrings.xml (placed before the sheet, so a streaming reader
 * must take it in first) expands to `expandedBytes` of 1,000-character strings.
 */
export async function writeSharedStringsBomb(path: string, expandedBytes: number): Promise<void> {
  const item = `<si><t>${'A'.repeat(1000)}</t></si>`;
  const body = item.repeat(Math.floor((1024 * 1024) / item.length));
  const times = Math.max(1, Math.floor(expandedBytes / body.length));
  const count = times * Math.floor((1024 * 1024) / item.length);
  await writeZip(path, [
    ...workbookParts(true),
    { name: 'xl/sharedStrings.xml', repeated: { head: `${XML}<sst xmlns="${MAIN}" count="${count}" uniqueCount="${count}">`, body, times, tail: '</sst>' } },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: `${XML}<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row></sheetData></worksheet>`,
    },
  ]);
}

/**
 * An XLSX whose only sheet (no shared strings, so a streaming reader such as exceljs's must keep the
 * sheet aside until its pass over the zip ends) expands to about `expandedBytes`, while its zip
 * directory declares `declaredBytes` for it: the directory's check passes, and only counting what
 * is really decompressed stops it.
 */
export async function writeLyingSheetBomb(path: string, expandedBytes: number, declaredBytes: number): Promise<void> {
  const cell = '<c t="inlineStr"><is><t>aaaaaaaaaaaaaaaa</t></is></c>';
  const body = cell.repeat(Math.floor((1024 * 1024) / cell.length));
  const header = SALES_HEADER.map((h) => `<c t="inlineStr"><is><t>${h}</t></is></c>`).join('');
  await writeZip(path, [
    ...workbookParts(false),
    {
      name: 'xl/worksheets/sheet1.xml',
      repeated: {
        head: `${XML}<worksheet xmlns="${MAIN}"><sheetData><row r="1">${header}</row><row r="2">`,
        body,
        times: Math.max(1, Math.floor(expandedBytes / body.length)),
        tail: '</row></sheetData></worksheet>',
      },
      declaredSize: declaredBytes,
    },
  ]);
}

if (import.meta.url === pathToFileURL(resolve(process.argv[1] ?? '')).href) {
  const dir = resolve(process.argv[2] ?? 'fixtures/bad');
  await writeSmallBadFiles(dir);
  console.log(`wrote the small hostile files to ${dir}`);
}

/**
 * An XLSX that only a reader going by the zip's directory reads whole (SheetJS, the fallback of
 * open-xlsx-rows.ts): its list of sheets is stored after the zip's end record, which exceljs's
 * pass over the zip never reaches, so every pass is incomplete. Its sheet «Ventas» holds `sales`
 * valid sales of FIXED_DATE. With `salesDeclaredSize`, the directory declares that for the sheet,
 * which is then stored inside another part (exceljs's pass sees a small sheet «Notas» instead);
 * `hidden` parts are stored so too: exceljs's pass never inflates them, only the whole read does.
 */
export async function writeWholeReadWorkbook(path: string, options: { sales: number; salesDeclaredSize?: number; hidden?: readonly ZipPart[] }): Promise<void> {
  const ref = (column: number, row: number): string => `${String.fromCharCode(65 + column)}${row}`;
  const cells = (values: readonly string[], row: number): string =>
    `<row r="${row}">${values.map((v, c) => `<c r="${ref(c, row)}" t="inlineStr"><is><t>${v}</t></is></c>`).join('')}</row>`;
  const rows = [cells(SALES_HEADER, 1), ...Array.from({ length: options.sales }, (_, i) => cells(salesLine(i, 0, fixed), i + 2))];
  const sheet = `${XML}<worksheet xmlns="${MAIN}"><sheetData>${rows.join('')}</sheetData></worksheet>`;
  const declared = options.salesDeclaredSize;
  const lying = declared !== undefined;
  const names = lying ? ['Ventas', 'Notas'] : ['Ventas'];
  const types = names
    .map(
      (_, i) =>
        `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    )
    .join('');
  await writeZip(path, [
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
      data: `${XML}<Relationships xmlns="${RELS}">${names.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('')}</Relationships>`,
    },
    declared !== undefined
      ? { name: 'xl/worksheets/sheet1.xml', data: sheet, declaredSize: declared, enclosedIn: 'xl/media/image1.png' }
      : { name: 'xl/worksheets/sheet1.xml', data: sheet },
    ...(lying ? [{ name: 'xl/worksheets/sheet2.xml', data: `${XML}<worksheet xmlns="${MAIN}"><sheetData>${cells(['nota'], 1)}</sheetData></worksheet>` }] : []),
    ...(options.hidden ?? []).map((part, i) => ({ ...part, enclosedIn: `xl/media/image${i + 2}.png` })),
    {
      name: 'xl/workbook.xml',
      data: `${XML}<workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}"><sheets>${names.map((n, i) => `<sheet name="${n}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`,
      afterEnd: true,
    },
  ]);
}
