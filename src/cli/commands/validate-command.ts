import type { CliCommand } from '../main.js';
import { finishSheetRun, prepareSheetRun, runSheetImport } from '../sheet-run.js';
import type { SheetArgs } from '../sheet-options.js';
import { withSheetOptions } from '../sheet-options.js';

/** `factura-import validate <file>`: the dry run. No network, no credentials. */
export const validateCommand: CliCommand<SheetArgs> = {
  command: 'validate <file>',
  describe: 'Dry run: read, check every invoice, write the results workbook (no network, no account)',
  builder: (y) => withSheetOptions(y),
  async run(args, ctx) {
    const setup = await prepareSheetRun(args, ctx);
    const { settings } = setup;
    const result = await runSheetImport(ctx, setup, { command: 'validate', ...(settings.issuer !== undefined ? { emisor: settings.issuer } : {}) });
    const notes =
      settings.issuer === undefined
        ? [
            ctx.args.lang === 'es'
              ? 'Emisor no configurado (--config o --emisor-ruc/--emisor-nombre): se revisó todo lo demás; el emisor se tomará del login al enviar.'
              : 'No issuer configured (--config or --emisor-ruc/--emisor-nombre): everything else was checked; submit takes the issuer from the login.',
          ]
        : [];
    return finishSheetRun(result, ctx, args.json, notes);
  },
};
