import { localized } from '../../i18n/localized-text.js';
import { checkLogin, FacturaError, isValidRuc, limaDateTime } from '../../index.js';
import type { CliCommand } from '../cli-command.js';
import { CLI_VALUE_NAMES } from '../cli-value-names.js';
import { credentialsFor, withService } from '../service-from-env.js';
import type { Service } from '../service-from-env.js';
import { usage } from '../usage-error.js';

export interface LoginArgs {
  readonly sandbox: boolean;
  readonly json: boolean;
  readonly issuer?: string;
}

/** The login to check: `--issuer RUC`'s (per-issuer variables or file first), else FACTURA_RUC/MAIL/CLAVE. */
function loginOf(service: Service, issuer: string | undefined): NonNullable<Service['credentials']> {
  const chosen = issuer === undefined ? service.credentials : credentialsFor(service, issuer);
  if (chosen !== undefined) return chosen;
  throw new FacturaError(
    'CONFIG',
    issuer === undefined
      ? localized(
          'Faltan FACTURA_RUC, FACTURA_MAIL y FACTURA_CLAVE. Para comprobar el acceso de un emisor use --issuer RUC.',
          'FACTURA_RUC, FACTURA_MAIL and FACTURA_CLAVE are missing. To check one issuer’s login use --issuer RUC.',
        )
      : localized(
          `No hay credenciales para el emisor ${issuer}: indíquelas con FACTURA_MAIL_${issuer} y FACTURA_CLAVE_${issuer}, o en el archivo FACTURA_CREDENTIALS_FILE.`,
          `There are no credentials for issuer ${issuer}: give them with FACTURA_MAIL_${issuer} and FACTURA_CLAVE_${issuer}, or in the FACTURA_CREDENTIALS_FILE file.`,
        ),
  );
}

/** `factura-import login`: checks the credentials; prints legal name, state and expiry, never the token. */
export const loginCommand: CliCommand<LoginArgs> = {
  command: 'login',
  describe: localized(
    'Comprueba las credenciales (variables FACTURA_*): razón social, estado de la cuenta y vencimiento del token',
    'Check the credentials (FACTURA_* variables): legal name, account state and token expiry',
  ),
  builder: (y, lang) =>
    y
      .option('sandbox', {
        type: 'boolean',
        default: false,
        describe: localized('Inicia sesión en el simulador incorporado (cuenta de demostración)', 'Log in to the built-in simulator (demo account)')[lang],
      })
      .option('json', { type: 'boolean', default: false, describe: localized('Imprime la respuesta como JSON', 'Print the answer as JSON')[lang] })
      .option('issuer', { type: 'string', describe: localized('Comprueba el acceso de este emisor (RUC)', 'Check the login of this issuer (RUC)')[lang] })
      .check((a) => {
        if (a.issuer !== undefined && !isValidRuc(String(a.issuer))) {
          throw usage(
            `--issuer debe ser un RUC válido de 11 dígitos (se recibió «${String(a.issuer)}»).`,
            `--issuer must be a valid 11-digit RUC (got "${String(a.issuer)}").`,
          );
        }
        return true;
      }) as never,
  async run(args, ctx) {
    const check = await withService(
      args.sandbox,
      ctx.io.env,
      ctx.logger,
      ({ authUrl, baseUrl, ...logins }) =>
        checkLogin({
          authUrl,
          baseUrl,
          credentials: loginOf({ authUrl, baseUrl, ...logins }, args.issuer),
          valueNames: CLI_VALUE_NAMES,
          logger: ctx.logger,
        }),
      ctx.io.cwd,
    );
    const info = { ruc: check.ruc, razonSocial: check.razonSocial, estado: check.estado, expira: new Date(check.expiresAt).toISOString() };
    if (args.json) ctx.print(JSON.stringify(info));
    else {
      const lang = ctx.args.lang;
      ctx.print(localized('Credenciales aceptadas.', 'Credentials accepted.')[lang]);
      ctx.print(`RUC:           ${info.ruc}`);
      ctx.print(`${localized('Razón social', 'Legal name')[lang]}:  ${info.razonSocial ?? '-'}`);
      ctx.print(`${localized('Estado', 'State')[lang]}:        ${info.estado ?? '-'}`);
      ctx.print(`${localized('Token expira', 'Token expires')[lang]}: ${limaDateTime(check.expiresAt)} (Lima)`);
    }
    return info.estado === undefined || info.estado === 'ACTIVO' ? 0 : 1;
  },
};
