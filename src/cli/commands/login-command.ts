import { limaDateTime } from '../../invoice/lima-today.js';
import type { CliCommand } from '../main.js';
import { connectService } from '../service-connection.js';

export interface LoginArgs {
  readonly sandbox: boolean;
  readonly json: boolean;
}

/** `factura-import login`: checks the credentials; prints legal name, state and expiry, never the token. */
export const loginCommand: CliCommand<LoginArgs> = {
  command: 'login',
  describe: 'Check the credentials (FACTURA_* variables): legal name, account state and token expiry',
  builder: (y) =>
    y
      .option('sandbox', { type: 'boolean', default: false, describe: 'Log in to the built-in simulator (demo account)' })
      .option('json', { type: 'boolean', default: false, describe: 'Print the answer as JSON' }),
  async run(args, ctx) {
    const connection = await connectService({ sandbox: args.sandbox, env: ctx.io.env, logger: ctx.logger, concurrency: 1 });
    try {
      const token = await connection.tokens.getToken();
      const p = connection.profile();
      const info = { ruc: p?.ruc ?? connection.credentials.ruc, razonSocial: p?.razonSocial, estado: p?.estado, expira: new Date(token.expiresAt).toISOString() };
      if (args.json) ctx.print(JSON.stringify(info));
      else {
        const es = ctx.args.lang === 'es';
        ctx.print(es ? 'Credenciales aceptadas.' : 'Credentials accepted.');
        ctx.print(`RUC:           ${info.ruc}`);
        ctx.print(`${es ? 'Razón social' : 'Legal name'}:  ${info.razonSocial ?? '-'}`);
        ctx.print(`${es ? 'Estado' : 'State'}:        ${info.estado ?? '-'}`);
        ctx.print(`${es ? 'Token expira' : 'Token expires'}: ${limaDateTime(token.expiresAt)} (Lima)`);
      }
      return info.estado === undefined || info.estado === 'ACTIVO' ? 0 : 1;
    } finally {
      await connection.close();
    }
  },
};
