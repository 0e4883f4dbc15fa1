import ExcelJS from 'exceljs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FacturaError, previewSheet, validateSheet } from '../../src/index.js';
import { limaToday } from '../../src/invoice/lima-today.js';
import type { LineRecord } from '../../src/invoice/line-record.js';
import { documentKindOf } from '../../src/sheet/document-kind-word.js';
import { readLineRecords } from '../../src/sheet/read-line-records.js';
import type { ColumnMapping } from '../../src/sheet/column-mapping.js';
import { allOf } from '../helpers/batches.js';
import { tempDir } from '../helpers/temp-dir.js';
import { rowsFromArrays } from './mapping/rows-from-arrays.js';
import { registerLine, REGISTER_HEADER } from './register-rows.js';

/** A sales register as offices keep it, the document's kind beside it. */
const HEADER = REGISTER_HEADER;
const line = (numero: string): string[] => registerLine(numero);

async function read(rows: readonly (readonly (string | number)[])[], mapping?: ColumnMapping) {
  const sheet = await readLineRecords(rowsFromArrays(rows), mapping === undefined ? {} : { mapping });
  const records: LineRecord[] = await allOf(sheet.records);
  return {
    records,
    columns: Object.fromEntries(Object.entries(sheet.header.columns).map(([name, c]) => [name, c?.header])),
    notes: sheet.notes.map((n) => `${n.code} ${n.value ?? ''}`),
    errors: records.map((r) => r.problems.map((p) => `${p.code} ${p.row ?? ''} ${p.column ?? ''} ${p.value ?? ''}`)),
  };
}

describe('the words of a kind of document', () => {
  it.each([
    ['FT', 'factura'],
    ['Factura electrónica', 'factura'],
    ['BV', 'boleta'],
    ['BOLETA DE VENTA', 'boleta'],
    ['N/C', 'notaCredito'],
    ['Nota de Crédito', 'notaCredito'],
    ['ND', 'notaDebito'],
    ['TK', 'ticket'],
    ['RHE', 'honorarios'],
  ])('«%s» is a %s', (text, kind) => {
    expect(documentKindOf(text, false)).toBe(kind);
  });

  it('reads SUNAT codes only where a code cannot be a customer document type', () => {
    expect(['01', '03', '07', '08', '1', '12'].map((t) => documentKindOf(t, true))).toEqual([
      'factura',
      'boleta',
      'notaCredito',
      'notaDebito',
      'factura',
      'ticket',
    ]);
    expect(['01', '6', '1'].map((t) => documentKindOf(t, false))).toEqual([undefined, undefined, undefined]);
  });

  it.each([
    ['07 - Nota de crédito', 'notaCredito'],
    ['01 - Factura', 'factura'],
    ['N. Crédito', 'notaCredito'],
    ['NOTA CRED.', 'notaCredito'],
    ['NCE', 'notaCredito'],
    ['BOLETA ELECTRONICA', 'boleta'],
    ['Nota de Débito Electrónica', 'notaDebito'],
  ])('«%s», as ERPs export it, is a %s', (text, kind) => {
    expect(documentKindOf(text, false)).toBe(kind);
  });

  it.each(['RUC', 'DNI', 'CE', '6', 'F', 'B', 'Pasaporte', ''])('«%s» is none by word', (text) => {
    expect(documentKindOf(text, false)).toBeUndefined();
  });
});

