import type { LocalizedText } from './i18n/localized-text.js';
import { localized } from './i18n/localized-text.js';

/**
 * What a run's values are called where its caller got them, for the messages that say where to
 * mend one: the library's option names (a program passed `credentials`, `journal`…), the command
 * line's flags and environment variables, or what the workspace's page shows. One set of messages;
 * the caller layer supplies the names (RunLimitNames does the same for a run's limits).
 */
export interface ValueNames {
  /** Where the RUC of the invoices without «RUC emisor» comes from. */
  readonly defaultIssuer: LocalizedText;
  /** How to give each issuer's e-mail and password: it follows «Para cada RUC, indique el correo y la clave». */
  readonly issuerLogins: LocalizedText;
  /** The restriction to one issuer, as named («El RUC de --issuer»)… */
  readonly onlyIssuer: string;
  /** …and as written with a RUC («envíe solo un emisor con --issuer RUC»). */
  readonly onlyIssuerUsage: string;
  /** Where a refused login was set; `<RUC>` stands for the issuer's RUC. */
  readonly loginPlaces: LocalizedText;
  /** The default issuer's RUC as a login gives it (checkLogin's, submitSheet's `credentials.ruc`). */
  readonly loginRuc: string;
  readonly authUrl: string;
  readonly baseUrl: string;
  /** The results workbook's path. */
  readonly out: string;
  /** The fix-and-resend workbook's path. */
  readonly fixAndResendOut: string;
  readonly journal: string;
  readonly tipoRegistro: string;
  /** The column mapping («contradice el archivo de mapeo»). */
  readonly mapping: LocalizedText;
  /** Where the issuer is configured, as a dry run without one says («Emisor no configurado (…)»). */
  readonly issuer: LocalizedText;
  /** Where the issuer's legal name is given, as a dry run with its RUC alone says («sin razón social (…)»). */
  readonly issuerName: LocalizedText;
  /** How to give an issuer's legal name the service did not give: it follows «indíquela»; `<RUC>` stands for the issuer's RUC. */
  readonly issuerNamePlaces: LocalizedText;
}

/** The library's: the options a program passes (SubmitOptions, ValidateOptions, ServiceOptions). */
export const OPTION_NAMES: ValueNames = {
  defaultIssuer: localized('credentials.ruc, emisor.ruc o config.emisor.ruc', 'credentials.ruc, emisor.ruc or config.emisor.ruc'),
  issuerLogins: localized(
    'en issuerCredentials ({"<RUC>": {"mail": "…", "clave": "…"}}), o en credentials para el emisor por omisión',
    'in issuerCredentials ({"<RUC>": {"mail": "…", "clave": "…"}}), or in credentials for the default issuer',
  ),
  onlyIssuer: 'onlyIssuer',
  onlyIssuerUsage: 'onlyIssuer: "<RUC>"',
  loginPlaces: localized(
    'credentials (ruc, mail y clave), o issuerCredentials["<RUC>"] (mail y clave)',
    'credentials (ruc, mail and clave), or issuerCredentials["<RUC>"] (mail and clave)',
  ),
  loginRuc: 'credentials.ruc',
  authUrl: 'authUrl',
  baseUrl: 'baseUrl',
  out: 'out',
  fixAndResendOut: 'fixAndResendOut',
  journal: 'journal',
  tipoRegistro: 'tipoRegistro',
  mapping: localized('la asignación de columnas (mapping)', 'the column mapping (mapping)'),
  issuer: localized('emisor o config.emisor', 'emisor or config.emisor'),
  issuerName: localized('emisor.nombreLegal o config.emisor.nombreLegal', 'emisor.nombreLegal or config.emisor.nombreLegal'),
  issuerNamePlaces: localized(
    'en emisor.nombreLegal, o en config (emisor.nombreLegal, o emisores["<RUC>"].nombreLegal)',
    'in emisor.nombreLegal, or in config (emisor.nombreLegal, or emisores["<RUC>"].nombreLegal)',
  ),
};

/** The names a caller gave over the library's own (a caller names only the values it takes another way). */
export function valueNames(given: Partial<ValueNames> | undefined): ValueNames {
  return given === undefined ? OPTION_NAMES : { ...OPTION_NAMES, ...given };
}
