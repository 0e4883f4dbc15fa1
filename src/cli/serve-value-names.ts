import { localized } from '../i18n/localized-text.js';
import type { ValueNames } from '../index.js';
import { CLI_VALUE_NAMES } from './cli-value-names.js';

/**
 * The values `serve` takes as `submit` does (the service and its logins, from the environment) under the command
 * line's names, and where the page's user gives an issuer's legal name the service did not give: `serve` has no
 * configuration file nor --emisor-nombre, so not the library's `emisor.nombreLegal`/`config`. It follows «indíquela».
 */
export const SERVE_VALUE_NAMES: Partial<ValueNames> = {
  authUrl: CLI_VALUE_NAMES.authUrl,
  baseUrl: CLI_VALUE_NAMES.baseUrl,
  loginPlaces: CLI_VALUE_NAMES.loginPlaces,
  loginRuc: CLI_VALUE_NAMES.loginRuc,
  defaultIssuer: CLI_VALUE_NAMES.defaultIssuer,
  issuerLogins: CLI_VALUE_NAMES.issuerLogins,
  issuerNamePlaces: localized(
    'en la cuenta del servicio de facturación del RUC <RUC> (su inicio de sesión debe darla: pida a quien administra esa cuenta que la registre). ' +
      'Esta página no tiene dónde escribirla; desde la terminal, «factura-import submit» la toma con --emisor-nombre',
    'in the invoicing service account of RUC <RUC> (its login must give it: ask whoever manages that account to register it). ' +
      'This page has no place to type it; from the terminal, «factura-import submit» takes it with --emisor-nombre',
  ),
};
