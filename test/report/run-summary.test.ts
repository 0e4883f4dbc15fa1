import { describe, expect, it } from 'vitest';
import { localized } from '../../src/i18n/localized-text.js';
import type { InvoiceOutcome } from '../../src/invoice/invoice-outcome.js';
import { createSummary, formatSummary } from '../../src/report/run-summary.js';

const o = (status: InvoiceOutcome['status'], moneda: string, total: string | undefined, warn = false): InvoiceOutcome => ({
  serie: 'F001',
  numero: '1',
  rows: [2],
  moneda,
  status,
  attempts: 1,
  ...(total === undefined ? {} : { totals: { base: total, igv: '0.10', total } }),
  problems: warn ? [{ severity: 'warning', code: 'ISSUE_DATE_OUTSIDE_SUNAT_WINDOW', message: localized('Fecha antigua.', 'Old date.') }] : [],
});

function sample() {
  const s = createSummary();
  s.add(o('ACCEPTED', 'PEN', '0.10'));
  s.add(o('ACCEPTED', 'PEN', '0.20', true));
  s.add(o('ACCEPTED', 'USD', '1234567.50'));
  s.add(o('REJECTED', 'PEN', '999.00'));
  s.add(o('INVALID', 'PEN', undefined));
  return s.result();
}

describe('run summary', () => {
  it('counts invoices by status and totals only accepted ones by currency, exactly', () => {
    const r = sample();
    expect(r.invoices).toBe(5);
    expect(r.byStatus).toMatchObject({ ACCEPTED: 3, REJECTED: 1, INVALID: 1, VALID: 0 });
    expect(r.totals).toEqual([
      { moneda: 'PEN', invoices: 2, base: '0.30', igv: '0.20', total: '0.30' },
      { moneda: 'USD', invoices: 1, base: '1234567.50', igv: '0.10', total: '1234567.50' },
    ]);
    expect(r.withWarnings).toBe(1);
  });

  it('totals valid invoices in a dry run', () => {
    const s = createSummary();
    s.add(o('VALID', 'PEN', '10.00'));
    s.add(o('VALID', 'PEN', '5.55'));
    expect(s.result().totals).toEqual([{ moneda: 'PEN', invoices: 2, base: '15.55', igv: '0.20', total: '15.55' }]);
  });

  it('totals the invoices a rerun skipped as already accepted: they are issued, and the month must reconcile', () => {
    const s = createSummary();
    s.add(o('SKIPPED', 'PEN', '100.00'));
    s.add(o('SKIPPED', 'PEN', '18.50'));
    s.add(o('ACCEPTED', 'PEN', '1.50'));
    s.add(o('REJECTED', 'PEN', '999.00'));
    expect(s.result().totals).toEqual([{ moneda: 'PEN', invoices: 3, base: '120.00', igv: '0.30', total: '120.00' }]);
  });

  it('marks the thousands of its counts as of its amounts, in the table and the line of warnings', () => {
    const s = createSummary();
    for (let i = 0; i < 1_234; i++) s.add(o('VALID', 'PEN', '1000.00', i < 1_001));
    for (let i = 0; i < 3; i++) s.add(o('INVALID', 'PEN', undefined));
    const lines = formatSummary(s.result(), 'es').split('\n');
    expect(lines.slice(0, 6)).toEqual([
      'Estado    Comprobantes',
      '--------  ------------',
      'VÁLIDO           1,234',
      'INVÁLIDO             3',
      'Total            1,237',
      'Con advertencias: 1,001',
    ]);
    expect(lines).toContain('PEN            1,234  1,234,000.00  123.40  1,234,000.00');
  });

  it('prints the totals of a rerun where every invoice was skipped, not “no amounts”', () => {
    const s = createSummary();
    s.add(o('SKIPPED', 'USD', '50.00'));
    s.add(o('SKIPPED', 'USD', '25.25'));
    const text = formatSummary(s.result(), 'es');
    expect(text).not.toContain('Sin importes');
    expect(text.split('\n')).toContain('USD                2  75.25  0.20  75.25');
  });

  it('says there are no amounts, counting earlier runs too, when nothing was accepted, skipped or valid', () => {
    const s = createSummary();
    s.add(o('INVALID', 'PEN', undefined));
    s.add(o('REJECTED', 'PEN', '10.00'));
    expect(s.result().totals).toEqual([]);
    expect(formatSummary(s.result(), 'es')).toContain('Sin importes: ningún comprobante aceptado (en esta ejecución ni en una anterior) ni válido.');
    expect(formatSummary(s.result(), 'en')).toContain('No amounts: no invoice accepted (in this run or an earlier one) or valid.');
  });

  it('says what to do with invoices whose answer never came: run again unchanged, never renumber them', () => {
    const s = createSummary();
    s.add(o('UNKNOWN', 'PEN', '10.00'));
    s.add(o('UNKNOWN', 'PEN', '12.00'));
    s.add(o('ACCEPTED', 'PEN', '5.00'));
    expect(formatSummary(s.result(), 'es')).toContain(
      '2 comprobantes INCIERTOS: se enviaron y no llegó la respuesta, así que pueden estar emitidos. Ejecute el mismo comando otra vez sin cambiar la hoja: el servicio los confirmará. No los corrija ni les dé otro número antes.',
    );
    const one = createSummary();
    one.add(o('UNKNOWN', 'PEN', '10.00'));
    expect(formatSummary(one.result(), 'es')).toContain('1 comprobante INCIERTO: se envió y no llegó la respuesta');
    expect(formatSummary(sample(), 'es')).not.toContain('INCIERTO');
  });

  it('prints an aligned table of statuses, totals and paths in Spanish', () => {
    expect(formatSummary(sample(), 'es', { results: 'v.resultados.xlsx', fixAndResend: 'v.corregir.xlsx' })).toBe(
      [
        'Estado     Comprobantes',
        '---------  ------------',
        'INVÁLIDO              1',
        'ACEPTADO              3',
        'RECHAZADO             1',
        'Total                 5',
        'Con advertencias: 1',
        '',
        'Moneda  Comprobantes          Base   IGV         Total',
        '------  ------------  ------------  ----  ------------',
        'PEN                2          0.30  0.20          0.30',
        'USD                1  1,234,567.50  0.10  1,234,567.50',
        '',
        'Resultados     v.resultados.xlsx',
        'Para corregir  v.corregir.xlsx',
        '',
      ].join('\n'),
    );
  });
});
