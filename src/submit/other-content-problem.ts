import { localized } from '../i18n/localized-text.js';
import type { Problem } from '../invoice/problem.js';

/** The error of an invoice the journal shows accepted with other content: a number is never issued twice. */
export function otherContentProblem(serie: string, numero: string | number, row: number | undefined): Problem {
  return {
    severity: 'error',
    code: 'ALREADY_ISSUED_WITH_OTHER_CONTENT',
    ...(row !== undefined ? { row } : {}),
    column: 'numero',
    value: `${serie}-${numero}`,
    message: localized(
      `La factura ${serie}-${numero} ya fue aceptada por el servicio con otro contenido (según el diario de envíos); un número no se puede emitir dos veces. Use un número nuevo, o emita una nota de crédito para corregir la anterior.`,
      `Invoice ${serie}-${numero} was already accepted by the service with different content (per the submission journal); a number cannot be issued twice. Use a new number, or issue a credit note to correct the earlier one.`,
    ),
  };
}
