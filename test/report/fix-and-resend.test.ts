import { writeFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localized } from '../../src/i18n/localized-text.js';
import { CANONICAL_COLUMNS } from '../../src/invoice/canonical-columns.js';
import type { InvoiceOutcome } from '../../src/invoice/invoice-outcome.js';
import { matchKey } from '../../src/invoice/match-key.js';
import { createFixList, FIX_NOTES_HEADER, writeFixAndResend } from '../../src/report/fix-and-resend.js';
import { openRowSource } from '../../src/sheet/open-row-source.js';
import { tempDir } from '../helpers/temp-dir.js';
import { readWithOpenpyxl, values } from './read-with-openpyxl.js';

const HEADER = ['Serie', 'Número', 'Fecha', 'RUC cliente', 'Razón social', 'Descripción', 'Cantidad', 'Precio unitario'];

function outcome(numero: string, rows: number[], status: InvoiceOutcome['status'], extra: Partial<InvoiceOutcome> = {}): InvoiceOutcome {
  return { serie: 'F001', numero, rows, status, problems: [], attempts: 0, ...extra };
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

  function fixList() {
    const list = createFixList({ locateColumn: (c) => (c === 'receptorNumeroDocumento' ? { header: 'RUC cliente', letter: 'D' } : undefined) });
    list.add(outcome('1', [3], 'ACCEPTED'));
    list.add(
      outcome('2', [4, 5], 'INVALID', {
        problems: [
          {
            severity: 'error',
            code: 'RUC_CHECK_DIGIT',
            row: 4,
            column: 'receptorNumeroDocumento',
            value: '20123456780',
            message: localized('Dígito verificador incorrecto.', 'Wrong check digit.'),
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
    );
    list.add(outcome('3', [6], 'REJECTED', { answer: { httpStatus: 400, codigo: '2800', mensaje: 'RUC no habido' } }));
    return list;
  }

  it('copies the input’s header and only the rows of invoices not accepted, cells as they were, with a notes column', async () => {
    const input = `${dir.path}/ventas.xlsx`;
    const out = `${dir.path}/ventas.corregir.xlsx`;
    await writeInput(input);
    const result = await writeFixAndResend({ path: out, source: await openRowSource(input), headerRow: 2, fixList: fixList() });
    expect(result).toEqual({ written: true, rows: 3 });

    const [sheet] = await readWithOpenpyxl(out);
    if (sheet === undefined) throw new Error('no sheet');
    expect(values(sheet, 0)).toEqual([...HEADER, 'Observaciones de la validación']);
    expect(sheet.rows).toHaveLength(4);
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
    await writeFixAndResend({ path: out, source: await openRowSource(input), headerRow: 2, fixList: fixList() });
    const rows = [];
    for await (const r of (await openRowSource(out)).rows) rows.push(r);
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
    const list = createFixList();
    list.add(outcome('1', [2], 'ACCEPTED'));
    list.add(outcome('2', [3], 'FAILED', { note: 'Sin respuesta del servicio' }));
    const out = `${dir.path}/ventas.corregir.xlsx`;
    await writeFixAndResend({ path: out, source: await openRowSource(input), headerRow: 1, fixList: list });
    const [sheet] = await readWithOpenpyxl(out);
    if (sheet === undefined) throw new Error('no sheet');
    expect(values(sheet, 0)).toEqual(['Serie', 'Número', 'RUC cliente', 'Precio unitario', 'Observaciones de la validación']);
    expect(values(sheet, 1)).toEqual(['F001', '2', '00123456780', '+10', 'ERROR; Sin respuesta del servicio']);
    expect(sheet.rows[1]?.map((c) => c.t)).toEqual(['s', 's', 's', 's', 's']);
    expect(sheet.rows).toHaveLength(2);
  });

  it('stops reading the input after the last row it has to copy', async () => {
    const input = `${dir.path}/ventas.csv`;
    const lines = ['Serie;Número;RUC cliente'];
    for (let n = 1; n <= 500; n++) lines.push(`F001;${n};20123456786`);
    await writeFile(input, lines.join('\n') + '\n', 'utf8');
    const list = createFixList();
    list.add(outcome('3', [4], 'INVALID'));
    list.add(outcome('10', [11], 'REJECTED'));
    const source = await openRowSource(input);
    const pulled: number[] = [];
    const counted = {
      ...source,
      rows: (async function* () {
        for await (const row of source.rows) {
          pulled.push(row.row);
          yield row;
        }
      })(),
    };
    const out = `${dir.path}/ventas.corregir.xlsx`;
    expect(await writeFixAndResend({ path: out, source: counted, headerRow: 1, fixList: list })).toEqual({ written: true, rows: 2 });
    expect(list.lastRow).toBe(11);
    expect(Math.max(...pulled)).toBe(12);
    const [sheet] = await readWithOpenpyxl(out);
    expect(sheet?.rows.map((r) => r[1]?.v)).toEqual(['Número', '3', '10']);
  });

  it('writes no file when every invoice was accepted or valid', async () => {
    const list = createFixList();
    list.add(outcome('1', [2], 'ACCEPTED'));
    list.add(outcome('2', [3], 'VALID'));
    const input = `${dir.path}/v.csv`;
    await writeFile(input, 'Serie;Número\nF001;1\nF001;2\n');
    expect(await writeFixAndResend({ path: `${dir.path}/v.corregir.xlsx`, source: await openRowSource(input), headerRow: 1, fixList: list })).toEqual({
      written: false,
      rows: 0,
    });
  });

  // Was a defect: exceljs's writer, given a file name it could not open, never reported it and the run hung.
  it('refuses a path that cannot be written with an OUTPUT error that names it, at once', async () => {
    const list = createFixList();
    list.add(outcome('2', [3], 'INVALID'));
    const input = `${dir.path}/v.csv`;
    await writeFile(input, 'Serie;Número\nF001;1\nF001;2\n');
    await writeFile(`${dir.path}/a-file`, 'not a folder');
    const path = `${dir.path}/a-file/v.corregir.xlsx`;
    const err: unknown = await writeFixAndResend({ path, source: await openRowSource(input), headerRow: 1, fixList: list }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'OUTPUT' });
    expect((err as Error).message).toContain(path);
  });

  it('replaces, not repeats, the notes column of a fix file that is fixed again', async () => {
    const input = `${dir.path}/v.corregir.csv`;
    await writeFile(input, 'Serie;Número;Observaciones de la validación\nF001;7;INVÁLIDO\n');
    const list = createFixList();
    list.add(outcome('7', [2], 'INVALID'));
    const out = `${dir.path}/v.corregir.corregir.xlsx`;
    await writeFixAndResend({ path: out, source: await openRowSource(input), headerRow: 1, fixList: list });
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
