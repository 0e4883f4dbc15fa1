import { resolve } from 'node:path';
import { submitSheet } from '../../index.js';
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

/** `factura-import submit <file>`: validate, then send the valid invoices; journal; results. */
export const submitCommand: CliCommand<SubmitArgs> = {
  command: 'submit <file>',
  describe: 'Check every invoice and send the valid ones to the service (journal, retries, results workbook)',
  builder: (y) =>
    withSheetOptions(y)
      .option('sandbox', { type: 'boolean', default: false, describe: 'Send to the built-in simulator (demo account), no real account needed' })
      .option('concurrency', { type: 'number', describe: 'Invoices in flight at once (default: config file, else 4)' })
      .option('max-attempts', { type: 'number', describe: 'Tries per invoice for server errors, 429 and network failures (default: config file, else 5)' })
      .option('journal', { type: 'string', describe: 'Journal file (default: <input>.journal.jsonl beside the input)' })
      .option('renew-margin', { type: 'number', default: 15, describe: 'Renew the token this many minutes before it expires' })
      .option('test-account', { type: 'boolean', default: false, describe: 'Test account: renew the token at most once an hour' })
      .option('timeout', { type: 'number', default: 60, describe: 'Seconds to wait for an answer before the request counts as failed' })
      .check((a) => {
        const c = a.concurrency;
        const m = a['max-attempts'];
        if (c !== undefined && (!Number.isInteger(c) || c < 1 || c > 64)) throw new Error('--concurrency must be a whole number from 1 to 64');
        if (m !== undefined && (!Number.isInteger(m) || m < 1 || m > 20)) throw new Error('--max-attempts must be from 1 to 20');
        if (!(a.timeout > 0)) throw new Error('--timeout must be a positive number of seconds');
        return true;
      }) as never,
  async run(args, ctx) {
    const { input, ...options } = await sheetRunOptions(args, ctx);
    const summary = await withService(args.sandbox, ctx.io.env, ctx.logger, (service) =>
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
        }),
      ),
    );
    return finishSheetRun(summary, ctx, args.json);
  },
};
