/**
 * Generates fixtures/real-world/: sales sheets written the way Peruvian offices, ERPs and other
 * programs write them (issue 13), each by the producer that matters for it: SheetJS (@e965/xlsx)
 * for .xlsx, .xls (BIFF8) and .ods, exceljs where a feature needs it (merged cells, hidden rows,
 * an AutoFilter), and CSV/text files written byte by byte (Windows-1252, UTF-16, NBSP…).
 *
 * Beside the files it writes expected.json (what `validate` must give for each: exit code,
 * VALID/INVALID counts, problems at their row and column, the sheet's own invoice totals) and
 * README.md (the same as a table). test/sheet/real-world-sheets.test.ts runs `validate` on each.
 * Everything is computed from the model below, deterministically (fixed dates, no randomness).
 *
 * Run: `npx tsx scripts/make-real-world-fixtures.ts [dir]` (default: fixtures/real-world).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as XLSX from '@e965/xlsx';
import { Decimal } from 'decimal.js';
import ExcelJS from 'exceljs';
import { withRucCheckDigit } from '../src/invoice/rules/identity-document-rules.js';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');

/** One expected problem: its code, the sheet row, and the column as the results workbook names it. */
export interface ExpectedProblem {
  readonly code: string;
  readonly row?: number;
  readonly column?: string;
}

export interface RealWorldCase {
  readonly file: string;
  readonly producer: string;
  readonly what: string;
  /** Extra flags for `validate`. */
  readonly args?: readonly string[];
  /** 0 all valid, 1 some invalid, 2 the file is refused before any invoice. */
  readonly exit: 0 | 1 | 2;
  readonly valid: number;
  readonly invalid: number;
  /** Problems that must be in the results (Errores), or in the refusal message for exit 2. */
  readonly problems: readonly ExpectedProblem[];
  /** Exit 2: a text the Spanish message must contain. */
  readonly refusal?: string;
  /** The sheet's own total (with IGV) of each invoice, `F001-1` → "118.00", where the sheet has one. */
  readonly sheetTotals?: Readonly<Record<string, string>>;
}

const RUC_A = withRucCheckDigit('2051233379'); // 20512333797
const RUC_B = withRucCheckDigit('2049987320');
const RUC_C = withRucCheckDigit('2060457712');
const RUC_D = withRucCheckDigit('2045530981');

interface Line {
  readonly serie: string;
  readonly numero: number;
  readonly ruc: string;
  readonly nombre: string;
  readonly desc: string;
  readonly cant: string;
  readonly unidad: string;
  readonly precio: string;
  /** SUNAT code: 10 gravado, 20 exonerado. */
  readonly afect: string;
}

const line = (serie: string, numero: number, ruc: string, nombre: string, desc: string, cant: string, precio: string, unidad = 'NIU', afect = '10'): Line => ({
  serie,
  numero,
  ruc,
  nombre,
  desc,
  cant,
  unidad,
  precio,
  afect,
});

/** Three invoices (2 + 1 + 2 lines), the base of most sheets. */
const BASE: readonly Line[] = [
  line('F001', 101, RUC_A, 'Comercial Andina S.A.C.', 'Arroz extra bolsa 5 kg', '10', '18.50'),
  line('F001', 101, RUC_A, 'Comercial Andina S.A.C.', 'Aceite vegetal 1 L', '6', '9.90'),
  line('F001', 102, RUC_B, 'Agroexportadora Valle de Ica S.A.', 'Servicio de transporte Lima-Ica', '1', '850', 'ZZ'),
  line('F001', 103, RUC_C, 'Transportes Huancayo Express S.A.C.', 'Llanta 11R22.5', '4', '1120.00'),
  line('F001', 103, RUC_C, 'Transportes Huancayo Express S.A.C.', 'Aro de acero', '4', '310.40'),
];

const Dec = Decimal.clone({ precision: 50, rounding: Decimal.ROUND_HALF_UP });
const r2 = (d: Decimal): Decimal => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** A line's base, IGV and total, priced without IGV (or with it: `withIgv`). */
function amounts(l: Line, withIgv = false): { base: string; igv: string; total: string } {
  const rate = l.afect === '10' ? new Dec('0.18') : new Dec(0);
  const gross = new Dec(l.cant).times(l.precio);
  if (withIgv) {
    const total = r2(gross);
    const base = r2(gross.dividedBy(rate.plus(1)));
    return { base: base.toFixed(2), igv: total.minus(base).toFixed(2), total: total.toFixed(2) };
  }
  const base = r2(gross);
  const igv = r2(base.times(rate));
  return { base: base.toFixed(2), igv: igv.toFixed(2), total: base.plus(igv).toFixed(2) };
}

const keyOf = (l: Line): string => `${l.serie}-${l.numero}`;

/** Each invoice's total with IGV, as the sheet's own Total column would say. */
function invoiceTotals(lines: readonly Line[], withIgv = false): Record<string, string> {
  const sums = new Map<string, Decimal>();
  for (const l of lines) sums.set(keyOf(l), (sums.get(keyOf(l)) ?? new Dec(0)).plus(amounts(l, withIgv).total));
  return Object.fromEntries([...sums].map(([k, v]) => [k, v.toFixed(2)]));
}

const HEADER = ['Serie', 'Número', 'Fecha', 'RUC cliente', 'Razón social', 'Descripción', 'Cantidad', 'Unidad', 'Precio unitario', 'Afectación'];
const DATE_TEXT = '03/11/2026';
const DATE_SERIAL = 46329; // 2026-11-03 in Excel's 1900 system

type Aoa = (string | number | null | XLSX.CellObject)[][];

