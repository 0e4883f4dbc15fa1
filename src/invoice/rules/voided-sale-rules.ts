import { columnDefinition } from '../canonical-columns.js';
import type { Problem } from '../problem.js';
import { isVoidedWord } from '../voided-word.js';
import type { InvoiceRule } from './invoice-rule.js';
import { errorAt } from './problem-at.js';

/**
 * A register's voided sale: «ANULADO» as the customer's legal name or as a line's description
 * (voided-word.ts). The invoice is refused at that cell, so a voided document is never issued; the
 * message says to take its rows out (or to write the real name, if the sale was not voided).
 */
export const voidedSaleRules: InvoiceRule = (invoice) => {
  const problems: Problem[] = [];
  const name = invoice.header.receptorNombreLegal;
  if (name !== undefined && isVoidedWord(name)) problems.push(voided(invoice.rowOf('receptorNombreLegal'), 'receptorNombreLegal', name));
  for (const line of invoice.lines) {
    const text = line.values.descripcion;
    if (text !== undefined && isVoidedWord(text)) problems.push(voided(line.row, 'descripcion', text));
  }
  return problems;
};

function voided(row: number, column: 'receptorNombreLegal' | 'descripcion', value: string): Problem {
  const l = columnDefinition(column).label;
  return errorAt(
    'VOIDED_SALE',
    row,
    column,
    value,
    `«${l.es}» dice «${value.trim()}»: es una venta anulada del registro, y una venta anulada no se emite. Quite sus filas de la hoja; si no está anulada, escriba aquí ${column === 'descripcion' ? 'lo que se vendió' : 'la razón social del cliente'}.`,
    `"${l.en}" says "${value.trim()}": it is a voided sale of the register, and a voided sale is not issued. Take its rows out of the sheet; if it was not voided, write ${column === 'descripcion' ? 'what was sold' : "the customer's legal name"} here.`,
  );
}
