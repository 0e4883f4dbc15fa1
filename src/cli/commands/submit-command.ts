import { resolve } from 'node:path';
import { localized } from '../../i18n/localized-text.js';
import type { RunLimitNames } from '../../index.js';
import { checkRunLimits, submitSheet } from '../../index.js';
import { received, usage } from '../usage-error.js';
import type { CliCommand } from '../cli-command.js';
import { withService } from '../service-from-env.js';
import type { SheetArgs } from '../sheet-options.js';
import { withSheetOptions } from '../sheet-options.js';
import { finishSheetRun, sheetRunOptions, withProgress } from '../sheet-run.js';

export interface SubmitArgs extends SheetArgs {
  readonly sandbox: boolean;
  readonly concurrency?: number;
  readonly maxAttempts?: number;
  readonly journal?: string;
  readonly renewMargin: number;
  readonly testAccount: boolean;
  readonly timeout: number;
}

/** The run's limits as `submit` names them: its flags, the timeout in seconds. */
const FLAG_NAMES: RunLimitNames = {
  concurrency: '--concurrency',
  maxAttempts: '--max-attempts',
  timeout: '--timeout',
  timeoutUnit: localized('segundos', 'seconds'),
};

/** `factura-import submit <file>`: validate, then send the valid invoices; journal; results. */
export const submitCommand: CliCommand<SubmitArgs> = {
  command: 'submit <file>',
  describe: localized(
    'Revisa cada factura y envía las válidas al servicio (diario, reintentos, libro de resultados)',
    'Check every invoice and send the valid ones to the service (journal, retries, results workbook)',
  ),
  builder: (y, lang) =>
    withSheetOptions(y, lang)
      .option('sandbox', {
        type: 'boolean',
        default: false,
        describe: localized(
          'Envía al simulador incorporado (cuenta de demostración), sin cuenta real',
          'Send to the built-in simulator (demo account), no real account needed',
        )[lang],
      })
      .option('concurrency', {
        type: 'number',
        describe: localized(
          'Facturas en curso a la vez, de 1 a 64 (por omisión: configuración, o 4)',
          'Invoices in flight at once, 1 to 64 (default: config file, else 4)',
        )[lang],
      })
      .option('max-attempts', {
        type: 'number',
        describe: localized(
          'Intentos por factura ante errores del servidor, 429 y fallas de red, de 1 a 20 (por omisión: configuración, o 5)',
          'Tries per invoice for server errors, 429 and network failures, 1 to 20 (default: config file, else 5)',
        )[lang],
      })
      .option('journal', {
        type: 'string',
        describe: localized(
          'Archivo diario (por omisión: <entrada>.journal.jsonl junto a la hoja)',
          'Journal file (default: <input>.journal.jsonl beside the input)',
        )[lang],
      })
      .option('renew-margin', {
        type: 'number',
        default: 15,
        describe: localized('Renueva el token esta cantidad de minutos antes de que venza', 'Renew the token this many minutes before it expires')[lang],
      })
      .option('test-account', {
        type: 'boolean',
        default: false,
        describe: localized('Cuenta de prueba: renueva el token como mucho una vez por hora', 'Test account: renew the token at most once an hour')[lang],
      })
      .option('timeout', {
        type: 'number',
        default: 60,
        describe: localized(
          'Segundos de espera de una respuesta antes de darla por fallida',
          'Seconds to wait for an answer before the request counts as failed',
        )[lang],
      })
      .check((a) => {
        // --concurrency, --max-attempts and --timeout are checked by the library's checkRunLimits (run).
        if (!(a['renew-margin'] >= 0)) {
          throw usage(
            `--renew-margin debe ser una cantidad de minutos, cero o más (se recibió ${received(a['renew-margin'], 'es')}).`,
            `--renew-margin must be a number of minutes, zero or more (got ${received(a['renew-margin'], 'en')}).`,
          );
        }
        return true;
      }) as never,
  async run(args, ctx) {
    // Before the config file and the credentials are read, as a wrong flag should be.
    checkRunLimits({ concurrency: args.concurrency, maxAttempts: args.maxAttempts, timeout: args.timeout }, FLAG_NAMES);
    const { input, ...options } = await sheetRunOptions(args, ctx);
    const summary = await withService(
      args.sandbox,
      ctx.io.env,
      ctx.logger,
      (service) =>
        withProgress(ctx, (onEvent) =>
          submitSheet(input, {
            ...options,
            ...service,
            onEvent,
            ...(args.concurrency !== undefined ? { concurrency: args.concurrency } : {}),
            ...(args.maxAttempts !== undefined ? { maxAttempts: args.maxAttempts } : {}),
            ...(args.journal !== undefined ? { journal: resolve(ctx.io.cwd, args.journal) } : {}),
            renewMarginMs: args.renewMargin * 60_000,
            testAccount: args.testAccount,
            timeoutMs: args.timeout * 1000,
            runLabel: `factura-import submit ${args.file}`,
          }),
        ),
      ctx.io.cwd,
    );
    return finishSheetRun(summary, ctx, args.json);
  },
};