/** The rows as an array of arrays: invoice-level cells only on each invoice's first row. */
function aoaRows(
  lines: readonly Line[],
  options: { date?: 'serial' | 'text'; extra?: (l: Line, first: boolean) => (string | number | XLSX.CellObject | null)[]; fillDown?: boolean } = {},
): Aoa {
  const out: Aoa = [];
  let previous = '';
  for (const l of lines) {
    const first = keyOf(l) !== previous || options.fillDown === true;
    previous = keyOf(l);
    const date: string | number | XLSX.CellObject = options.date === 'text' ? DATE_TEXT : { t: 'n', v: DATE_SERIAL, z: 'dd/mm/yyyy' };
    out.push([
      first ? l.serie : null,
      first ? l.numero : null,
      first ? date : null,
      first ? l.ruc : null,
      first ? l.nombre : null,
      l.desc,
      Number(l.cant),
      l.unidad,
      Number(l.precio),
      l.afect,
      ...(options.extra?.(l, first) ?? []),
    ]);
  }
  return out;
}

function sheetjsBook(sheets: readonly { name: string; aoa: Aoa; hidden?: boolean; merges?: XLSX.Range[] }[]): XLSX.WorkBook {
  const book = XLSX.utils.book_new();
  for (const s of sheets) {
    const ws = XLSX.utils.aoa_to_sheet(s.aoa);
    if (s.merges !== undefined) ws['!merges'] = s.merges;
    XLSX.utils.book_append_sheet(book, ws, s.name);
  }
  book.Workbook = { Sheets: sheets.map((s) => ({ Hidden: s.hidden === true ? 1 : 0 })) };
  return book;
}

const writeBook = (book: XLSX.WorkBook, bookType: XLSX.BookType): Buffer => XLSX.write(book, { type: 'buffer', bookType }) as Buffer;

/** A CSV row: `;`-separated, quoted where needed. */
function csvLine(cells: readonly (string | number | null)[], sep = ';'): string {
  return cells
    .map((c) => {
      const t = c === null ? '' : String(c);
      return /["\n;,\t]/.test(t) && !(sep === '\t' && !/["\n\t]/.test(t)) ? `"${t.replace(/"/g, '""')}"` : t;
    })
    .join(sep);
}

const comma = (n: string): string => n.replace('.', ',');

/** How a CSV writes a line's quantity and unit price (default: Spanish Excel's decimal comma). */
interface CsvAmounts {
  readonly cant: (l: Line) => string;
  readonly precio: (l: Line) => string;
}
const DECIMAL_COMMA: CsvAmounts = { cant: (l) => comma(l.cant), precio: (l) => comma(l.precio) };

/** The CSV rows of the lines (text dates; amounts as `amounts` writes them: decimal comma by default). */
function csvRows(lines: readonly Line[], extra?: (l: Line, first: boolean) => (string | null)[], amounts: CsvAmounts = DECIMAL_COMMA): (string | null)[][] {
  let previous = '';
  return lines.map((l) => {
    const first = keyOf(l) !== previous;
    previous = keyOf(l);
    return [
      first ? l.serie : null,
      first ? String(l.numero) : null,
      first ? DATE_TEXT : null,
      first ? l.ruc : null,
      first ? l.nombre : null,
      l.desc,
      amounts.cant(l),
      l.unidad,
      amounts.precio(l),
      l.afect,
      ...(extra?.(l, first) ?? []),
    ];
  });
}

const HEADER_ROW = 1;
/** The sheet row of the n-th line (0-based) when the header is on row 1. */
const rowOfLine = (n: number, header = HEADER_ROW): number => header + 1 + n;

async function exceljsBook(build: (wb: ExcelJS.Workbook) => void, path: string): Promise<void> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  await wb.xlsx.writeFile(path);
}

