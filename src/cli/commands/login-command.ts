import { localized } from '../../i18n/localized-text.js';
import { checkLogin, limaDateTime } from '../../index.js';
import type { CliCommand } from '../cli-command.js';
import { withService } from '../service-from-env.js';

export interface LoginArgs {
  readonly sandbox: boolean;
  readonly json: boolean;
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
      .option('sandbox', { type: 'boolean', default: false, describe: localized('Inicia sesión en el simulador incorporado (cuenta de demostración)', 'Log in to the built-in simulator (demo account)')[lang] })
      .option('json', { type: 'boolean', default: false, describe: localized('Imprime la respuesta como JSON', 'Print the answer as JSON')[lang] }),
  async run(args, ctx) {
    const check = await withService(args.sandbox, ctx.io.env, ctx.logger, (service) => checkLogin({ ...service, logger: ctx.logger }));
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
