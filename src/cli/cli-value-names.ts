import { localized } from '../i18n/localized-text.js';
import type { ValueNames } from '../index.js';

/**
 * What the command line calls the values it passes the library: its flags and the environment
 * variables it reads them from. The library's messages name these instead of its options.
 */
export const CLI_VALUE_NAMES: ValueNames = {
  defaultIssuer: localized('FACTURA_RUC, o emisor.ruc en la configuración', 'FACTURA_RUC, or emisor.ruc in the config file'),
  issuerLogins: localized(
    'con las variables de entorno FACTURA_MAIL_<RUC> y FACTURA_CLAVE_<RUC>, o en el archivo de credenciales que nombra FACTURA_CREDENTIALS_FILE ({"<RUC>": {"mail": "…", "clave": "…"}}, con permisos 600)',
    'with the environment variables FACTURA_MAIL_<RUC> and FACTURA_CLAVE_<RUC>, or in the credentials file named by FACTURA_CREDENTIALS_FILE ({"<RUC>": {"mail": "…", "clave": "…"}}, mode 600)',
  ),
  onlyIssuer: '--issuer',
  onlyIssuerUsage: '--issuer RUC',
  loginPlaces: localized(
    'FACTURA_RUC, FACTURA_MAIL y FACTURA_CLAVE; FACTURA_MAIL_<RUC> y FACTURA_CLAVE_<RUC>; el archivo de FACTURA_CREDENTIALS_FILE; o «Acceso del emisor» en el espacio de trabajo web',
    'FACTURA_RUC, FACTURA_MAIL and FACTURA_CLAVE; FACTURA_MAIL_<RUC> and FACTURA_CLAVE_<RUC>; the FACTURA_CREDENTIALS_FILE file; or «Acceso del emisor» in the web workspace',
  ),
  loginRuc: 'FACTURA_RUC',
  authUrl: 'FACTURA_AUTH_URL',
  baseUrl: 'FACTURA_BASE_URL',
  out: '--out',
  fixAndResendOut: '--out',
  journal: '--journal',
  tipoRegistro: '--tipo-registro',
  mapping: localized('el archivo de mapeo', 'the mapping file'),
  issuer: localized('--config o --emisor-ruc/--emisor-nombre', '--config or --emisor-ruc/--emisor-nombre'),
  issuerName: localized('--emisor-nombre o la configuración', '--emisor-nombre or the configuration'),
  issuerNamePlaces: localized(
    'con --emisor-nombre o en el archivo de configuración (emisor, o emisores.<RUC>.nombreLegal)',
    'with --emisor-nombre or in the config file (emisor, or emisores.<RUC>.nombreLegal)',
  ),
};
