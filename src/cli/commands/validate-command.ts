import { localized } from '../../i18n/localized-text.js';
import { validateSheet } from '../../index.js';
import type { CliCommand } from '../cli-command.js';
import { finishSheetRun, sheetRunOptions, withProgress } from '../sheet-run.js';
import type { SheetArgs } from '../sheet-options.js';
import { withSheetOptions } from '../sheet-options.js';

/** `factura-import validate <file>`: the dry run. No network, no credentials. */
export const validateCommand: CliCommand<SheetArgs> = {
  command: 'validate <file>',
  describe: localized(
    'Prueba sin enviar: lee la hoja, revisa cada factura y escribe el libro de resultados (sin red ni cuenta)',
    'Dry run: read, check every invoice, write the results workbook (no network, no account)',
  ),
  builder: (y, lang) => withSheetOptions(y, lang),
  async run(args, ctx) {
    const { input, ...options } = await sheetRunOptions(args, ctx);
    const summary = await withProgress(ctx, (onEvent) => validateSheet(input, { ...options, onEvent }));
    return finishSheetRun(summary, ctx, args.json);
  },
};
