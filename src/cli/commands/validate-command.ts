import { localized } from '../../i18n/localized-text.js';
import { resolve } from 'node:path';
import { validateSheet } from '../../index.js';
import { journalReadFromEnv, loginMailsFromEnv } from '../service-from-env.js';
import type { CliCommand } from '../cli-command.js';
import { finishSheetRun, sheetRunOptions, withProgress } from '../sheet-run.js';
import type { SheetArgs } from '../sheet-options.js';
import { withSheetOptions } from '../sheet-options.js';

/** `factura-import validate <file>`: the dry run. No network, no credentials. */
export interface ValidateArgs extends SheetArgs {
  readonly journal?: string;
}

export const validateCommand: CliCommand<ValidateArgs> = {
  command: 'validate <file>',
  describe: localized(
    'Prueba sin enviar: lee la hoja, revisa cada factura y escribe el libro de resultados (sin red ni cuenta)',
    'Dry run: read, check every invoice, write the results workbook (no network, no account)',
  ),
  builder: (y, lang) =>
    withSheetOptions(y, lang).option('journal', {
      type: 'string',
      describe: localized(
        'Diario de envíos a consultar, sin cambiarlo: las facturas que ya aceptó el servicio se señalan (por omisión: <entrada>.journal.jsonl junto a la hoja, si existe)',
        'Submission journal to read, never changed: invoices the service already accepted are pointed out (default: <input>.journal.jsonl beside the input, if any)',
      )[lang],
    }) as never,
  async run(args, ctx) {
    const { input, ...options } = await sheetRunOptions(args, ctx);
    const summary = await withProgress(ctx, (onEvent) =>
      validateSheet(input, {
        ...options,
        onEvent,
        journal: args.journal !== undefined ? resolve(ctx.io.cwd, args.journal) : true,
        // Issued by the issuer and at the service a submission from here would use: the environment's.
        ...journalReadFromEnv(ctx.io.env),
        // The login's mail as a submission would take it, for the documents it would send (no password read, nothing contacted).
        ...loginMailsFromEnv(ctx.io.env),
      }),
    );
    return finishSheetRun(summary, ctx, args.json);
  },
};
