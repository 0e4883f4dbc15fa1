import { describe, expect, it } from 'vitest';
import { INVOICE_STATUSES, STATUS_LABELS } from '../../src/index.js';
import { pageStatusLabel } from '../../src/web/page-status-label.js';
import { createCurrencyTotalsTally } from '../../src/web/currency-totals-tally.js';

describe('the page’s status labels', () => {
  it('say an invoice skipped as accepted before is issued («ACEPTADO ANTES»), and every other status as the workbook does', () => {
    expect(pageStatusLabel('SKIPPED')).toBe('ACEPTADO ANTES');
    // The command line and the workbook keep theirs.
    expect(STATUS_LABELS.SKIPPED.es).toBe('OMITIDO');
    for (const status of INVOICE_STATUSES.filter((s) => s !== 'SKIPPED')) expect(pageStatusLabel(status)).toBe(STATUS_LABELS[status].es);
  });
});

describe('the totals of the invoices to send', () => {
  it('add exactly, by currency, sorted', () => {
    const tally = createCurrencyTotalsTally();
    tally.add('USD', { base: '10.10', igv: '1.82', total: '11.92' });
    tally.add('PEN', { base: '0.10', igv: '0.02', total: '0.12' });
    tally.add('PEN', { base: '0.20', igv: '0.04', total: '0.24' });
    expect(tally.result()).toEqual([
      { moneda: 'PEN', invoices: 2, base: '0.30', igv: '0.06', total: '0.36' },
      { moneda: 'USD', invoices: 1, base: '10.10', igv: '1.82', total: '11.92' },
    ]);
  });
});
