import type { ColumnName } from '../canonical-columns.js';
import { REQUIRED_COLUMNS, columnDefinition } from '../canonical-columns.js';
import type { Problem } from '../problem.js';
import { cellKey } from '../resolve-invoice.js';
import type { InvoiceRule } from './invoice-rule.js';
import { errorAt } from './problem-at.js';

const REQUIRED = new Set<ColumnName>(REQUIRED_COLUMNS);

function missing(row: number, column: ColumnName): Problem {
  const l = columnDefinition(column).label;
  return errorAt('MISSING_VALUE', row, column, undefined, `Falta «${l.es}»: es obligatorio.`, `"${l.en}" is missing: it is required.`);
}

/** Required columns present (invoice-level once, line-level on every line); an invoice has at least one line. */
export const requiredValueRules: InvoiceRule = (invoice) => {
  const problems: Problem[] = [];
  const skip = (row: number, column: ColumnName): boolean => invoice.reported.has(cellKey(row, column));
  for (const column of REQUIRED) {
    if (columnDefinition(column).level !== 'invoice') continue;
    const row = invoice.rowOf(column);
    if (invoice.header[column] === undefined && !skip(row, column)) problems.push(missing(row, column));
  }
  for (const line of invoice.lines) {
    for (const column of REQUIRED) {
      if (columnDefinition(column).level !== 'line') continue;
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
