import { runImport } from '../../run-import.js';
import type { CliCommand } from '../main.js';
import { createProgressReporter } from '../progress-reporter.js';
import { finishSheetRun, prepareSheetRun } from '../sheet-run.js';
import type { SheetArgs } from '../sheet-options.js';
import { withSheetOptions } from '../sheet-options.js';

/** `factura-import validate <file>`: the dry run. No network, no credentials. */
export const validateCommand: CliCommand<SheetArgs> = {
  command: 'validate <file>',
  describe: 'Dry run: read, check every invoice, write the results workbook (no network, no account)',
  builder: (y) => withSheetOptions(y),
  async run(args, ctx) {
    const { input, settings, paths } = await prepareSheetRun(args, ctx);
    const progress = createProgressReporter({ stream: ctx.io.stderr, lang: ctx.args.lang, quiet: ctx.args.quiet, logger: ctx.logger });
    const result = await runImport({
      command: 'validate',
      input,
      settings,
      paths,
      ...(settings.issuer !== undefined ? { emisor: settings.issuer } : {}),
      logger: ctx.logger,
      clock: Date.now,
      ...(ctx.io.signal !== undefined ? { signal: ctx.io.signal } : {}),
      onOutcome: (o) => progress.tick(o.status),
      lang: ctx.args.lang,
    }).finally(() => progress.stop());
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
