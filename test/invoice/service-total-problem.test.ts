import { describe, expect, it } from 'vitest';
import { serviceTotalProblem } from '../../src/invoice/service-total-problem.js';

const invoice = { serie: 'F001', numero: '7', row: 9 };
const totals = { base: '100.00', igv: '18.00', total: '118.00' };
const said = (body: unknown): string | undefined => serviceTotalProblem(invoice, totals, body)?.value;

describe('the service’s total against the sheet’s', () => {
  it('says nothing when they agree to the cent, as a number or as text', () => {
    expect([said({ total: 118 }), said({ total: '118.00' }), said({ total: ' 118.0 ' }), said({ total: 118.004 })]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('warns at the invoice’s row when they differ, by a cent or more', () => {
    const problem = serviceTotalProblem(invoice, totals, { total: '118.01' });
    expect(problem).toMatchObject({ severity: 'warning', code: 'SERVICE_TOTAL_DIFFERS', row: 9, value: '118.01' });
    expect(problem?.message.es).toContain('con un total de 118.01, pero según la hoja es 118.00 (diferencia 0.01)');
    expect(said({ total: 100 })).toBe('100.00');
  });

  it('says nothing when either total is not known: no total, one that is no number, no totals of ours', () => {
    expect([said({}), said({ total: 'ciento dieciocho' }), said({ total: null }), said('texto'), said(undefined)]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(serviceTotalProblem(invoice, undefined, { total: 1 })).toBeUndefined();
  });
});