describe("a register's document-kind column", () => {
  it('is read, not ignored: a boleta, a credit note and a debit note are errors at that cell; an invoice, by word or code, is not', async () => {
    const { errors, notes, records } = await read([
      [...HEADER, 'Tipo de comprobante', 'Zona'],
      [...line('1'), 'FT', 'Norte'],
      [...line('2'), 'BV', 'Norte'],
      [...line('3'), '07', 'Norte'],
      [...line('4'), 1, 'Norte'],
      [...line('5'), 'Nota de débito', 'Norte'],
      [...line('6'), '', 'Norte'],
    ]);
    expect(notes).toEqual(['UNKNOWN_COLUMNS Zona']);
    expect(errors).toEqual([
      [],
      ['NOT_AN_INVOICE 3 Tipo de comprobante BV'],
      ['NOT_AN_INVOICE 4 Tipo de comprobante 07'],
      [],
      ['NOT_AN_INVOICE 6 Tipo de comprobante Nota de débito'],
      [],
    ]);
    expect(records[2]?.problems[0]?.message.es).toBe(
      'Fila 4, «Tipo de comprobante»: la hoja dice «07», una nota de crédito, y esta herramienta solo emite facturas: enviada, se emitiría como factura con su serie y número. Emita la nota de crédito aparte, referida a la factura que corrige. Quite sus filas de la hoja; si es una factura, corrija «Tipo de comprobante».',
    );
  });

  // A register's «TD» or SUNAT's «Tipo (Tabla 10)» was ignored with the other columns: its credit note «07 FC01-12» was issued as a factura.
  it.each(['TD', 'T.D.', 'Tipo', 'Tipo (Tabla 10)'])('reads a short «%s» as the kind when its values are kinds', async (header) => {
    const { errors } = await read([
      [...HEADER, header],
      [...line('1'), '01'],
      [...line('2'), '07'],
    ]);
    expect(errors).toEqual([[], [`NOT_AN_INVOICE 3 ${header} 07`]]);
  });

  it('leaves a short «Tipo» unread when its values are no kinds of document', async () => {
    const { errors, notes } = await read([
      [...HEADER, 'Tipo'],
      [...line('1'), 'Contado'],
      [...line('2'), 'Crédito'],
    ]);
    expect(errors).toEqual([[], []]);
    expect(notes).toContain('UNKNOWN_COLUMNS Tipo');
  });

  it('holds a row whose kind it does not know: only what says factura is sent', async () => {
    const { errors, records } = await read([
      [...HEADER, 'Tipo de comprobante'],
      [...line('1'), '01 - Factura'],
      [...line('2'), 'Doc. interno'],
    ]);
    expect(errors).toEqual([[], ['DOCUMENT_KIND_UNKNOWN 3 Tipo de comprobante Doc. interno']]);
    expect(records[1]?.problems[0]?.message.es).toContain('que no es un tipo de comprobante que se reconozca');
  });

  it('leaves «Tipo doc.» the customer’s when it holds customer type codes beside a type column in words: refused as two columns, as before', async () => {
    const rows = [
      ['Tipo doc.', ...HEADER, 'Tipo doc. identidad'],
      ['6', ...line('1'), 'RUC'],
      ['4', ...line('2'), 'CE'],
    ];
    const error = await read(rows).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FacturaError);
    expect((error as FacturaError).text.es).toContain('dos columnas corresponden a la misma columna');
  });

  it('takes «Tipo doc.» as the kind when the customer has a type column of its own: codes count there, and the run says which reading it took', async () => {
    const { columns, errors, notes, records } = await read([
      ['Tipo doc.', ...HEADER, 'Tipo doc. cliente'],
      ['01', ...line('1'), '6'],
      ['03', ...line('2'), '6'],
    ]);
    expect(columns['receptorTipoDocumento']).toBe('Tipo doc. cliente');
    expect(records.map((r) => r.values.receptorTipoDocumento)).toEqual(['6', '6']);
    expect(notes).toEqual(['DOCUMENT_KIND_COLUMN Tipo doc.']);
    expect(errors).toEqual([[], ['NOT_AN_INVOICE 3 Tipo doc. 03']]);
  });

  it('takes a lone «Tipo doc.» as the kind when it holds kinds by word, and as the customer type when it holds types', async () => {
    const kinds = await read([
      ['TIPO DOC.', ...HEADER],
      ['FT', ...line('1')],
      ['NC', ...line('2')],
    ]);
    expect(kinds.columns['receptorTipoDocumento']).toBeUndefined();
    expect(kinds.errors).toEqual([[], ['NOT_AN_INVOICE 3 TIPO DOC. NC']]);
    expect(kinds.notes).toEqual(['DOCUMENT_KIND_COLUMN TIPO DOC.']);

    const types = await read([
      ['TIPO DOC.', ...HEADER],
      ['RUC', ...line('1')],
      [6, ...line('2')],
    ]);
    expect(types.columns['receptorTipoDocumento']).toBe('TIPO DOC.');
    expect(types.errors).toEqual([[], []]);
    expect(types.notes).toEqual([]);
  });

  it('keeps «Tipo doc.» as the customer type when a mapping file says so, whatever it holds', async () => {
    const { columns, errors, notes, records } = await read(
      [
        ['Tipo doc.', ...HEADER],
        ['FT', ...line('1')],
      ],
      { receptorTipoDocumento: 'Tipo doc.' },
    );
    expect(columns['receptorTipoDocumento']).toBe('Tipo doc.');
    expect(records[0]?.values.receptorTipoDocumento).toBe('FT');
    expect(notes).toEqual([]);
    expect(errors).toEqual([[]]);
  });
});

