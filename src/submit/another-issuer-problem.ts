import { localized } from '../i18n/localized-text.js';
import type { Problem } from '../invoice/problem.js';

/**
 * The error of an invoice whose serie and number this sheet's journal shows accepted for another
 * issuer, when the sheet does not name the issuer (its RUC comes from the login or the
 * configuration): the sheet rerun under another company's login would issue the same sales again,
 * under that company. A sheet that names each invoice's issuer («RUC emisor») says which company it
 * is, and is not held.
 */
export function anotherIssuerProblem(serie: string, numero: string | number, row: number | undefined, issuedBy: string, sendingAs: string): Problem {
  return {
    severity: 'error',
    code: 'ALREADY_ISSUED_BY_ANOTHER_ISSUER',
    ...(row !== undefined ? { row } : {}),
    column: 'numero',
    value: `${serie}-${numero}`,
    message: localized(
      `La factura ${serie}-${numero} ya fue aceptada por el servicio para el RUC ${issuedBy} (según el diario de envíos de esta hoja), y ahora se enviaría con el RUC ${sendingAs}. Si es la misma venta, ya está emitida: no se emite otra vez con otra empresa; revise con qué cuenta inició sesión. Si de verdad esta hoja es de la empresa ${sendingAs}, escriba su RUC en una columna «RUC emisor».`,
      `Invoice ${serie}-${numero} was already accepted by the service for RUC ${issuedBy} (per this sheet's submission journal), and would now be sent under RUC ${sendingAs}. If it is the same sale, it is issued already: it is not issued again under another company; check which account you logged in with. If this sheet really is company ${sendingAs}'s, write its RUC in a «RUC emisor» column.`,
    ),
  };
}
