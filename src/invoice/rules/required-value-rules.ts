import type { ColumnName } from '../canonical-columns.js';
import { REQUIRED_COLUMNS, columnDefinition } from '../canonical-columns.js';
import type { Problem } from '../problem.js';
import { cellKey } from '../resolve-invoice.js';
import type { InvoiceRule } from './invoice-rule.js';
import { errorAt } from './problem-at.js';

const REQUIRED_INVOICE = REQUIRED_COLUMNS.filter((c) => columnDefinition(c).level === 'invoice');
const REQUIRED_LINE = REQUIRED_COLUMNS.filter((c) => columnDefinition(c).level === 'line');

function missing(row: number, column: ColumnName): Problem {
  const l = columnDefinition(column).label;
  return errorAt('MISSING_VALUE', row, column, undefined, `Falta «${l.es}»: es obligatorio.`, `"${l.en}" is missing: it is required.`);
}

/** Required columns present (invoice-level once, line-level on every line); an invoice has at least one line. */
export const requiredValueRules: InvoiceRule = (invoice) => {
  const problems: Problem[] = [];
  const skip = (row: number, column: ColumnName): boolean => invoice.reported.has(cellKey(row, column));
  for (const column of REQUIRED_INVOICE) {
    // The value's row is looked up only for a value that is missing (a search through the lines).
    if (invoice.header[column] !== undefined) continue;
    const row = invoice.rowOf(column);
    if (!skip(row, column)) problems.push(missing(row, column));
  }
  for (const line of invoice.lines) {
    for (const column of REQUIRED_LINE) {
      if (line.values[column] === undefined && !skip(line.row, column)) problems.push(missing(line.row, column));
    }
  }
  if (invoice.lines.length === 0) {
    problems.push(
      errorAt('NO_LINES', invoice.firstRow, 'descripcion', undefined, 'La factura no tiene ninguna línea de detalle.', 'The invoice has no line items.'),
    );
  }
  return problems;
};
