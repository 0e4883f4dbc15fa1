import { describe, expect, it } from 'vitest';
import type { Problem } from '../../src/invoice/problem.js';
import { createProblemGroups } from '../../src/report/problem-groups.js';

const problem = (code: Problem['code'], row: number, column?: string, severity: Problem['severity'] = 'error'): Problem => ({
  severity,
  code,
  row,
  ...(column === undefined ? {} : { column }),
  message: { es: `${code} ${row}`, en: `${code} ${row}` },
});

describe('problem groups', () => {
  it('counts each kind and column once per invoice, whether its problems come one after another or interleaved', () => {
    const groups = createProblemGroups();
    groups.add([problem('RUC_FORMAT', 2, 'receptorNumeroDocumento'), problem('RUC_FORMAT', 3, 'receptorNumeroDocumento')]);
    groups.add([problem('NOT_A_NUMBER', 4, 'cantidad'), problem('RUC_FORMAT', 4, 'receptorNumeroDocumento'), problem('NOT_A_NUMBER', 5, 'cantidad')]);
    groups.add([problem('NOT_A_NUMBER', 6, 'precio'), problem('NOT_A_NUMBER', 7, 'cantidad', 'warning'), problem('NO_LINES', 8)]);
    groups.add([problem('NO_LINES', 9), problem('RUC_FORMAT', 10, 'receptorNumeroDocumento')]);
    expect(groups.result().map((g) => [g.severity, g.code, g.column, g.invoices, g.occurrences, g.rows, g.example.row])).toEqual([
      ['error', 'RUC_FORMAT', 'receptorNumeroDocumento', 3, 4, [2, 3, 4, 10], 2],
      ['error', 'NO_LINES', undefined, 2, 2, [8, 9], 8],
      ['error', 'NOT_A_NUMBER', 'cantidad', 1, 2, [4, 5], 4],
      ['error', 'NOT_A_NUMBER', 'precio', 1, 1, [6], 6],
      ['warning', 'NOT_A_NUMBER', 'cantidad', 1, 1, [7], 7],
    ]);
  });

  it('counts no invoice for a note about the sheet or rows of no invoice, only how many times', () => {
    const groups = createProblemGroups();
    groups.add([problem('TITLE_ROWS_SKIPPED', 2, undefined, 'warning')], false);
    groups.add([problem('ROW_WITHOUT_INVOICE', 5)], false);
    groups.add([problem('ROW_WITHOUT_INVOICE', 9)], false);
    groups.add([problem('RUC_FORMAT', 12, 'receptorNumeroDocumento')]);
    expect(groups.result().map((g) => [g.code, g.invoices, g.occurrences, g.rows])).toEqual([
      ['RUC_FORMAT', 1, 1, [12]],
      ['ROW_WITHOUT_INVOICE', 0, 2, [5, 9]],
      ['TITLE_ROWS_SKIPPED', 0, 1, [2]],
    ]);
  });

  it('keeps the first few distinct values each group read, and whether it read others: the example is one case of several', () => {
    const groups = createProblemGroups();
    const unit = (row: number, value: string): Problem => ({ ...problem('UNKNOWN_CATALOGUE_VALUE', row, 'unidadMedida'), value });
    groups.add([unit(2, 'ML'), unit(3, 'PAQ')]);
    groups.add([unit(4, 'ML'), unit(5, 'CJ')]);
    groups.add([problem('MISSING_VALUE', 6, 'moneda')]);
    for (const [i, value] of ['BOLSA', 'SACO', 'ROLLO', 'MILLAR', 'CJ'].entries()) groups.add([unit(7 + i, value)]);
    const [units, missing] = groups.result();
    expect(units).toMatchObject({ invoices: 7, occurrences: 9, values: ['ML', 'PAQ', 'CJ', 'BOLSA', 'SACO'], moreValues: true });
    expect(units?.example).toMatchObject({ row: 2, value: 'ML' });
    // A problem that reads no value (an empty cell) lists none.
    expect(missing).toMatchObject({ code: 'MISSING_VALUE', values: [], moreValues: false });

    const two = createProblemGroups();
    two.add([{ ...problem('NOT_AN_INVOICE', 6, 'tipoComprobante'), value: '03' }]);
    two.add([{ ...problem('NOT_AN_INVOICE', 7, 'tipoComprobante'), value: '07' }]);
    expect(two.result()[0]).toMatchObject({ values: ['03', '07'], moreValues: false });
  });
});