export async function makeRealWorldFixtures(dir: string): Promise<RealWorldCase[]> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const cases: RealWorldCase[] = [];
  const put = async (c: RealWorldCase, bytes: Buffer | string): Promise<void> => {
    await writeFile(join(dir, c.file), bytes);
    cases.push(c);
  };
  const totals3 = invoiceTotals(BASE);

  // 1. A plain sheet from SheetJS, dates as date cells.
  await put(
    { file: '01-basico.xlsx', producer: 'SheetJS (xlsx)', what: 'Three invoices, Spanish headers, date cells', exit: 0, valid: 3, invalid: 0, problems: [] },
    writeBook(sheetjsBook([{ name: 'Ventas', aoa: [HEADER, ...aoaRows(BASE)] }]), 'xlsx'),
  );

  // 2. A totals row of =SUM formulas with TOTAL in the description column.
  {
    const rows = aoaRows(BASE);
    const last = rowOfLine(BASE.length - 1);
    const sum = (col: string, v: number): XLSX.CellObject => ({ t: 'n', v, f: `SUM(${col}2:${col}${last})` });
    const qty = BASE.reduce((a, l) => a + Number(l.cant), 0);
    const price = BASE.reduce((a, l) => a + Number(l.precio), 0);
    rows.push([null, null, null, null, null, 'TOTAL', sum('G', qty), null, sum('I', price), null]);
    await put(
      {
        file: '02-fila-total-formulas.xlsx',
        producer: 'SheetJS (xlsx)',
        what: 'A TOTAL row of =SUM formulas under the data',
        exit: 0,
        valid: 3,
        invalid: 0,
        problems: [{ code: 'TOTALS_ROW_SKIPPED', row: last + 1, column: 'Descripción' }],
      },
      writeBook(sheetjsBook([{ name: 'Ventas', aoa: [HEADER, ...rows] }]), 'xlsx'),
    );
  }

  // 3. exceljs: "TOTAL" in the serie column, sums as formulas with cached results.
  {
    const last = rowOfLine(BASE.length - 1);
    await exceljsBook(
      (wb) => {
        const ws = wb.addWorksheet('Ventas');
        ws.addRow(HEADER);
        for (const r of aoaRows(BASE, { date: 'text' })) ws.addRow(r);
        ws.addRow([
          'TOTAL',
          null,
          null,
          null,
          null,
          null,
          { formula: `SUM(G2:G${last})`, result: 25 },
          null,
          { formula: `SUM(I2:I${last})`, result: 2308.8 },
          null,
        ]);
      },
      join(dir, '03-total-en-serie.xlsx'),
    );
    cases.push({
      file: '03-total-en-serie.xlsx',
      producer: 'exceljs',
      what: '"TOTAL" written in the serie column of the sums row',
      exit: 0,
      valid: 3,
      invalid: 0,
      problems: [{ code: 'TOTALS_ROW_SKIPPED', row: last + 1, column: 'Serie' }],
    });
  }

  // 4. Spanish Excel CSV (Windows-1252, ;, decimal comma) with a "Suma total:" row.
  {
    const rows = csvRows(BASE);
    const text = [csvLine(HEADER), ...rows.map((r) => csvLine(r)), csvLine([null, null, null, null, 'Suma total:', null, '25', null, '2308,80', null])].join(
      '\r\n',
    );
    await put(
      {
        file: '04-suma-total.csv',
        producer: 'hand-made bytes (Windows-1252, ;)',
        what: 'A "Suma total:" row with plain numbers, Spanish Excel CSV',
        exit: 0,
        valid: 3,
        invalid: 0,
        problems: [{ code: 'TOTALS_ROW_SKIPPED', row: rowOfLine(BASE.length), column: 'Razón social' }],
      },
      Buffer.from(text, 'latin1'),
    );
  }

  // 5. A subtotal row under each invoice (an ERP's grouped report).
  {
    const rows: Aoa = [HEADER];
    const problems: ExpectedProblem[] = [];
    let previous = '';
    for (const [i, r] of aoaRows(BASE).entries()) {
      const l = BASE[i];
      if (l === undefined) continue;
      if (previous !== '' && keyOf(l) !== previous) {
        problems.push({ code: 'TOTALS_ROW_SKIPPED', row: rows.length + 1, column: 'Descripción' });
        rows.push([null, null, null, null, null, 'Subtotal', null, null, 0, null]);
      }
      previous = keyOf(l);
      rows.push(r);
    }
    problems.push({ code: 'TOTALS_ROW_SKIPPED', row: rows.length + 1, column: 'Descripción' });
    rows.push([null, null, null, null, null, 'Subtotal', null, null, 0, null]);
    await put(
      {
        file: '05-subtotales-por-factura.xlsx',
        producer: 'SheetJS (xlsx)',
        what: 'A Subtotal row after every invoice',
        exit: 0,
        valid: 3,
        invalid: 0,
        problems,
      },
      writeBook(sheetjsBook([{ name: 'Reporte', aoa: rows }]), 'xlsx'),
    );
  }

  // 6. Unit prices that include IGV, with the sheet's own Total column: 18% mismatches.
  {
    const header = [...HEADER.slice(0, 8), 'Precio unitario', 'Afectación', 'Total'];
    const rows = aoaRows(BASE, { extra: (l) => [Number(amounts(l, true).total)] });
    const firsts = [0, 2, 3].map((i) => rowOfLine(i));
    await put(
      {
        file: '06-precios-con-igv.xlsx',
        producer: 'SheetJS (xlsx)',
        what: "Prices already include IGV; the sheet's Total column says so",
        exit: 1,
        valid: 0,
        invalid: 3,
        problems: firsts.map((row) => ({ code: 'SHEET_TOTAL_MISMATCH_IGV', row, column: 'Total' })),
        sheetTotals: invoiceTotals(BASE, true),
      },
      writeBook(sheetjsBook([{ name: 'Ventas', aoa: [header, ...rows] }]), 'xlsx'),
    );
    // 7. The same sheet with --tipo-registro PRECIOS_CON_IGV: every invoice matches its Total.
    await put(
      {
        file: '07-precios-con-igv-bien-declarados.xlsx',
        producer: 'SheetJS (xlsx)',
        what: 'Same sheet, read with --tipo-registro PRECIOS_CON_IGV',
        args: ['--tipo-registro', 'PRECIOS_CON_IGV'],
        exit: 0,
        valid: 3,
        invalid: 0,
        problems: [],
        sheetTotals: invoiceTotals(BASE, true),
      },
      writeBook(sheetjsBook([{ name: 'Ventas', aoa: [header, ...rows] }]), 'xlsx'),
    );
  }

  // 8. Subtotal, IGV and Total per line, all consistent: valid, reconciled.
  {
    const header = [...HEADER, 'Subtotal', 'IGV', 'Total'];
    const rows = aoaRows(BASE, { extra: (l) => [Number(amounts(l).base), Number(amounts(l).igv), Number(amounts(l).total)] });
    await put(
      {
        file: '08-subtotal-igv-total-por-linea.xlsx',
        producer: 'SheetJS (xlsx)',
        what: 'Subtotal, IGV and Total per line, consistent',
        exit: 0,
        valid: 3,
        invalid: 0,
        problems: [],
        sheetTotals: totals3,
      },
      writeBook(sheetjsBook([{ name: 'Ventas', aoa: [header, ...rows] }]), 'xlsx'),
    );
  }

  // 9. The invoice total repeated on every row of the invoice (CSV, UTF-8, comma, point).
  {
    const header = [...HEADER, 'Importe total'];
    const rows = BASE.map((l, i) => [
      i === 0 || keyOf(BASE[i - 1] ?? l) !== keyOf(l) ? l.serie : '',
      i === 0 || keyOf(BASE[i - 1] ?? l) !== keyOf(l) ? String(l.numero) : '',
      '2026-11-03',
      l.ruc,
      l.nombre,
      l.desc,
      l.cant,
      l.unidad,
      l.precio,
      l.afect,
      totals3[keyOf(l)] ?? '',
    ]);
    await put(
      {
        file: '09-total-factura-repetido.csv',
        producer: 'hand-made bytes (UTF-8, comma)',
        what: 'The invoice total repeated on each of its rows',
        exit: 0,
        valid: 3,
        invalid: 0,
        problems: [],
        sheetTotals: totals3,
      },
      [header, ...rows].map((r) => csvLine(r, ',')).join('\n') + '\n',
    );
  }

  // 10. One invoice whose Total does not match (a typo), the others fine.
  {
    const header = [...HEADER, 'Total'];
    const rows = csvRows(BASE, (l) => [comma(l.desc.startsWith('Servicio') ? '1003.50' : amounts(l).total)]);
    await put(
      {
        file: '10-total-no-cuadra.csv',
        producer: 'hand-made bytes (Windows-1252, ;)',
        what: "One invoice's Total differs from its lines by a typo",
        exit: 1,
        valid: 2,
        invalid: 1,
        problems: [{ code: 'SHEET_TOTAL_MISMATCH', row: rowOfLine(2), column: 'Total' }],
        sheetTotals: { ...totals3, 'F001-102': '1003.50' },
      },
      Buffer.from([csvLine(header), ...rows.map((r) => csvLine(r))].join('\r\n'), 'latin1'),
    );
  }

  // 11-12. Merged cells on line columns: "Exonerado" and "Kg" written once for a block of lines.
  const MERGED: readonly Line[] = [
    line('F002', 7, RUC_D, 'Molinos del Norte S.A.', 'Arroz pilado (exonerado)', '100', '3.20', 'KGM', '20'),
    line('F002', 7, RUC_D, 'Molinos del Norte S.A.', 'Frijol canario', '50', '6.80', 'KGM', '20'),
    line('F002', 7, RUC_D, 'Molinos del Norte S.A.', 'Lenteja', '40', '5.10', 'KGM', '20'),
    line('F002', 8, RUC_A, 'Comercial Andina S.A.C.', 'Saco de polipropileno', '200', '0.85', 'NIU', '10'),
  ];
  const mergedTotals = invoiceTotals(MERGED);
  {
    const header = [...HEADER, 'Total'];
    const rows = aoaRows(MERGED, { extra: (l) => [Number(amounts(l).total)] });
    // Only the first row of each merge keeps its value, as in a real file.
    for (const r of rows.slice(1, 3)) {
      r[7] = null;
      r[9] = null;
    }
    await exceljsBook(
      (wb) => {
        const ws = wb.addWorksheet('Ventas');
        ws.addRow(header);
        for (const r of rows) ws.addRow(r.map((c) => (c !== null && typeof c === 'object' ? DATE_TEXT : c)));
        ws.mergeCells('H2:H4');
        ws.mergeCells('J2:J4');
      },
      join(dir, '11-combinadas-exceljs.xlsx'),
    );
    cases.push({
      file: '11-combinadas-exceljs.xlsx',
      producer: 'exceljs',
      what: 'Unit and "20" (exonerado) merged over three lines',
      exit: 0,
      valid: 2,
      invalid: 0,
      problems: [],
      sheetTotals: mergedTotals,
    });
    await put(
      {
        file: '12-combinadas-sheetjs.xlsx',
        producer: 'SheetJS (xlsx)',
        what: 'The same merges written by SheetJS',
        exit: 0,
        valid: 2,
        invalid: 0,
        problems: [],
        sheetTotals: mergedTotals,
      },
      writeBook(
        sheetjsBook([
          {
            name: 'Ventas',
            aoa: [header, ...rows],
            merges: [
              { s: { r: 1, c: 7 }, e: { r: 3, c: 7 } },
              { s: { r: 1, c: 9 }, e: { r: 3, c: 9 } },
            ],
          },
        ]),
        'xlsx',
      ),
    );
  }

  // 13. Hidden rows by hand: the whole second invoice hidden.
  {
    await exceljsBook(
      (wb) => {
        const ws = wb.addWorksheet('Ventas');
        ws.addRow(HEADER);
        for (const r of aoaRows(BASE, { date: 'text' })) ws.addRow(r);
        ws.getRow(rowOfLine(2)).hidden = true;
      },
      join(dir, '13-filas-ocultas.xlsx'),
    );
    cases.push({
      file: '13-filas-ocultas.xlsx',
      producer: 'exceljs',
      what: 'Invoice F001-102 hidden by hand',
      exit: 0,
      valid: 2,
      invalid: 0,
      problems: [{ code: 'HIDDEN_ROWS_SKIPPED', row: rowOfLine(2) }],
    });
    cases.push({
      file: '13-filas-ocultas.xlsx',
      producer: 'exceljs',
      what: 'The same, read with --incluir-ocultas',
      args: ['--incluir-ocultas'],
      exit: 0,
      valid: 3,
      invalid: 0,
      problems: [{ code: 'HIDDEN_ROW_READ', row: rowOfLine(2) }],
    });
  }

  // 14. An AutoFilter that hides one line of a visible invoice: that invoice is never sent half.
  {
    await exceljsBook(
      (wb) => {
        const ws = wb.addWorksheet('Ventas');
        ws.addRow(HEADER);
        for (const r of aoaRows(BASE, { date: 'text', fillDown: true })) ws.addRow(r);
        ws.autoFilter = `A1:J${rowOfLine(BASE.length - 1)}`;
        ws.getRow(rowOfLine(1)).hidden = true; // Aceite: filtered out, its invoice F001-101 stays visible
        ws.getRow(rowOfLine(2)).hidden = true; // F001-102: filtered out whole
      },
      join(dir, '14-autofiltro.xlsx'),
    );
    cases.push({
      file: '14-autofiltro.xlsx',
      producer: 'exceljs',
      what: 'AutoFilter hides a whole invoice and one line of another',
      exit: 1,
      valid: 1,
      invalid: 1,
      problems: [
        { code: 'HIDDEN_ROWS_IN_INVOICE', row: rowOfLine(0) },
        { code: 'HIDDEN_ROWS_SKIPPED', row: rowOfLine(1) },
      ],
    });
  }

  // 14b. The same filter written by SheetJS (row flags and autofilter in its own XML).
  {
    const ws = XLSX.utils.aoa_to_sheet([HEADER, ...aoaRows(BASE, { fillDown: true })]);
    ws['!rows'] = [];
    ws['!rows'][rowOfLine(1) - 1] = { hidden: true };
    ws['!rows'][rowOfLine(2) - 1] = { hidden: true };
    ws['!autofilter'] = { ref: `A1:J${rowOfLine(BASE.length - 1)}` };
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, ws, 'Ventas');
    await put(
      {
        file: '14b-autofiltro-sheetjs.xlsx',
        producer: 'SheetJS (xlsx)',
        what: 'The same filter, written by SheetJS',
        exit: 1,
        valid: 1,
        invalid: 1,
        problems: [
          { code: 'HIDDEN_ROWS_IN_INVOICE', row: rowOfLine(0) },
          { code: 'HIDDEN_ROWS_SKIPPED', row: rowOfLine(1) },
        ],
      },
      writeBook(book, 'xlsx'),
    );
  }

  // 15. An invoice whose total rounds to zero.
  {
    const lines = [BASE[0], line('F001', 104, RUC_B, 'Agroexportadora Valle de Ica S.A.', 'Muestra sin valor comercial', '1', '0.001')].filter(
      (l): l is Line => l !== undefined,
    );
    await put(
      {
        file: '15-factura-cero.csv',
        producer: 'hand-made bytes (UTF-8 BOM, ;)',
        what: 'An invoice that totals 0.00 once rounded',
        exit: 1,
        valid: 1,
        invalid: 1,
        problems: [{ code: 'INVOICE_TOTAL_ZERO', row: rowOfLine(1), column: 'Precio unitario' }],
      },
      '\ufeff' + [csvLine(HEADER), ...csvRows(lines).map((r) => csvLine(r))].join('\r\n'),
    );
  }

  // 16-17. Legacy Excel 97-2003 and LibreOffice ODS, by SheetJS.
  await put(
    {
      file: '16-excel-97-2003.xls',
      producer: 'SheetJS (BIFF8)',
      what: 'Legacy .xls ("Guardar como Excel 97-2003")',
      exit: 0,
      valid: 3,
      invalid: 0,
      problems: [],
    },
    writeBook(sheetjsBook([{ name: 'Ventas', aoa: [HEADER, ...aoaRows(BASE)] }]), 'biff8'),
  );
  await put(
    { file: '17-libreoffice.ods', producer: 'SheetJS (ODS)', what: 'LibreOffice .ods', exit: 0, valid: 3, invalid: 0, problems: [] },
    writeBook(sheetjsBook([{ name: 'Ventas', aoa: [HEADER, ...aoaRows(BASE)] }]), 'ods'),
  );

  // 18-19. Excel's "Texto Unicode": UTF-16LE with BOM, tab-separated; and without BOM, named .csv.
  {
    const text = [csvLine(HEADER, '\t'), ...csvRows(BASE).map((r) => csvLine(r, '\t'))].join('\r\n') + '\r\n';
    await put(
      {
        file: '18-texto-unicode.txt',
        producer: 'hand-made bytes (UTF-16LE + BOM, tab)',
        what: 'Excel "Texto Unicode"',
        exit: 0,
        valid: 3,
        invalid: 0,
        problems: [],
      },
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
    );
    await put(
      {
        file: '19-utf16-sin-bom.csv',
        producer: 'hand-made bytes (UTF-16LE, no BOM, tab)',
        what: 'UTF-16 without BOM, renamed .csv',
        exit: 0,
        valid: 3,
        invalid: 0,
        problems: [],
      },
      Buffer.from(text, 'utf16le'),
    );
  }

  // 20-21. Formats decided by content, not by name.
  await put(
    { file: '20-xls-llamado-csv.csv', producer: 'SheetJS (BIFF8)', what: 'An .xls renamed .csv', exit: 0, valid: 3, invalid: 0, problems: [] },
    writeBook(sheetjsBook([{ name: 'Ventas', aoa: [HEADER, ...aoaRows(BASE)] }]), 'biff8'),
  );
  await put(
    { file: '21-xlsx-llamado-xls.xls', producer: 'SheetJS (xlsx)', what: 'An .xlsx renamed .xls', exit: 0, valid: 3, invalid: 0, problems: [] },
    writeBook(sheetjsBook([{ name: 'Ventas', aoa: [HEADER, ...aoaRows(BASE)] }]), 'xlsx'),
  );

  // 22-23. Data on another sheet: the only candidate, or two of them.
  await put(
    {
      file: '22-datos-en-otra-hoja.xlsx',
      producer: 'SheetJS (xlsx)',
      what: 'First sheet is a cover page; the data is on "Ventas"',
      exit: 0,
      valid: 3,
      invalid: 0,
      problems: [{ code: 'DATA_ON_OTHER_SHEET' }],
    },
    writeBook(
      sheetjsBook([
        { name: 'Portada', aoa: [['Registro de ventas'], ['Empresa: Distribuidora Lima S.A.C.']] },
        { name: 'Ventas', aoa: [HEADER, ...aoaRows(BASE)] },
      ]),
      'xlsx',
    ),
  );
  await put(
    {
      file: '23-dos-hojas-con-datos.ods',
      producer: 'SheetJS (ODS)',
      what: 'Cover page plus two sheets with data',
      exit: 2,
      valid: 0,
      invalid: 0,
      problems: [],
      refusal: 'varias hojas sí: "Octubre", "Noviembre". Indique cuál leer con --sheet',
    },
    writeBook(
      sheetjsBook([
        { name: 'Portada', aoa: [['Registro de ventas 2026']] },
        { name: 'Octubre', aoa: [HEADER, ...aoaRows(BASE)] },
        { name: 'Noviembre', aoa: [HEADER, ...aoaRows(BASE)] },
      ]),
      'ods',
    ),
  );

  // 24. RUCs pasted from a web page: zero-width space, NBSP, soft hyphen.
  {
    const rows = csvRows(BASE);
    const dirty = ['\u200b', '\u00a0', '\u00ad'];
    let n = 0;
    const problems: ExpectedProblem[] = [];
    for (const [i, r] of rows.entries()) {
      if (r[3] === null || r[3] === undefined) continue;
      const mark = dirty[n++ % dirty.length] ?? '';
      r[3] = `${r[3].slice(0, 2)}${mark}${r[3].slice(2)}`;
      problems.push({ code: 'INVISIBLE_CHARACTER_REMOVED', row: rowOfLine(i), column: 'RUC cliente' });
    }
    await put(
      {
        file: '24-ruc-con-invisibles.csv',
        producer: 'hand-made bytes (UTF-8, ;)',
        what: 'RUCs with zero-width space, NBSP, soft hyphen',
        exit: 0,
        valid: 3,
        invalid: 0,
        problems,
      },
      [csvLine(HEADER), ...rows.map((r) => csvLine(r))].join('\n'),
    );
  }

  // 25. pandas' to_csv of a float column: 20455309817.0; one RUC in scientific notation with every
  // digit, one that lost digits.
  {
    const lines = [
      line('F003', 1, RUC_D, 'Molinos del Norte S.A.', 'Harina', '2', '45'),
      line('F003', 2, RUC_A, 'Comercial Andina S.A.C.', 'Azúcar', '3', '4.2'),
      line('F003', 3, RUC_B, 'Agroexportadora Valle de Ica S.A.', 'Uva', '5', '7'),
    ];
    const header = ['serie', 'numero', 'fechaEmision', 'receptorNumeroDocumento', 'receptorNombreLegal', 'descripcion', 'cantidad', 'valorVentaUnitario'];
    const ruc = [`${RUC_D}.0`, `${RUC_A.slice(0, 1)}.${RUC_A.slice(1)}E+10`, '2.04999E+10'];
    const rows = lines.map((l, i) => [l.serie, `${l.numero}.0`, '2026-11-03', ruc[i] ?? '', l.nombre, l.desc, `${l.cant}.0`, l.precio]);
    await put(
      {
        file: '25-pandas-floats.csv',
        producer: 'hand-made bytes (pandas to_csv style)',
        what: 'RUC 20455309817.0, one in full E+10, one that lost digits',
        exit: 1,
        valid: 2,
        invalid: 1,
        problems: [
          { code: 'SCIENTIFIC_NOTATION_READ', row: 3, column: 'receptorNumeroDocumento' },
          { code: 'SCIENTIFIC_NOTATION', row: 4, column: 'receptorNumeroDocumento' },
        ],
      },
      [header, ...rows].map((r) => csvLine(r, ',')).join('\n') + '\n',
    );
  }

  // 26. RUCs as number cells with a wrong check digit and one digit short: on the RUC's own column.
  {
    const rows = aoaRows(BASE);
    const first = rows[0];
    const third = rows[2];
    if (first !== undefined) first[3] = Number(RUC_A.slice(0, 10) + String((Number(RUC_A[10]) + 1) % 10));
    if (third !== undefined) third[3] = Number(RUC_B.slice(0, 10));
    await put(
      {
        file: '26-ruc-invalidos-numericos.xlsx',
        producer: 'SheetJS (xlsx)',
        what: 'RUCs typed as numbers: wrong check digit; one digit short',
        exit: 1,
        valid: 1,
        invalid: 2,
        problems: [
          { code: 'RUC_CHECK_DIGIT', row: rowOfLine(0), column: 'RUC cliente' },
          { code: 'RUC_FORMAT', row: rowOfLine(2), column: 'RUC cliente' },
        ],
      },
      writeBook(sheetjsBook([{ name: 'Ventas', aoa: [HEADER, ...rows] }]), 'xlsx'),
    );
  }

  // 27. A PDF named .xlsx, and an ERP's HTML "xls".
  await put(
    {
      file: '27-pdf-llamado-xlsx.xlsx',
      producer: 'hand-made bytes (PDF)',
      what: 'A PDF report saved with an .xlsx name',
      exit: 2,
      valid: 0,
      invalid: 0,
      problems: [],
      refusal: 'parece un documento PDF',
    },
    '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  );
  await put(
    {
      file: '28-html-de-erp.xls',
      producer: 'hand-made bytes (HTML table)',
      what: 'An ERP export that is an HTML table named .xls',
      exit: 2,
      valid: 0,
      invalid: 0,
      problems: [],
      refusal: 'parece una página web (HTML)',
    },
    `<html><head><meta charset="utf-8"></head><body><table><tr>${HEADER.map((h) => `<th>${h}</th>`).join('')}</tr></table></body></html>\n`,
  );

  // 29. Amounts with SUNAT's full digits: sent exactly as written.
  {
    const lines = [line('F004', 1, RUC_C, 'Transportes Huancayo Express S.A.C.', 'Contrato de obra', '1', '123456789.0123456789')];
    await put(
      {
        file: '29-decimales-exactos.csv',
        producer: 'hand-made bytes (UTF-8, ,)',
        what: 'A unit value with 10 decimals',
        exit: 0,
        valid: 1,
        invalid: 0,
        problems: [],
      },
      [csvLine(HEADER, ','), ...lines.map((l) => csvLine(['F004', '1', '2026-11-03', l.ruc, l.nombre, l.desc, l.cant, l.unidad, l.precio, l.afect], ','))].join(
        '\n',
      ) + '\n',
    );
  }

  // 30. «Importe» as the line's value without IGV, and an «IGV» column holding the rate: both agree.
  {
    const header = [...HEADER, 'IGV', 'Importe'];
    const rows = aoaRows(BASE, { extra: (l) => [18, Number(amounts(l).base)] });
    await put(
      {
        file: '30-importe-sin-igv-y-tasa.xls',
        producer: 'SheetJS (BIFF8)',
        what: '«Importe» without IGV per line; «IGV» holds the rate 18',
        exit: 0,
        valid: 3,
        invalid: 0,
        problems: [],
      },
      writeBook(sheetjsBook([{ name: 'Ventas', aoa: [header, ...rows] }]), 'biff8'),
    );
  }

  // 31. A CSV saved from Excel with the price and Total columns formatted as currency: the cells
  //     hold `S/ 1,234.50` and `US$ 850.00`. F001-103 is in soles but its prices say dollars.
  {
    const header = [...HEADER, 'Moneda', 'Total'];
    const moneda: Record<string, string> = { 'F001-101': 'PEN', 'F001-102': 'USD', 'F001-103': 'PEN' };
    const symbol = (l: Line): string => (keyOf(l) === 'F001-101' ? 'S/' : 'US$');
    const money = (l: Line, amount: string): string =>
      `${symbol(l)} ${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    const rows = csvRows(BASE, (l, first) => [first ? (moneda[keyOf(l)] ?? null) : null, money(l, amounts(l).total)], {
      cant: (l) => l.cant,
      precio: (l) => money(l, l.precio),
    });
    await put(
      {
        file: '31-precios-con-simbolo-de-moneda.csv',
        producer: 'hand-made bytes (UTF-8 BOM, ,)',
        what: 'Prices and totals formatted as currency (S/ 18.50, US$ 1,120.00); one invoice in soles priced in dollars',
        exit: 1,
        valid: 2,
        invalid: 1,
        problems: [
          { code: 'PRICE_CURRENCY_MISMATCH', row: rowOfLine(3), column: 'Precio unitario' },
          { code: 'PRICE_CURRENCY_MISMATCH', row: rowOfLine(4), column: 'Precio unitario' },
        ],
        sheetTotals: totals3,
      },
      '\ufeff' + [header, ...rows].map((r) => csvLine(r, ',')).join('\r\n') + '\r\n',
    );
  }

  // 32. A sales register as an ERP exports it: one «Comprobante» column holding the serie and the
  //     number together, padded to 8 digits and written on every row; one written «F001 - 00000103».
  {
    const header = ['Comprobante', ...HEADER.slice(2)];
    const key = (l: Line): string =>
      l.numero === 103 ? `${l.serie} - ${String(l.numero).padStart(8, '0')}` : `${l.serie}-${String(l.numero).padStart(8, '0')}`;
    await exceljsBook(
      (wb) => {
        const ws = wb.addWorksheet('Registro de ventas');
        ws.addRow(header);
        for (const [i, r] of aoaRows(BASE, { date: 'text', fillDown: true }).entries()) {
          const l = BASE[i] as Line;
          ws.addRow([key(l), ...r.slice(2)]);
        }
      },
      join(dir, '32-serie-y-numero-juntos.xlsx'),
    );
    cases.push({
      file: '32-serie-y-numero-juntos.xlsx',
      producer: 'exceljs',
      what: 'One «Comprobante» column with «F001-00000101» on every row (no serie and número columns)',
      exit: 0,
      valid: 3,
      invalid: 0,
      problems: [{ code: 'INVOICE_KEY_SPLIT', row: 1 }],
    });
  }

  // 33. A «Descuento» column: 0 on most lines, «10%» on F001-101's first and 25,00 on F001-103's
  //     last. The service takes no discount: those invoices must not go out at the full price.
  {
    const discounts = ['10%', '0', '0,00', '', '25,00'];
    const rows = csvRows(BASE, (l) => [discounts[BASE.indexOf(l)] ?? '']);
    await put(
      {
        file: '33-columna-descuento.csv',
        producer: 'hand-made bytes (UTF-8, ;)',
        what: 'A «Descuento» column with a discount on two lines (10% and 25,00), 0 or blank on the others',
        exit: 1,
        valid: 1,
        invalid: 2,
        problems: [
          { code: 'DISCOUNT_NOT_SENT', row: rowOfLine(0), column: 'Descuento' },
          { code: 'DISCOUNT_NOT_SENT', row: rowOfLine(4), column: 'Descuento' },
        ],
      },
      [csvLine([...HEADER, 'Descuento']), ...rows.map((r) => csvLine(r))].join('\r\n') + '\r\n',
    );
  }

  // 34. A system set up for the United States: comma-separated, decimal point, dates month first.
  //     Two of the three dates show it (13 and 16 November); 11/03/2026 must then be 3 November.
  {
    const dates = new Map([
      ['F001-101', '11/13/2026'],
      ['F001-102', '11/03/2026'],
      ['F001-103', '11/16/2026'],
    ]);
    const rows = csvRows(BASE, undefined, { cant: (l) => l.cant, precio: (l) => l.precio }).map((r, i) => {
      const l = BASE[i] as Line;
      return r.map((c, j) => (j === 2 && c !== null ? (dates.get(keyOf(l)) ?? c) : c));
    });
    await put(
      {
        file: '34-fechas-mes-primero.csv',
        producer: 'hand-made bytes (UTF-8, comma)',
        what: 'Dates written month first (11/13/2026, 11/03/2026), as a US-configured system exports them',
        exit: 0,
        valid: 3,
        invalid: 0,
        problems: [{ code: 'DATES_MONTH_FIRST', row: rowOfLine(0), column: 'Fecha' }],
      },
      [csvLine(HEADER, ','), ...rows.map((r) => csvLine(r, ','))].join('\r\n') + '\r\n',
    );
  }

  // 35. A register typed in an office: its own abbreviations for the headers, the number with its
  //     sign, the treatment with its rate, the currency with its code in parentheses, a price with
  //     the apostrophe of thousands. A fourth invoice says «Gravado 10%», a rate not applied here.
  {
    const treatments = ['Gravada 18%', 'Op. Gravada', 'Gravado (18%)', '10 - Gravado - Operación Onerosa', 'Gravada 18%'];
    const header = [
      'Serie',
      'Nº',
      'Fec. Emi.',
      'Nro. Doc. Cliente',
      'Señor(es)',
      'Descripción',
      'Cant.',
      'Und. Med.',
      'Precio Unit. s/IGV',
      'Tipo IGV',
      'Mon.',
    ];
    const rows = BASE.map((l, i) => {
      const first = i === 0 || keyOf(BASE[i - 1] as Line) !== keyOf(l);
      return [
        first ? l.serie : null,
        first ? `N° ${l.numero}` : null,
        first ? DATE_TEXT : null,
        first ? l.ruc : null,
        first ? l.nombre : null,
        l.desc,
        comma(l.cant),
        l.unidad === 'ZZ' ? 'Servicio' : 'Und',
        l.precio === '1120.00' ? "1'120,00" : comma(l.precio),
        treatments[i] ?? null,
        first ? 'Soles (PEN)' : null,
      ];
    });
    const extra = ['F001', 'N° 104', DATE_TEXT, RUC_A, 'Comercial Andina S.A.C.', 'Menú ejecutivo', '2', 'Und', '15,00', 'Gravado 10%', 'Soles (PEN)'];
    await put(
      {
        file: '35-abreviaturas-de-oficina.csv',
        producer: 'hand-made bytes (Windows-1252, ;)',
        what: "Office abbreviations (Fec. Emi., Señor(es), Tipo IGV…), «N° 101», «Gravada 18%», «Soles (PEN)», «1'120,00»; one invoice «Gravado 10%»",
        exit: 1,
        valid: 3,
        invalid: 1,
        problems: [{ code: 'UNKNOWN_CATALOGUE_VALUE', row: rowOfLine(BASE.length), column: 'Tipo IGV' }],
      },
      Buffer.from([csvLine(header), ...rows.map((r) => csvLine(r)), csvLine(extra)].join('\r\n') + '\r\n', 'latin1'),
    );
  }

  await writeFile(join(dir, 'expected.json'), `${JSON.stringify(cases, null, 2)}\n`);
  await writeFile(join(dir, 'README.md'), readme(cases));
  return cases;
}

function readme(cases: readonly RealWorldCase[]): string {
  const rows = cases.map((c) => {
    const expected = c.exit === 2 ? `refused (exit 2): «${c.refusal ?? ''}»` : `${c.valid} valid, ${c.invalid} invalid (exit ${c.exit})`;
    const problems =
      c.problems.map((p) => `${p.code}${p.row !== undefined ? ` @ row ${p.row}` : ''}${p.column !== undefined ? `, «${p.column}»` : ''}`).join('; ') || '—';
    return `| ${c.file} | ${c.args?.join(' ') ?? ''} | ${c.producer} | ${c.what} | ${expected} | ${problems} |`;
  });
  return [
    '# Real-world sales sheets',
    '',
    'Sheets written the way Peruvian offices, ERPs and other programs write them (issue 13), each by',
    'the producer that matters for it. Generated by `npx tsx scripts/make-real-world-fixtures.ts`',
    '(do not edit by hand); `expected.json` holds the same expectations as this table, and',
    '`test/sheet/real-world-sheets.test.ts` runs `validate` on each and checks exactly them, plus that',
    "no VALID invoice has a total different from the sheet's own total where the sheet has one.",
    '',
    '| file | flags | written by | what it is | `validate` must give | problems (code @ row, column) |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = resolve(process.argv[2] ?? join(ROOT, 'fixtures/real-world'));
  const cases = await makeRealWorldFixtures(dir);
  console.log(`${cases.length} cases written to ${dir}`);
}
