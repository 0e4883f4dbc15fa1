import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { previewSheet } from '../../../src/api/preview-sheet.js';
import { FacturaError } from '../../../src/factura-error.js';
import type { LineRecord } from '../../../src/invoice/line-record.js';
import { readLineRecords } from '../../../src/sheet/read-line-records.js';
import { splitInvoiceKey } from '../../../src/sheet/split-invoice-key.js';
import { allOf } from '../../helpers/batches.js';
import { rowsFromArrays } from './rows-from-arrays.js';

const REST = ['Fecha', 'RUC cliente', 'Razón social', 'Descripción', 'Cantidad', 'Valor unitario'];
const rest = (description: string): string[] => ['20/11/2026', '20512333797', 'Comercial Andina S.A.C.', description, '2', '18.50'];

/** serie, numero and the problems' codes and columns of each record. */
function keys(records: readonly LineRecord[]): { row: number; serie?: string; numero?: string; problems: string[] }[] {
  return records.map((r) => ({
    row: r.row,
    ...(r.values.serie !== undefined ? { serie: r.values.serie } : {}),
    ...(r.values.numero !== undefined ? { numero: r.values.numero } : {}),
    problems: r.problems.map((p) => `${p.code}@${p.column ?? ''}`),
  }));
}

describe('splitting «F001-00000123» into serie and number', () => {
  it('reads the forms ERPs and registers write', () => {
    expect(splitInvoiceKey('F001-00000123')).toEqual({ serie: 'F001', numero: '00000123' });
    expect(splitInvoiceKey(' F001 - 123 ')).toEqual({ serie: 'F001', numero: '123' });
    expect(splitInvoiceKey('FA01–7')).toEqual({ serie: 'FA01', numero: '7' });
    expect(splitInvoiceKey('F001 45')).toEqual({ serie: 'F001', numero: '45' });
    expect(splitInvoiceKey('0001-45')).toEqual({ serie: '0001', numero: '45' });
  });

  it('refuses anything else rather than guess', () => {
    for (const text of ['123', 'F001', 'F001-', 'F01-123', 'F0001-123', 'F001-123456789', 'F001/123', 'F001-12A', '01-F001-123']) {
      expect(splitInvoiceKey(text), text).toBeUndefined();
    }
  });
});

