import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FacturaError } from '../../src/factura-error.js';
import { decideGrouping, invoiceKey, rowKeyOf } from '../../src/invoice/grouping-decision.js';
import { createInvoiceGrouper } from '../../src/invoice/invoice-grouper.js';
import type { Problem } from '../../src/invoice/problem.js';
import { cont, group, invoices, line, records } from './grouped-rows.js';
import type { Values } from './invoice-fixtures.js';

/** The error a reader gives a key cell it could not read (the cell is then absent from the row's values). */
function keyCellRefused(row: number, column: 'serie' | 'numero', value: string, code: Problem['code']): Problem {
  return { severity: 'error', code, row, column, value, message: { es: `«${value}» no se pudo leer`, en: `"${value}" could not be read` } };
}

describe('grouping decision (pure)', () => {
  const key = rowKeyOf({ serie: 'F001', numero: '12' });
  it.each([
    [
      'a blank key before any invoice is an orphan',
      { kind: 'start' } as const,
      rowKeyOf({}),
      undefined,
      false,
      { action: 'start-orphan', reason: 'before-first-invoice' },
    ],
    ['a blank key inside an invoice continues it', { kind: 'invoice', key: 'F001-12' } as const, rowKeyOf({}), undefined, false, { action: 'continue' }],
    [
      'half a key starts an orphan',
      { kind: 'invoice', key: 'F001-12' } as const,
      rowKeyOf({ serie: 'F001' }),
      undefined,
      false,
      { action: 'start-orphan', reason: 'partial-key' },
    ],
    ['the same key continues', { kind: 'invoice', key: 'F001-12' } as const, key, undefined, false, { action: 'continue' }],
    ['a new key starts an invoice', { kind: 'invoice', key: 'F001-11' } as const, key, undefined, false, { action: 'start-invoice' }],
    [
      'a finished key reappears',
      { kind: 'invoice', key: 'F001-11' } as const,
      key,
      { first: 2, last: 3 },
      false,
      { action: 'reappeared', earlier: { first: 2, last: 3 } },
    ],
    ['a finished key merges under mergeSplit', { kind: 'invoice', key: 'F001-11' } as const, key, { first: 2, last: 3 }, true, { action: 'merge' }],
  ])('%s', (_name, state, rowKey, known, merge, expected) => {
    expect(decideGrouping(state, rowKey, known, merge)).toEqual(expected);
  });

  it('compares keys without case and without leading zeros in the number', () => {
    expect(invoiceKey('f001', '0012')).toBe(invoiceKey('F001', '12'));
  });
});

