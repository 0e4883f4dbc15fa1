import type { Problem } from './problem.js';

/**
 * The register's own word that a sale is not an invoice to issue: a row of another kind of document
 * (NOT_AN_INVOICE: a boleta, a credit note) or a voided sale (VOIDED_SALE). Its rows come out of the
 * sheet, so a factura's checks on them (a boleta's B series, its DNI customer, a voided sale's zero
 * price and blank RUC) only bury the one error that says so. A kind the column does not know
 * (DOCUMENT_KIND_UNKNOWN) may be an invoice's, and keeps every check.
 */
const NOT_ISSUED = new Set<Problem['code']>(['NOT_AN_INVOICE', 'VOIDED_SALE']);

/**
 * An invoice's problems as shown: when the register says the sale is not issued, the errors that
 * say so alone, the first of each row (a voided row says «Anulado» in its state, its customer's
 * name and its description: one error for it); otherwise `problems` itself.
 */
export function whyNotIssued(problems: readonly Problem[]): readonly Problem[] {
  if (!problems.some((p) => NOT_ISSUED.has(p.code))) return problems;
  const rows = new Set<number | undefined>();
  return problems.filter((p) => {
    if (!NOT_ISSUED.has(p.code) || rows.has(p.row)) return false;
    rows.add(p.row);
    return true;
  });
}
