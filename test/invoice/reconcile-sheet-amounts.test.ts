import { describe, expect, it } from 'vitest';
import { computeInvoiceTotals } from '../../src/invoice/compute-totals.js';
import type { DraftLine, InvoiceDraft } from '../../src/invoice/invoice-draft.js';
import { reconcileSheetAmounts } from '../../src/invoice/reconcile-sheet-amounts.js';

const HEADERS = { igv: 'I.G.V.' } as const;

/** A line of the review's register: a quantity, a unit value without IGV and the sheet's own IGV for the line. */
const line = (row: number, cantidad: string, valor: string, igv: string, tipoAfectacion?: string): DraftLine => ({
  row,
  values: { cantidad, valorVentaUnitario: valor, ...(tipoAfectacion !== undefined ? { tipoAfectacion } : {}) },
  sheetAmounts: { igv },
  sheetAmountHeaders: HEADERS,
});

function reconcile(lines: readonly DraftLine[]) {
  const draft: InvoiceDraft = { kind: 'invoice', serie: 'F001', numero: '7001', rows: lines.map((l) => l.row), header: {}, lines, problems: [] };
  // As validation reads them: a line with no treatment in the sheet is taxed (the column's default).
  const totalsLines = lines.map((l) => ({
    cantidad: l.values.cantidad ?? '0',
    valorUnitario: l.values.valorVentaUnitario ?? '0',
    tipoAfectacion: l.values.tipoAfectacion ?? 'GRAVADO_OPERACION_ONEROSA',
  }));
  const computed = computeInvoiceTotals(totalsLines, 'PRECIOS_SIN_IGV');
  return reconcileSheetAmounts(draft, computed, () => computeInvoiceTotals(totalsLines, 'PRECIOS_CON_IGV'), 'PRECIOS_SIN_IGV');
}

describe('an invoice against the IGV its own sheet carries', () => {
  it('points at the line the sheet gives without IGV, and says that a sheet without «Tipo de afectación» taxes every line', () => {
    // Row 2 taxed (IGV 31.50 on 175.00); row 3 a book, exonerated, IGV 0 in the sheet, read as taxed.
    const [p] = reconcile([line(2, '1', '175', '31.5'), line(3, '9', '50', '0')]);
    expect(p).toMatchObject({ code: 'SHEET_TOTAL_MISMATCH', row: 3, column: 'I.G.V.', value: '31.50' });
    expect(p?.message.es).toBe(
      'Fila 3, «I.G.V.»: según cantidades y valores unitarios, el IGV de la factura F001-7001 es 112.50, pero la hoja dice 31.50 (diferencia 81.00); no se envía una factura que no cuadra con la hoja. La fila 3 trae IGV 0 en «I.G.V.», pero la hoja no tiene una columna «Tipo de afectación», y sin ella cada línea se trata como gravada (18 %). Si esas líneas son exoneradas o inafectas, agregue en su hoja una columna «Tipo de afectación» con «Exonerado» o «Inafecto» en esas filas, y revise la hoja otra vez.',
    );
  });

  it('agrees once the sheet names the line exonerated, and keeps the plain advice for other differences', () => {
    expect(reconcile([line(2, '1', '175', '31.5'), line(3, '9', '50', '0', 'EXONERADO_OPERACION_ONEROSA')])).toEqual([]);
    const [p] = reconcile([line(2, '1', '175', '31.5'), line(3, '9', '50', '80')]);
    expect(p).toMatchObject({ row: 2 });
    expect(p?.message.es).toContain('Revise las cantidades y los precios de la factura.');
  });
});
