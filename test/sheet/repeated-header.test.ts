import { describe, expect, it } from 'vitest';
import type { LineRecord } from '../../src/invoice/line-record.js';
import { readLineRecords } from '../../src/sheet/read-line-records.js';
import { allOf } from '../helpers/batches.js';
import { rowsFromArrays } from './mapping/rows-from-arrays.js';
import { registerLine, REGISTER_HEADER } from './register-rows.js';

/**
 * Two exports pasted one under the other, a report printed with its header on every page and the
 * page's sum carried over («VAN», «VIENEN»): read as lines, the repeated header's «Serie» and
 * «Número» made the invoice above invalid with six errors about cells that were only the header's
 * words, and the carried sums became lines (a review's 33-encabezado-repetido.csv, 20-reporte-paginado.xlsx).
 */
async function read(rows: readonly (readonly (string | number)[])[]) {
  const sheet = await readLineRecords(rowsFromArrays(rows));
  const records: LineRecord[] = await allOf(sheet.records);
  return records.map((r) =>
    r.skipped === true ? `skipped ${r.problems.map((p) => p.code).join(' ')}` : `${r.values.numero ?? ''} ${r.problems.map((p) => p.code).join(' ')}`.trim(),
  );
}

describe('rows that repeat the header, or carry a page’s sum', () => {
  it('passes over a header repeated below, with a note, and reads the invoices around it', async () => {
    expect(await read([REGISTER_HEADER, registerLine('1'), REGISTER_HEADER, registerLine('2')])).toEqual(['1', 'skipped HEADER_ROW_REPEATED', '2']);
  });

  it('knows the header again however its words are written: capitals, accents', async () => {
    const shouted = REGISTER_HEADER.map((h) => h.toUpperCase().normalize('NFD').replace(/\p{M}/gu, ''));
    expect(await read([REGISTER_HEADER, registerLine('1'), shouted, registerLine('2')])).toEqual(['1', 'skipped HEADER_ROW_REPEATED', '2']);
  });

  it('passes over «VAN» and «VIENEN» rows as it does a totals row', async () => {
    const carried = (word: string): string[] => ['', '', '', '', '', word, '', '1850.00'];
    expect(await read([REGISTER_HEADER, registerLine('1'), carried('VAN'), carried('VIENEN'), registerLine('2')])).toEqual([
      '1',
      'skipped TOTALS_ROW_SKIPPED',
      'skipped TOTALS_ROW_SKIPPED',
      '2',
    ]);
  });

  it('passes over a page’s title rows repeated below, their page number changed', async () => {
    const title = (page: number): (string | number)[] => ['COMERCIAL ANDINA S.A.C.', '', '', '', '', '', '', `Página ${page} de 2`];
    const report = ['REPORTE DE VENTAS DEL 01/11/2026 AL 30/11/2026'];
    expect(await read([title(1), report, REGISTER_HEADER, registerLine('1'), title(2), report, REGISTER_HEADER, registerLine('2')])).toEqual([
      '1',
      'skipped HEADER_ROW_REPEATED',
      'skipped HEADER_ROW_REPEATED',
      'skipped HEADER_ROW_REPEATED',
      '2',
    ]);
  });

  it('reads as a line a row whose description only starts with a header’s word, or names «Serie» as a product', async () => {
    expect(await read([REGISTER_HEADER, registerLine('1'), registerLine('2', { descripcion: 'Serie' })])).toEqual(['1', '2']);
  });
});
