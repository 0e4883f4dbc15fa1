import type { ColumnName } from '../canonical-columns.js';
import type { Problem } from '../problem.js';
import type { ResolvedLine } from '../resolved-invoice.js';
import type { InvoiceRule } from './invoice-rule.js';
import { warningAt } from './problem-at.js';

/** What makes a line the same line: what was sold, how many, at what value, how taxed. */
const LINE_COLUMNS: readonly ColumnName[] = ['descripcion', 'cantidad', 'valorVentaUnitario', 'codigoProducto', 'unidadMedida', 'tipoAfectacion'];

/**
 * A line that repeats an earlier line of the same invoice, cell for cell: most often rows pasted
 * twice, which bill the sale twice (an accountant's walk found it sent so, with no word). Two equal
 * items may also be real, so it is a warning at the repeated row, shown before anything is sent.
 */
export const repeatedLineRules: InvoiceRule = (invoice) => {
  const { lines } = invoice;
  if (lines.length < 2) return [];
  const problems: Problem[] = [];
  // Lines by description: a repeat can only be among those of the same one (no key built per line).
  const byDescription = new Map<string | undefined, ResolvedLine[]>();
  for (const line of lines) {
    const same = byDescription.get(line.values.descripcion);
    const first = same?.find((earlier) => sameLine(earlier, line));
    if (first !== undefined) problems.push(repeated(line.row, first.row, `${invoice.header.serie ?? ''}-${invoice.header.numero ?? ''}`));
    else if (same !== undefined) same.push(line);
    else byDescription.set(line.values.descripcion, [line]);
  }
  return problems;
};

function sameLine(a: ResolvedLine, b: ResolvedLine): boolean {
  return LINE_COLUMNS.every((c) => a.values[c] === b.values[c]);
}

function repeated(row: number, first: number, invoice: string): Problem {
  return warningAt(
    'REPEATED_LINE',
    row,
    undefined,
    undefined,
    `La fila ${row} repite la fila ${first} de la factura ${invoice}: la misma descripción, cantidad y valor unitario. Si se copió dos veces, quite una: la factura cobraría dos veces lo mismo. Si son dos ítems iguales, puede dejarlas (o sumar sus cantidades en una fila).`,
    `Row ${row} repeats row ${first} of invoice ${invoice}: the same description, quantity and unit value. If it was copied twice, remove one: the invoice would charge the same twice. If they are two equal items, they can stay (or add their quantities in one row).`,
  );
}
