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
      `La factura ${serie}-${numero} ya fue aceptada por el servicio con otro contenido (según el diario de envíos): sigue emitida con el contenido anterior, y esta versión no se envía (un número no se emite dos veces). Si corrigió la venta, corrija la factura emitida con una nota de crédito en su sistema; no le dé un número nuevo, que emitiría la misma venta dos veces. Si es otra venta que por error lleva este número, dele un número que no se haya usado.`,
      `Invoice ${serie}-${numero} was already accepted by the service with different content (per the submission journal): it stays issued with the earlier content, and this version is not sent (a number is never issued twice). If you corrected the sale, correct the issued invoice with a credit note in your system; do not give it a new number, which would issue the same sale twice. If it is another sale that carries this number by mistake, give it a number not used yet.`,
    ),
  };
}
