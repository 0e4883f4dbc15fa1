import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';
import type { ValueNames } from '../value-names.js';

/**
 * Issuers with valid invoices and no login: nothing is sent. Names each RUC (or the invoices
 * without one when the run has no default issuer) and the ways to give credentials, as the caller
 * names them (`names`: the library's options, the command line's variables and flags).
 */
export function missingCredentialsError(rucs: readonly (string | undefined)[], names: ValueNames): FacturaError {
  const named = rucs.filter((r): r is string => r !== undefined);
  const unnamed = rucs.length > named.length;
  const list = named.join(', ');
  const es = [
    named.length > 0
      ? `Faltan las credenciales ${named.length === 1 ? 'del emisor' : 'de los emisores'} ${list}, que ${named.length === 1 ? 'tiene' : 'tienen'} facturas válidas en la hoja.`
      : '',
    unnamed ? `Hay facturas válidas sin «RUC emisor» y no hay emisor por omisión (${names.defaultIssuer.es}).` : '',
    'No se envió ninguna factura.',
    `Para cada RUC, indique el correo y la clave ${names.issuerLogins.es}; o envíe solo un emisor con ${names.onlyIssuerUsage}.`,
  ];
  const en = [
    named.length > 0
      ? `Credentials are missing for ${named.length === 1 ? 'issuer' : 'issuers'} ${list}, which ${named.length === 1 ? 'has' : 'have'} valid invoices in the sheet.`
      : '',
    unnamed ? `There are valid invoices without an issuer RUC and no default issuer (${names.defaultIssuer.en}).` : '',
    'No invoice was sent.',
    `For each RUC, give the e-mail and password ${names.issuerLogins.en}; or send one issuer only with ${names.onlyIssuerUsage}.`,
  ];
  return new FacturaError('CONFIG', localized(es.filter((t) => t !== '').join(' '), en.filter((t) => t !== '').join(' ')));
}