describe('a register of invoices, receipts and credit notes through a whole check', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  beforeEach(async () => {
    dir = await tempDir('document-kind-');
  });
  afterEach(async () => dir.cleanup());

  /** An ERP's report under a company block: «TIPO DOC.» is the document's, «TIPO DOC. CLIENTE» and «NÚMERO DOC.» the customer's. */
  async function writeRegister(path: string): Promise<void> {
    const fecha = limaToday(Date.now());
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Ventas');
    ws.addRow(['COMERCIAL ANDINA S.A.C.']);
    ws.addRow(['RUC: 20100070970']);
    ws.addRow(['REGISTRO DE VENTAS']);
    ws.addRow([]);
    ws.addRow(['FECHA', 'TIPO DOC.', 'SERIE', 'NÚMERO', 'TIPO DOC. CLIENTE', 'NÚMERO DOC.', 'CLIENTE', 'DESCRIPCIÓN', 'CANT.', 'VALOR UNIT.']);
    ws.addRow([fecha, 'FT', 'F001', 101, 6, '20601030013', 'DISTRIBUIDORA NORTE S.A.C.', 'Arroz extra 50kg', 2, 150]);
    ws.addRow([fecha, 'FT', 'F001', 101, 6, '20601030013', 'DISTRIBUIDORA NORTE S.A.C.', 'Azúcar rubia 50kg', 1, 180]);
    ws.addRow([fecha, 'NC', 'F001', 7, 6, '20100047218', 'BANCO DE CREDITO DEL PERU', 'Devolución aceite', 1, 95.5]);
    ws.addRow([fecha, 'FT', 'F001', 102, 6, '20100047218', 'BANCO DE CREDITO DEL PERU', 'Aceite vegetal caja', 3, 95.5]);
    await wb.xlsx.writeFile(path);
  }

  it('sends nothing but the invoices: the credit note is held at its cell, and the sheet is not refused for two «Tipo doc.» columns', async () => {
    const path = join(dir.path, 'registro.xlsx');
    await writeRegister(path);
    const summary = await validateSheet(path, { writeFiles: false, emisor: { ruc: '20100070970', nombreLegal: 'Comercial Andina S.A.C.' } });
    expect(summary.byStatus).toMatchObject({ VALID: 2, INVALID: 1 });
    const held = summary.firstProblems.filter((p) => p.severity === 'error');
    expect(held.map((p) => `${p.row ?? ''} ${p.letter ?? ''} ${p.column ?? ''}`)).toEqual(['8 B TIPO DOC.']);
    expect(held[0]?.message).toContain('la hoja dice «NC», una nota de crédito');
  });

  it('shows the workspace the column as checked, and the customer document as found', async () => {
    const path = join(dir.path, 'registro.xlsx');
    await writeRegister(path);
    const preview = await previewSheet(path);
    expect(preview.missing).toEqual([]);
    expect(
      preview.columns
        .filter((c) => c.checks !== undefined || c.header.startsWith('TIPO') || c.header.startsWith('NÚMERO'))
        .map((c) => [c.header, c.column ?? c.checks]),
    ).toEqual([
      ['TIPO DOC.', 'kind'],
      ['NÚMERO', 'numero'],
      ['TIPO DOC. CLIENTE', 'receptorTipoDocumento'],
      ['NÚMERO DOC.', 'receptorNumeroDocumento'],
    ]);
  });
});

describe('a register whose kind column is headed «TD», through a whole check and a preview', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  beforeEach(async () => {
    dir = await tempDir('document-kind-td-');
  });
  afterEach(async () => dir.cleanup());

  it('holds the credit note at its «TD» cell, and shows the workspace the column as checked', async () => {
    const [y, m, d] = limaToday(Date.now()).split('-');
    const fecha = `${d ?? ''}/${m ?? ''}/${y ?? ''}`;
    const path = join(dir.path, 'registro.csv');
    const rows = [
      'Registro de Ventas;;;;;;;',
      'Fecha;TD;Serie;Número;RUC;Razón social;Concepto;Valor venta',
      `${fecha};01;F001;00001702;20100047218;Banco de Crédito del Perú;Asesoría contable;2.500,00`,
      `${fecha};07;FC01;00000012;20100047218;Banco de Crédito del Perú;Descuento por volumen;100,00`,
    ];
    await writeFile(path, rows.join('\r\n'), 'utf8');
    const summary = await validateSheet(path, { writeFiles: false, emisor: { ruc: '20100070970', nombreLegal: 'Comercial Andina S.A.C.' } });
    expect(summary.byStatus).toMatchObject({ VALID: 1, INVALID: 1 });
    const held = summary.firstProblems.filter((p) => p.severity === 'error');
    expect(held.map((p) => `${p.row ?? ''} ${p.letter ?? ''} ${p.column ?? ''}`)).toEqual(['4 B TD']);
    const preview = await previewSheet(path);
    expect(preview.columns.find((c) => c.header === 'TD')?.checks).toBe('kind');
  });
});
