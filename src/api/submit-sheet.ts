import { setMaxListeners } from 'node:events';
import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';
import type { LocalizedText } from '../i18n/localized-text.js';
import type { Emisor } from '../invoice/validation-context.js';
import { silentLogger } from '../logger.js';
import { runImport } from '../run-import.js';
import { createSubmission } from '../submit/create-submission.js';
import { openJournal } from '../submit/journal.js';
import { acquireRunLock } from '../submit/run-lock.js';
import type { ServiceSession } from '../submit/service-session.js';
import { openServiceSession } from '../submit/service-session.js';
import { TEST_ACCOUNT_MIN_RENEWAL_INTERVAL_MS } from '../submit/token-manager.js';
import { prepareRun } from './prepare-run.js';
import type { SubmitOptions } from './run-options.js';
import type { RunSummary } from './run-summary.js';
import { summarizeRun } from './run-summary.js';

/** The issuer: options or config first, else the login's RUC, its razonSocial and the account's mail. */
function issuerFor(hints: Partial<Emisor>, session: ServiceSession): Emisor {
  const profile = session.profile();
  const ruc = hints.ruc ?? session.credentials.ruc;
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
  if (ruc !== session.credentials.ruc) {
    throw new FacturaError(
      'CONFIG',
      localized(
        `El RUC del emisor (${ruc}) no es el de la cuenta (${session.credentials.ruc}): el servicio solo acepta facturas del RUC con el que se inició sesión.`,
        `The issuer RUC (${ruc}) is not the account's (${session.credentials.ruc}): the service only takes invoices of the RUC that logged in.`,
      ),
    );
  }
  const correo = hints.correo ?? session.credentials.mail;
  return { ruc, nombreLegal, ...(hints.nombreComercial !== undefined ? { nombreComercial: hints.nombreComercial } : {}), correo };
}

/**
 * Checks every invoice and sends the valid ones: one login before reading (refused credentials
 * end the run before anything is read or sent: FacturaError 'AUTH'), the journal beside the input
 * (a rerun skips what was accepted and never issues a number twice), bounded concurrency with
 * retries, and the results workbook. `signal` stops it the way Ctrl-C does. Prints nothing.
 */
export async function submitSheet(path: string, options: SubmitOptions): Promise<RunSummary> {
  const { input, settings, paths } = prepareRun(path, options);
  const { concurrency, maxAttempts } = settings;
  const logger = options.logger ?? silentLogger();
  const clock = options.clock ?? Date.now;
  const lang = settings.lang;
  // Every request in flight listens to the stop signal; more than Node's default 10 is expected here.
  if (options.signal !== undefined) setMaxListeners(concurrency * 2 + 10, options.signal);
  // One run per sheet (journal) at a time: taken before the login, so a second run sends nothing.
  const notify = (message: LocalizedText): void => options.onEvent?.({ type: 'notice', message });
  const lock = await acquireRunLock(paths.journal, { command: options.runLabel ?? `factura-import submit ${input}`, logger, lang, onNotice: notify });
  try {
    return await submitLocked();
  } finally {
    await lock.release();
  }

  async function submitLocked(): Promise<RunSummary> {
    const session = openServiceSession({
      credentials: options.credentials,
      authUrl: options.authUrl,
      baseUrl: options.baseUrl,
      ...(options.dispatcher !== undefined ? { dispatcher: options.dispatcher } : {}),
      logger,
      clock,
      concurrency,
      ...(options.renewMarginMs !== undefined ? { renewMarginMs: options.renewMarginMs } : {}),
      ...(options.testAccount === true ? { minRenewalIntervalMs: TEST_ACCOUNT_MIN_RENEWAL_INTERVAL_MS } : {}),
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    });
    try {
      // Log in before reading: refused credentials stop the run before anything is sent.
      await session.tokens.getToken();
      const emisor = issuerFor(settings.issuerHints, session);
      const journal = await openJournal(paths.journal);
      if (journal.report.tornLastLine !== undefined) {
        const torn = localized(
          `la última línea del diario quedó cortada (corte abrupto) y se ignora: las facturas que nombraba se comprueban de nuevo con el servicio.`,
          `the journal’s last line was cut short (abrupt stop) and is ignored: the invoices it named are checked again with the service.`,
        );
        logger.warn({ journal: journal.path, line: journal.report.tornLastLine.line }, torn[lang]);
        notify(torn);
      }
      try {
        const submission = createSubmission({
          client: session.client,
          tokens: session.tokens,
          journal,
          issuerRuc: emisor.ruc,
          concurrency,
          maxAttempts,
          logger,
          clock,
          ...(options.signal !== undefined ? { signal: options.signal } : {}),
        });
        const result = await runImport({
          command: 'submit',
          input,
          settings,
          paths,
          emisor,
          submission,
          secrets: [options.credentials.clave].filter((s) => s.length > 0),
          logger,
          clock,
          ...(options.signal !== undefined ? { signal: options.signal } : {}),
          ...(options.onEvent !== undefined ? { onEvent: options.onEvent } : {}),
        ...(options.edits !== undefined ? { edits: options.edits } : {}),
    ...(options.edits !== undefined ? { edits: options.edits } : {}),
          lang,
        });
        logger.info({ ...session.tokens.stats }, localized('sesiones con el servicio', 'service sessions')[lang]);
        return summarizeRun(result, []);
      } finally {
        await journal.close();
      }
    } finally {
      await session.close();
    }
  }
}