describe('groupInvoices', () => {
  it('groups consecutive rows with the same serie/numero into one invoice', async () => {
    const items = await group([line('F001', '1'), line('F001', '1'), line('F001', '2')]);
    expect(items.map((i) => [i.kind, i.rows])).toEqual([
      ['invoice', [2, 3]],
      ['invoice', [4]],
    ]);
    expect(invoices(items)[0]?.lines.map((l) => l.row)).toEqual([2, 3]);
  });

  it('fills invoice-level values down from the first row onto blank continuation rows', async () => {
    const [inv] = invoices(await group([line('F001', '1', { receptorNombreLegal: 'ACME SAC', moneda: 'USD' }), cont(), cont()]));
    expect(inv?.rows).toEqual([2, 3, 4]);
    expect(inv?.header.receptorNombreLegal).toBe('ACME SAC');
    expect(inv?.header.moneda).toBe('USD');
    expect(inv?.problems).toEqual([]);
  });

  it('takes an invoice-level value given only on a later row of the invoice', async () => {
    const [inv] = invoices(await group([line('F001', '1'), cont({ receptorCorreo: 'a@b.pe' })]));
    expect(inv?.header.receptorCorreo).toBe('a@b.pe');
  });

  it('accepts a continuation row repeating the same value, and enum values written differently', async () => {
    const [inv] = invoices(
      await group([line('F001', '1', { receptorNombreLegal: 'ACME', moneda: 'Soles' }), line('F001', '1', { receptorNombreLegal: 'ACME', moneda: 'SOLES' })]),
    );
    expect(inv?.problems).toEqual([]);
  });

  it('reports a continuation row that repeats a value differently, naming both rows and the column', async () => {
    const [inv] = invoices(await group([line('F001', '1', { receptorNombreLegal: 'ACME SAC' }), cont(), cont({ receptorNombreLegal: 'OTRA SAC' })]));
    expect(inv?.rows).toEqual([2, 3, 4]);
    expect(inv?.problems).toHaveLength(1);
    const p = inv?.problems[0];
    expect(p).toMatchObject({ severity: 'error', code: 'CONFLICTING_INVOICE_VALUE', row: 4, column: 'receptorNombreLegal', value: 'OTRA SAC' });
    expect(p?.message.es).toContain('fila 4');
    expect(p?.message.es).toContain('fila 2');
    expect(p?.message.es).toContain('ACME SAC');
    expect(p?.message.en).toContain('row 2');
    // A row without serie and number that names another customer is most often another sale: that fix is named first.
    expect(p?.message.es).toBe(
      '«Razón social del cliente» dice «OTRA SAC» en la fila 4, pero la fila 2 de la misma factura dice «ACME SAC». La fila 4 no tiene serie ni número, así que se leyó como otra línea de la factura de arriba: si es otra venta, escriba su serie y su número. Un dato de la factura debe ser igual en todas sus filas (o dejarse en blanco en las siguientes).',
    );
  });

  it('does not suggest a missing number when the row repeats the serie and the number', async () => {
    const [inv] = invoices(await group([line('F001', '1', { receptorNombreLegal: 'ACME SAC' }), line('F001', '1', { receptorNombreLegal: 'OTRA SAC' })]));
    expect(inv?.problems[0]?.message.es).not.toContain('no tiene serie ni número');
  });

  it('names two different issue dates as the sheet shows them', async () => {
    const [inv] = invoices(await group([line('F001', '1', { fechaEmision: '2026-11-03' }), cont({ fechaEmision: '2026-11-04' })]));
    expect(inv?.problems[0]?.message.es).toContain('dice «04/11/2026» en la fila 3, pero la fila 2 de la misma factura dice «03/11/2026»');
  });

  it('continues the invoice above on rows whose serie and numero are both blank (merged cells)', async () => {
    const items = await group([line('F001', '1'), cont(), line('F001', '2'), cont(), cont()]);
    expect(items.map((i) => i.rows)).toEqual([
      [2, 3],
      [4, 5, 6],
    ]);
  });

  it('reports blank-key rows before any invoice as orphan rows, one problem per row', async () => {
    const items = await group([cont(), cont(), line('F001', '1')]);
    expect(items[0]).toMatchObject({ kind: 'orphan', rows: [2, 3] });
    expect(items[0]?.problems.map((p) => [p.code, p.row])).toEqual([
      ['ROW_WITHOUT_INVOICE', 2],
      ['ROW_WITHOUT_INVOICE', 3],
    ]);
    expect(items[1]).toMatchObject({ kind: 'invoice', rows: [4] });
  });

  it('reports a row with only one of serie/numero, and keeps its continuation rows out of the invoice above', async () => {
    const items = await group([line('F001', '1'), { serie: 'F001', descripcion: 'x' }, cont(), line('F001', '2')]);
    expect(items.map((i) => [i.kind, i.rows])).toEqual([
      ['invoice', [2]],
      ['orphan', [3, 4]],
      ['invoice', [5]],
    ]);
    expect(items[1]?.problems.map((p) => [p.code, p.row, p.column, p.value])).toEqual([
      ['INCOMPLETE_INVOICE_KEY', 3, 'numero', 'F001'],
      ['ROW_WITHOUT_INVOICE', 4, 'serie', ''],
    ]);
    // The invoice right above may be missing that line: it is held (an error on its last row), the one below is not.
    const [above, below] = invoices(items);
    expect(above?.problems.map((p) => [p.code, p.row, p.column])).toEqual([['INVOICE_MAY_MISS_ROW', 2, undefined]]);
    expect(above?.problems[0]?.message.es).toBe(
      'La fila 3, justo debajo de la factura F001-1, no dice a qué factura pertenece (le falta «Número»): podría ser una línea de esta factura. Una factura enviada sin una de sus líneas ya no se puede completar, así que F001-1 no se envía hasta que corrija la fila 3: escriba su serie y su número, o déjelos ambos en blanco si la fila continúa la factura F001-1.',
    );
    expect(below?.problems).toEqual([]);
  });

  it('holds the invoice above a row whose number is mistyped, and only it', async () => {
    const unreadable = keyCellRefused(5, 'numero', '2a', 'NOT_A_WHOLE_NUMBER');
    const items = await group([line('F001', '1'), line('F001', '2'), line('F001', '2'), { serie: 'F001', descripcion: 'F' }, line('F001', '3')], undefined, {
      5: [unreadable],
    });
    expect(items.map((i) => `${i.kind} ${i.rows.join(',')}`)).toEqual(['invoice 2', 'invoice 3,4', 'orphan 5', 'invoice 6']);
    expect(invoices(items).map((i) => i.problems.map((p) => `${p.code} ${p.row}`))).toEqual([[], ['INVOICE_MAY_MISS_ROW 4'], []]);
    expect(invoices(items)[1]?.problems[0]?.message.es).toContain('(su serie o su número no se pudo leer)');
  });

  it('holds the invoice above under --merge-split too, and not for rows before the first invoice', async () => {
    const items = await group(
      [{ serie: 'F001', descripcion: 'x' }, line('F001', '1'), line('F001', '2'), { numero: '9', descripcion: 'y' }, line('F001', '1')],
      {
        mergeSplit: true,
      },
    );
    expect(items.map((i) => `${i.kind} ${i.rows.join(',')}`)).toEqual(['orphan 2', 'orphan 5', 'invoice 3,6', 'invoice 4']);
    expect(invoices(items).map((i) => i.problems.map((p) => `${p.code} ${p.row}`))).toEqual([[], ['INVOICE_MAY_MISS_ROW 4']]);
  });

  it('reports an invoice key that reappears after another invoice, naming both row ranges', async () => {
    const items = await group([line('F001', '1'), cont(), line('F001', '2'), line('F001', '1'), cont()]);
    expect(items.map((i) => [i.kind, i.rows])).toEqual([
      ['invoice', [2, 3]],
      ['invoice', [4]],
      ['invoice', [5, 6]],
    ]);
    expect(items[0]?.problems).toEqual([]);
    const p = items[2]?.problems[0];
    expect(p).toMatchObject({ severity: 'error', code: 'INVOICE_KEY_REPEATED', row: 5, column: 'numero', value: 'F001-1' });
    expect(p?.message.es).toContain('las filas 2 a 3');
    expect(p?.message.es).toContain('las filas 5 a 6');
    expect(p?.message.en).toContain('rows 2 to 3');
    // A number typed twice (two invoices) is as likely as a sheet not sorted (one invoice): both are said.
    expect(p?.message.es).toContain('Si son facturas distintas, cada una necesita su propio número: corrija el de una de ellas.');
    expect(p?.message.es).toContain('Si es la misma factura, sus filas deben ir juntas: ordene la hoja por serie y número');
  });

  it('tells onComesBack of each invoice whose rows come back, with the row where they do, as it meets them', async () => {
    const told: [string, number][] = [];
    const rows = [line('F001', '1'), cont(), line('F001', '2'), line('F001', '1'), line('F001', '3'), line('F001', '2'), line('F001', '1')];
    await group(rows, { onComesBack: (key, row) => told.push([key, row]) });
    expect(told).toEqual([
      ['F001-1', 5],
      ['F001-2', 7],
      ['F001-1', 8],
    ]);
    // Under mergeSplit the parts are one invoice: nothing comes back.
    await group(rows, { mergeSplit: true, onComesBack: (key, row) => told.push([key, row]) });
    expect(told).toHaveLength(3);
  });

  it('makes the first part of a split invoice an error too when a first pass found the split (splitKeys): none of it is sent', async () => {
    const rows = [line('F001', '1'), cont(), line('F001', '2'), line('F001', '1')];
    const items = await group(rows, { splitKeys: new Map([['F001-1', 5]]) });
    expect(items.map((i) => [i.kind, i.rows, i.problems.map((p) => p.code)])).toEqual([
      ['invoice', [2, 3], ['INVOICE_KEY_SPLIT']],
      ['invoice', [4], []],
      ['invoice', [5], ['INVOICE_KEY_REPEATED']],
    ]);
    const first = items[0]?.problems[0];
    expect(first).toMatchObject({ severity: 'error', row: 2, column: 'numero', value: 'F001-1' });
    expect(first?.message.es).toContain('La factura F001-1, en las filas 2 a 3, vuelve a aparecer en la fila 5');
    expect(items[2]?.problems[0]?.message.es).toContain('La factura no se envía: ni estas filas ni las anteriores.');
  });

  it('merges an invoice split by other invoices under mergeSplit, filling down and checking conflicts', async () => {
    const items = await group(
      [line('F001', '1', { receptorNombreLegal: 'ACME' }), line('F001', '2'), line('F001', '1', { receptorNombreLegal: 'OTRA' }), cont()],
      { mergeSplit: true },
    );
    expect(items.map((i) => [i.kind, i.rows])).toEqual([
      ['invoice', [2, 4, 5]],
      ['invoice', [3]],
    ]);
    expect(items[0]?.problems.map((p) => [p.code, p.row, p.column])).toEqual([['CONFLICTING_INVOICE_VALUE', 4, 'receptorNombreLegal']]);
  });

  it('stops with a clear input error when mergeSplit would buffer more invoices than its bound', async () => {
    const rows = [line('F001', '1'), line('F001', '2'), line('F001', '3')];
    await expect(group(rows, { mergeSplit: true, mergeBufferLimit: 3 })).resolves.toHaveLength(3);
    const error = await group(rows, { mergeSplit: true, mergeBufferLimit: 2 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FacturaError);
    expect((error as FacturaError).code).toBe('INPUT');
    expect((error as FacturaError).text.es).toContain('más de 2');
    expect((error as FacturaError).text.es).toContain('fila 4');
    // Only what a user can do: no limit to raise is offered (none can be set).
    expect((error as FacturaError).text.es).toContain('o divida el archivo en partes de menos de 2 facturas');
    expect((error as FacturaError).text.es).not.toContain('aumente');
    // Merging is what its caller asked for, in its own words: the option a program passed, the command line's flag.
    expect((error as FacturaError).text.es).toContain('(así no hace falta unir nada ni la opción `mergeSplit`)');
    const cli = await group(rows, { mergeSplit: true, mergeBufferLimit: 2, wording: 'command-line' }).catch((e: unknown) => e);
    expect((cli as FacturaError).text.es).toContain('(así no hace falta unir nada ni usar --merge-split)');
  });

  it('carries the cell problems of each record into its item', async () => {
    const cell: Problem = { severity: 'error', code: 'INVALID_DATE', row: 3, column: 'fechaEmision', value: 'ayer', message: { es: 'x', en: 'x' } };
    const orphanCell: Problem = { ...cell, row: 2 };
    const items = await group([cont(), line('F001', '1')], {}, { 2: [orphanCell], 3: [cell] });
    expect(items[0]?.problems).toContainEqual(orphanCell);
    expect(items[1]?.problems).toEqual([cell]);
  });

  it('yields each invoice as soon as the next one starts (streaming)', () => {
    const grouper = createInvoiceGrouper();
    const [a, b, c] = records([line('F001', '1'), line('F001', '1'), line('F001', '2')]);
    expect(grouper.push(a!)).toEqual([]);
    expect(grouper.push(b!)).toEqual([]);
    expect(grouper.push(c!).map((i) => i.rows)).toEqual([[2, 3]]);
    expect(grouper.end().map((i) => i.rows)).toEqual([[4]]);
  });
});

describe('grouping properties', () => {
  // A row is a key from a small pool (so keys repeat and reappear), a blank key, or half a key.
  const rowArb = fc.oneof(
    { weight: 5, arbitrary: fc.integer({ min: 1, max: 4 }).map((n) => line('F001', String(n))) },
    { weight: 3, arbitrary: fc.constant(cont()) },
    { weight: 1, arbitrary: fc.constantFrom<Values>({ serie: 'F001' }, { numero: '7' }) },
  );

  it('keeps every row in exactly one item, in both modes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(rowArb, { maxLength: 40 }), fc.boolean(), async (rows, mergeSplit) => {
        const items = await group(rows, { mergeSplit });
        const seen = items.flatMap((i) => [...i.rows]).sort((x, y) => x - y);
        expect(seen).toEqual(rows.map((_, i) => i + 2));
        for (const inv of invoices(items)) expect(inv.lines.map((l) => l.row)).toEqual(inv.rows);
        if (mergeSplit) {
          const keys = invoices(items).map((i) => invoiceKey(i.serie, i.numero));
          expect(new Set(keys).size).toBe(keys.length);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('groups the same whatever the batches the records come in', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(rowArb, { maxLength: 40 }), fc.boolean(), fc.integer({ min: 2, max: 12 }), async (rows, mergeSplit, batch) => {
        expect(await group(rows, { mergeSplit }, undefined, batch)).toEqual(await group(rows, { mergeSplit }));
      }),
      { numRuns: 200 },
    );
  });
});

describe('a row whose serie or numero could not be read', () => {
  it('is an orphan row with its own error, never a continuation of the invoice above', async () => {
    const unreadable = keyCellRefused(3, 'serie', '\\x00\\x00', 'CONTROL_CHARACTER');
    const items = await group([line('F001', '1'), { descripcion: 'basura' }, line('F001', '2')], undefined, { 3: [unreadable] });
    expect(items.map((i) => `${i.kind} ${i.rows.join(',')}`)).toEqual(['invoice 2', 'orphan 3', 'invoice 4']);
    const orphan = items[1];
    expect(orphan?.problems.map((p) => p.code)).toEqual(['INCOMPLETE_INVOICE_KEY', 'CONTROL_CHARACTER']);
    // …and the invoice right above is held, since the row may be one of its lines.
    expect(invoices(items).map((i) => i.problems.map((p) => p.code))).toEqual([['INVOICE_MAY_MISS_ROW'], []]);
  });
});
