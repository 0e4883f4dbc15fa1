import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';

/**
 * Issuers with valid invoices and no login: nothing is sent. Names each RUC (or the invoices
 * without one when the run has no default issuer) and the ways to give credentials.
 */
export function missingCredentialsError(rucs: readonly (string | undefined)[]): FacturaError {
  const named = rucs.filter((r): r is string => r !== undefined);
  const unnamed = rucs.length > named.length;
  const list = named.join(', ');
  const es = [
    named.length > 0
      ? `Faltan las credenciales ${named.length === 1 ? 'del emisor' : 'de los emisores'} ${list}, que ${named.length === 1 ? 'tiene' : 'tienen'} facturas válidas en la hoja.`
      : '',
    unnamed ? 'Hay facturas válidas sin «RUC emisor» y no hay emisor por omisión (FACTURA_RUC, o emisor.ruc en la configuración).' : '',
    'No se envió ninguna factura.',
    'Para cada RUC, indique el correo y la clave con las variables de entorno FACTURA_MAIL_<RUC> y FACTURA_CLAVE_<RUC>, o en el archivo de credenciales que nombra FACTURA_CREDENTIALS_FILE ({"<RUC>": {"mail": "…", "clave": "…"}}, con permisos 600); o envíe solo un emisor con --issuer RUC.',
  ];
  const en = [
    named.length > 0
      ? `Credentials are missing for ${named.length === 1 ? 'issuer' : 'issuers'} ${list}, which ${named.length === 1 ? 'has' : 'have'} valid invoices in the sheet.`
      : '',
    unnamed ? 'There are valid invoices without an issuer RUC and no default issuer (FACTURA_RUC, or emisor.ruc in the config file).' : '',
    'No invoice was sent.',
    'For each RUC, give the e-mail and password with the environment variables FACTURA_MAIL_<RUC> and FACTURA_CLAVE_<RUC>, or in the credentials file named by FACTURA_CREDENTIALS_FILE ({"<RUC>": {"mail": "…", "clave": "…"}}, mode 600); or send one issuer only with --issuer RUC.',
  ];
  return new FacturaError('CONFIG', localized(es.filter((t) => t !== '').join(' '), en.filter((t) => t !== '').join(' ')));
}