describe('a column holding serie and number together', () => {
  it('is found under the number header when the sheet has no serie column, and each cell is read apart', async () => {
    const src = rowsFromArrays([
      ['N° comprobante', ...REST],
      ['F001-00000123', ...rest('Arroz')],
      ['F001-00000123', ...rest('Azúcar')],
      ['="F001-00000124"', ...rest('Aceite')],
      ['F001 / 125', ...rest('Fideos')],
      [12, ...rest('Leche')],
    ]);
    const sheet = await readLineRecords(src);
    expect(sheet.header.columns.serie).toEqual({ index: 0, header: 'N° comprobante', letter: 'A' });
    expect(sheet.header.columns.numero).toEqual(sheet.header.columns.serie);
    expect(sheet.notes).toEqual([
      expect.objectContaining({
        severity: 'warning',
        code: 'INVOICE_KEY_SPLIT',
        row: 1,
        message: {
          es: 'La columna «N° comprobante» (A) trae la serie y el número juntos (como «F001-00000123»): se leen por separado.',
          en: 'Column «N° comprobante» (A) holds the serie and the number together (as «F001-00000123»): they are read apart.',
        },
      }),
    ]);
    expect(keys(await allOf(sheet.records))).toEqual([
      { row: 2, serie: 'F001', numero: '123', problems: [] },
      { row: 3, serie: 'F001', numero: '123', problems: [] },
      { row: 4, serie: 'F001', numero: '124', problems: [] },
      { row: 5, problems: ['INVOICE_KEY_NOT_SPLIT@serie'] },
      { row: 6, problems: ['INVOICE_KEY_NOT_SPLIT@serie'] },
    ]);
  });

  it('names the cell and says what is expected when one does not split', async () => {
    const sheet = await readLineRecords(
      rowsFromArrays([
        ['Comprobante', ...REST],
        ['F001-1', ...rest('Arroz')],
        ['F001_2', ...rest('Azúcar')],
      ]),
    );
    const [, bad] = await allOf(sheet.records);
    expect(bad?.problems).toEqual([
      {
        severity: 'error',
        code: 'INVOICE_KEY_NOT_SPLIT',
        row: 3,
        column: 'serie',
        value: 'F001_2',
        message: {
          es: 'Fila 3, Serie y número: «F001_2» no trae la serie y el número como «F001-00000123» (4 letras o dígitos, un guion y el número).',
          en: 'Row 3, Serie and number: «F001_2» does not hold the serie and the number as «F001-00000123» (4 letters or digits, a hyphen and the number).',
        },
      },
    ]);
  });

  it('is found under headers such as «Comprobante» or «Serie-Número», which are otherwise unknown', async () => {
    for (const header of ['Comprobante', 'Serie-Número', 'Serie y número', 'Factura']) {
      const sheet = await readLineRecords(
        rowsFromArrays([
          [header, ...REST],
          ['F002-9', ...rest('Arroz')],
        ]),
      );
      expect(sheet.header.columns.serie?.header, header).toBe(header);
      expect(keys(await allOf(sheet.records))).toEqual([{ row: 2, serie: 'F002', numero: '9', problems: [] }]);
    }
  });

  it('stays a number column when its first value is a plain number, and the missing serie is reported', async () => {
    const err = await readLineRecords(
      rowsFromArrays([
        ['N° comprobante', ...REST],
        ['123', ...rest('Arroz')],
      ]),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FacturaError);
    expect((err as FacturaError).text.es).toContain('Faltan columnas obligatorias');
    expect((err as FacturaError).text.es).toContain('serie (Serie)');
  });

  it('is found beside a register’s «Nº» counter, both named as the number: the counter is ignored and said to be', async () => {
    // A sales register: a running «Nº» (1, 2, 3…) first, then «N° Comprobante» with the invoice.
    const sheet = await readLineRecords(
      rowsFromArrays([
        ['Nº', 'N° Comprobante', ...REST],
        ['1', 'F001-00000801', ...rest('Arroz')],
        ['2', 'F001-00000801', ...rest('Azúcar')],
        ['3', 'F001-00000802', ...rest('Aceite')],
      ]),
    );
    expect(sheet.header.columns.serie).toEqual({ index: 1, header: 'N° Comprobante', letter: 'B' });
    expect(sheet.header.columns.numero).toEqual(sheet.header.columns.serie);
    expect(sheet.header.unknown).toEqual([{ index: 0, header: 'Nº', letter: 'A' }]);
    expect(keys(await allOf(sheet.records))).toEqual([
      { row: 2, serie: 'F001', numero: '801', problems: [] },
      { row: 3, serie: 'F001', numero: '801', problems: [] },
      { row: 4, serie: 'F001', numero: '802', problems: [] },
    ]);
    expect(sheet.notes.map((n) => n.message.es)).toEqual(
      expect.arrayContaining([expect.stringContaining('«N° Comprobante» (B) trae la serie y el número juntos'), expect.stringContaining('«Nº» (A)')]),
    );
  });

  it('is found among two columns named as the customer’s document, by its invoice key: the other stays the customer’s', async () => {
    // A legacy register: «Nro Doc» holds the invoice («F001-00000101»), «RUC» the customer; both headers name a customer document.
    const sheet = await readLineRecords(
      rowsFromArrays([
        ['Nro Doc', 'Fecha', 'RUC', 'Razón social', 'Descripción', 'Cantidad', 'Valor unitario'],
        ['F001-00000101', ...rest('Arroz')],
      ]),
    );
    expect(sheet.header.columns.serie).toEqual({ index: 0, header: 'Nro Doc', letter: 'A' });
    expect(sheet.header.columns.numero).toEqual(sheet.header.columns.serie);
    expect(sheet.header.columns.receptorNumeroDocumento).toEqual({ index: 2, header: 'RUC', letter: 'C' });
    const [record] = await allOf(sheet.records);
    expect(record?.values).toMatchObject({ serie: 'F001', numero: '101', receptorNumeroDocumento: '20512333797' });
    // One such column alone is the customer's: its invoice-like value is the customer document check's to report.
    const alone = await readLineRecords(
      rowsFromArrays([
        ['Nro Doc', ...REST.slice(0, 1), ...REST.slice(2)],
        ['F001-00000101', '20/11/2026', 'Comercial Andina S.A.C.', 'Arroz', '2', '18.50'],
      ]),
    ).catch((e: unknown) => e);
    expect(alone).toBeInstanceOf(FacturaError);
  });

  it('is left alone when the sheet has its own serie column', async () => {
    const sheet = await readLineRecords(
      rowsFromArrays([
        ['Serie', 'N° comprobante', ...REST],
        ['F001', '123', ...rest('Arroz')],
      ]),
    );
    expect(sheet.header.columns.numero?.header).toBe('N° comprobante');
    expect(sheet.notes.map((n) => n.code)).not.toContain('INVOICE_KEY_SPLIT');
    expect(keys(await allOf(sheet.records))).toEqual([{ row: 2, serie: 'F001', numero: '123', problems: [] }]);
  });

  it('is split too when a mapping file names one column for both', async () => {
    const src = rowsFromArrays([
      ['Doc', ...REST],
      ['F003-0000045', ...rest('Arroz')],
    ]);
    const sheet = await readLineRecords(src, { mapping: { serie: 'Doc', numero: 'Doc' } });
    expect(sheet.notes.map((n) => n.code)).toContain('INVOICE_KEY_SPLIT');
    expect(keys(await allOf(sheet.records))).toEqual([{ row: 2, serie: 'F003', numero: '45', problems: [] }]);
  });
});

describe("the preview of such a sheet (the web workspace's columns step)", () => {
  it('shows the column feeding both fields, and nothing missing', async () => {
    const preview = await previewSheet(join(import.meta.dirname, '../../../fixtures/real-world/32-serie-y-numero-juntos.xlsx'));
    expect(preview.columns[0]).toMatchObject({ letter: 'A', header: 'Comprobante', sample: 'F001-00000101', column: 'serie,numero' });
    expect(preview.missing).toEqual([]);
    expect(preview.notes.map((n) => n.code)).toContain('INVOICE_KEY_SPLIT');
  });
});
