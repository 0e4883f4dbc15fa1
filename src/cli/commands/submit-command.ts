import { setMaxListeners } from 'node:events';
import { FacturaError } from '../../factura-error.js';
import { localized } from '../../i18n/localized-text.js';
import type { Emisor } from '../../invoice/validation-context.js';
import { createSubmission } from '../../submit/create-submission.js';
import { openJournal } from '../../submit/journal.js';
import { acquireRunLock } from '../../submit/run-lock.js';
import { TEST_ACCOUNT_MIN_RENEWAL_INTERVAL_MS } from '../../submit/token-manager.js';
import type { CliCommand } from '../main.js';
import { connectService } from '../service-connection.js';
import type { ServiceConnection } from '../service-connection.js';
import type { SheetArgs } from '../sheet-options.js';
import { withSheetOptions } from '../sheet-options.js';
import { finishSheetRun, prepareSheetRun, runSheetImport } from '../sheet-run.js';

export interface SubmitArgs extends SheetArgs {
  readonly sandbox: boolean;
  readonly concurrency?: number;
  readonly maxAttempts?: number;
  readonly journal?: string;
  readonly renewMargin: number;
  readonly testAccount: boolean;
  readonly timeout: number;
}

/** The issuer: flags or config file first, else FACTURA_RUC, the login's razonSocial and FACTURA_MAIL. */
function issuerFor(hints: Partial<Emisor>, connection: ServiceConnection): Emisor {
  const profile = connection.profile();
  const ruc = hints.ruc ?? connection.credentials.ruc;
  const nombreLegal = hints.nombreLegal ?? profile?.razonSocial;
  if (nombreLegal === undefined) {
    throw new FacturaError(
      'CONFIG',
      localized(
        'El servicio no indicó la razón social del emisor: indíquela con --emisor-nombre o en el archivo de configuración.',
        "The service did not give the issuer's legal name: set it with --emisor-nombre or in the config file.",
      ),
    );
  }
  if (ruc !== connection.credentials.ruc) {
    throw new FacturaError(
      'CONFIG',
      localized(
        `El RUC del emisor (${ruc}) no es el de la cuenta (${connection.credentials.ruc}): el servicio solo acepta facturas del RUC con el que se inició sesión.`,
        `The issuer RUC (${ruc}) is not the account's (${connection.credentials.ruc}): the service only takes invoices of the RUC that logged in.`,
      ),
    );
  }
  const correo = hints.correo ?? connection.credentials.mail;
  return { ruc, nombreLegal, ...(hints.nombreComercial !== undefined ? { nombreComercial: hints.nombreComercial } : {}), correo };
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
    const setup = await prepareSheetRun(args, ctx);
    const lang = ctx.args.lang;
    // One run per sheet: taken before the login (no request before it), released on every way out.
    await using _lock = await acquireRunLock(setup.paths.journal, { command: `factura-import submit ${args.file}`, logger: ctx.logger, lang });
    const { concurrency, maxAttempts } = setup.settings;
    // Every request in flight listens to the stop signal; more than Node's default 10 is expected here.
    if (ctx.io.signal !== undefined) setMaxListeners(concurrency * 2 + 10, ctx.io.signal);
    const connection = await connectService({
      sandbox: args.sandbox,
      env: ctx.io.env,
      logger: ctx.logger,
      concurrency,
      renewMarginMs: args.renewMargin * 60_000,
      ...(args.testAccount ? { minRenewalIntervalMs: TEST_ACCOUNT_MIN_RENEWAL_INTERVAL_MS } : {}),
      timeoutMs: args.timeout * 1000,
    });
    try {
      // Log in before reading: refused credentials stop the run before anything is sent (exit 3).
      await connection.tokens.getToken();
      const emisor = issuerFor(setup.settings.issuerHints, connection);
      const journal = await openJournal(setup.paths.journal);
      if (journal.report.tornLastLine !== undefined) {
        ctx.logger.warn(
          { journal: journal.path, line: journal.report.tornLastLine.line },
          lang === 'es' ? 'la última línea del diario quedó cortada (corte abrupto) y se ignora' : 'the journal’s last line was cut short (abrupt stop) and is ignored',
        );
      }
      try {
        const submission = createSubmission({
          client: connection.client,
          tokens: connection.tokens,
          journal,
          issuerRuc: emisor.ruc,
          concurrency,
          maxAttempts,
          logger: ctx.logger,
          ...(ctx.io.signal !== undefined ? { signal: ctx.io.signal } : {}),
        });
        const secrets = [connection.credentials.clave].filter((s) => s.length > 0);
        const result = await runSheetImport(ctx, setup, { command: 'submit', emisor, submission, secrets });
        ctx.logger.info({ ...connection.tokens.stats }, lang === 'es' ? 'sesiones con el servicio' : 'service sessions');
        return finishSheetRun(result, ctx, args.json, []);
      } finally {
        await journal.close();
      }
    } finally {
      await connection.close();
    }
  },
};
