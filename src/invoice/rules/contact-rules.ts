import { z } from 'zod';
import { columnDefinition } from '../canonical-columns.js';
import type { Problem } from '../problem.js';
import type { InvoiceRule } from './invoice-rule.js';
import { errorAt } from './problem-at.js';

/** The same e-mail check as the document schema (factura-document.ts), so the two never disagree. */
const email = z.email();

export function isEmail(value: string): boolean {
  return email.safeParse(value).success;
}

/**
 * Why an e-mail cell is refused, in Spanish and English. Several addresses in one cell, as a
 * customer's e-mails are often kept, are told apart: the service takes one per column, and two in
 * «Correo» with «Correo en copia» free say where the second one goes.
 */
function notAnEmail(column: 'receptorCorreo' | 'receptorCorreoCopia', value: string, copyFree: boolean): [string, string] {
  const l = columnDefinition(column).label;
  const several = value.split(/[;,\s]+/).filter((part) => part !== '');
  if (several.length < 2 || !several.every(isEmail)) {
    return [
      `«${l.es}»: «${value}» no es una dirección de correo válida (ejemplo: ventas@empresa.pe).`,
      `"${l.en}": "${value}" is not a valid e-mail address (example: ventas@empresa.pe).`,
    ];
  }
  const copy = columnDefinition('receptorCorreoCopia').label;
  if (column === 'receptorCorreo' && copyFree && several.length === 2) {
    return [
      `«${l.es}»: «${value}» tiene dos direcciones; el servicio recibe una por columna: deje la primera aquí y escriba la segunda en «${copy.es}».`,
      `"${l.en}": "${value}" holds two addresses; the service takes one per column: keep the first here and write the second in "${copy.en}".`,
    ];
  }
  return [
    `«${l.es}»: «${value}» tiene ${several.length} direcciones; el servicio recibe una sola en esta columna (y otra en «${copy.es}»).`,
    `"${l.en}": "${value}" holds ${several.length} addresses; the service takes one in this column (and another in "${copy.en}").`,
  ];
}

/** The customer's e-mails and the 6-digit ubigeo. */
export const contactRules: InvoiceRule = (invoice) => {
  const problems: Problem[] = [];
  for (const column of ['receptorCorreo', 'receptorCorreoCopia'] as const) {
    const value = invoice.header[column];
    if (value !== undefined && !isEmail(value)) {
      const [es, en] = notAnEmail(column, value, invoice.header.receptorCorreoCopia === undefined);
      problems.push(errorAt('INVALID_EMAIL', invoice.rowOf(column), column, value, es, en));
    }
  }
  const ubigeo = invoice.header.receptorUbigeo;
  if (ubigeo !== undefined && !/^\d{6}$/.test(ubigeo)) {
    problems.push(
      errorAt(
        'UBIGEO_FORMAT',
        invoice.rowOf('receptorUbigeo'),
        'receptorUbigeo',
        ubigeo,
        `El ubigeo «${ubigeo}» debe tener exactamente 6 dígitos (por ejemplo 150101 para Lima).`,
        `Ubigeo "${ubigeo}" must be exactly 6 digits (e.g. 150101 for Lima).`,
      ),
    );
  }
  return problems;
};
