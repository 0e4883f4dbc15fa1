import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateSheet } from '../../src/index.js';
import { limaToday } from '../../src/invoice/lima-today.js';
import { isVoidedWord } from '../../src/invoice/voided-word.js';
import type { LineRecord } from '../../src/invoice/line-record.js';
import { readLineRecords } from '../../src/sheet/read-line-records.js';
import { allOf } from '../helpers/batches.js';
import { tempDir } from '../helpers/temp-dir.js';
import { rowsFromArrays } from './mapping/rows-from-arrays.js';
import { registerLine, REGISTER_HEADER } from './register-rows.js';

const HEADER = REGISTER_HEADER;
const line = registerLine;

async function read(rows: readonly (readonly string[])[]): Promise<{ records: LineRecord[]; ignored: string[] }> {
  const sheet = await readLineRecords(rowsFromArrays(rows));
  const records = await allOf(sheet.records);
  return { records, ignored: sheet.notes.filter((n) => n.code === 'UNKNOWN_COLUMNS').map((n) => n.value ?? '') };
}

describe('the words of a voided sale', () => {
  it.each(['ANULADO', 'Anulada', '*** ANULADO ***', '-- ANULADA --', ' anulado ', 'DE BAJA', 'Comunicado de baja', '(ANULADO)'])('«%s» is one', (text) => {
    expect(isVoidedWord(text)).toBe(true);
  });
  it.each(['Anulación de pedido 45', 'Comercial Anulados y Cía S.A.C.', 'Bajada de cable', 'EMITIDO', 'Aceptado', ''])('«%s» is not', (text) => {
    expect(isVoidedWord(text)).toBe(false);
  });
});

describe("a register's state column", () => {
  it('is read, not ignored: a row it marks voided is an error at that cell, in words that say what to do', async () => {
    const { records, ignored } = await read([
      [...HEADER, 'Estado', 'Zona'],
      [...line('1'), 'EMITIDO', 'Norte'],
      [...line('2'), 'ANULADO', 'Norte'],
      [...line('3'), '', 'Norte'],
    ]);
    expect(ignored).toEqual(['Zona']);
    expect(records.map((r) => r.problems.map((p) => `${p.code} ${p.row ?? ''} ${p.column ?? ''} ${p.value ?? ''}`))).toEqual([
      [],
      ['VOIDED_SALE 3 Estado ANULADO'],
      [],
    ]);
    expect(records[1]?.problems[0]?.message.es).toBe(
      'Fila 3, «Estado»: la hoja dice «ANULADO», es una venta anulada, y una venta anulada no se emite. Quite sus filas de la hoja; si no está anulada, corrija «Estado».',
    );
  });

  it('reads a column named «Anulado» as a yes or no', async () => {
    const { records } = await read([
      [...HEADER, 'Anulado'],
      [...line('1'), 'No'],
      [...line('2'), 'Sí'],
      [...line('3'), 'X'],
    ]);
    expect(records.map((r) => r.problems.map((p) => p.code))).toEqual([[], ['VOIDED_SALE'], ['VOIDED_SALE']]);
  });
});

describe('a voided sale through a whole check', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  beforeEach(async () => {
    dir = await tempDir('voided-');
  });
  afterEach(async () => dir.cleanup());

  it('holds each voided one, by the state column or by «ANULADO» where the name or the description goes, and lets the others through', async () => {
    const fecha = limaToday(Date.now());
    const rows = [
      [...HEADER, 'Situación'],
      [...line('101', { fecha }), 'Aceptado'],
      [...line('102', { fecha }), 'Anulado'],
      [...line('103', { fecha, nombre: '*** ANULADO ***' }), ''],
      [...line('104', { fecha, descripcion: 'ANULADA' }), ''],
      [...line('105', { fecha }), ''],
    ];
    const path = join(dir.path, 'registro.csv');
    await writeFile(path, rows.map((r) => r.join(';')).join('\r\n'));
    const summary = await validateSheet(path, { writeFiles: false });
    expect(summary.byStatus).toMatchObject({ VALID: 2, INVALID: 3 });
    expect(summary.firstProblems.map((p) => `${p.row ?? ''} ${p.column ?? ''}`)).toEqual(['3 Situación', '4 Razón social', '5 Descripción']);
    expect(summary.firstProblems[1]?.message).toBe(
      '«Razón social del cliente» dice «*** ANULADO ***»: es una venta anulada del registro, y una venta anulada no se emite. Quite sus filas de la hoja; si no está anulada, escriba aquí la razón social del cliente.',
    );
  });
});
