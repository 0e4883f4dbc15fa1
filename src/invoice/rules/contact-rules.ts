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

/** The customer's e-mails and the 6-digit ubigeo. */
export const contactRules: InvoiceRule = (invoice) => {
  const problems: Problem[] = [];
  for (const column of ['receptorCorreo', 'receptorCorreoCopia'] as const) {
    const value = invoice.header[column];
    if (value !== undefined && !isEmail(value)) {
      const l = columnDefinition(column).label;
      problems.push(
        errorAt(
          'INVALID_EMAIL',
          invoice.rowOf(column),
          column,
          value,
          `«${l.es}»: «${value}» no es una dirección de correo válida (ejemplo: ventas@empresa.pe).`,
          `"${l.en}": "${value}" is not a valid e-mail address (example: ventas@empresa.pe).`,
        ),
      );
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
