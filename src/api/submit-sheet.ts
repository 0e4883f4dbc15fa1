import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';
import type { LocalizedText } from '../i18n/localized-text.js';
import type { Emisor } from '../invoice/validation-context.js';
import { silentLogger } from '../logger.js';
import { eventSender, runImport } from '../run-import.js';
import { createSubmission } from '../submit/create-submission.js';
import { openJournal } from '../submit/journal.js';
import { journalService } from '../submit/journal-service.js';
import { acquireRunLock } from '../submit/run-lock.js';
import pLimit from 'p-limit';
import { issuerProfile } from '../config/resolve-settings.js';
import { issuerFromLogin } from '../config/issuer-from-login.js';
import { isValidRuc } from '../invoice/rules/identity-document-rules.js';
import { issuerCensus } from '../issuer-census.js';
import { namesNoOtherIssuer, readSheetKeys } from '../sheet-keys.js';
import type { LoginCredentials } from '../submit/api-client.js';
import type { IssuerAccess } from '../submit/create-submission.js';
import type { RetryWait } from '../submit/submission.js';
import { issuerLoginFailed } from '../submit/create-submission.js';
import type { IssuerSession, IssuerSessions } from '../submit/service-session.js';
import { openIssuerSessions } from '../submit/service-session.js';
import { missingCredentialsError } from './missing-credentials.js';
import { TEST_ACCOUNT_MIN_RENEWAL_INTERVAL_MS } from '../submit/token-manager.js';
import { prepareRun } from './prepare-run.js';
import type { ValueNames } from '../value-names.js';
import { valueNames } from '../value-names.js';
import { runListening } from './run-listening.js';
import type { SubmitOptions } from './run-options.js';
import type { RunSummary } from './run-summary.js';
import { summarizeRun } from './run-summary.js';

/** The issuer: options or config first, else the login's razonSocial and the account's mail. */
function issuerFor(hints: Partial<Emisor> & { readonly ruc: string }, session: IssuerSession, names: Pick<ValueNames, 'issuerNamePlaces'>): Emisor {
  const profile = session.profile();
  const ruc = hints.ruc;
  const { nombreLegal, nombreComercial, correo } = issuerFromLogin(hints, {
    mail: session.credentials.mail,
    ...(profile?.razonSocial !== undefined ? { razonSocial: profile.razonSocial } : {}),
  });
  if (nombreLegal === undefined) {
    throw new FacturaError(
      'CONFIG',
      localized(
        `El servicio no indicó la razón social del emisor ${ruc}: indíquela ${names.issuerNamePlaces.es.replaceAll('<RUC>', ruc)}.`,
        `The service did not give the legal name of issuer ${ruc}: set it ${names.issuerNamePlaces.en.replaceAll('<RUC>', ruc)}.`,
      ),
    );
  }
  return { ruc, nombreLegal, ...(nombreComercial !== undefined ? { nombreComercial } : {}), ...(correo !== undefined ? { correo } : {}) };
}

/** Every login a run may use, by RUC: the default issuer's, then the per-issuer ones (which win). */
function accountsOf(options: SubmitOptions): Map<string, LoginCredentials> {
  const accounts = new Map<string, LoginCredentials>();
  if (options.credentials !== undefined) accounts.set(options.credentials.ruc, options.credentials);
  for (const [ruc, c] of Object.entries(options.issuerCredentials ?? {})) accounts.set(ruc, { ruc, mail: c.mail, clave: c.clave });
  return accounts;
}

const NOT_IN_RUN = (ruc: string) =>
  localized(
    `no enviado: el emisor ${ruc} no tenía facturas válidas al revisar la hoja antes de enviar (¿cambió la hoja durante el envío?); vuelva a enviar.`,
    `not sent: issuer ${ruc} had no valid invoices when the sheet was checked before sending (did the sheet change meanwhile?); submit again.`,
  );

/**
 * Checks every invoice and sends the valid ones. Several issuers (the sheet's `emisorRuc`): a first
 * quick pass lists the issuers with valid invoices, and every one must have a login, else nothing
 * is sent (FacturaError 'CONFIG' naming each RUC); each issuer then logs in once before anything
 * is sent (with one issuer, refused credentials end the run: FacturaError 'AUTH'; with several,
 * that issuer's invoices are FAILED with the reason and the others go on). The journal beside the
 * input (a rerun skips what was accepted and never issues a number twice), one bounded concurrency
 * across every issuer with retries, and the results workbook. `signal` stops it the way Ctrl-C
 * does. Prints nothing.
 */
export async function submitSheet(path: string, options: SubmitOptions): Promise<RunSummary> {
  const { input, settings, paths } = prepareRun(path, options);
  const { concurrency, maxAttempts } = settings;
  const logger = options.logger ?? silentLogger();
  const clock = options.clock ?? Date.now;
  const lang = settings.lang;
  const accounts = accountsOf(options);
  const names = valueNames(options.valueNames);
  for (const ruc of accounts.keys()) {
    if (!isValidRuc(ruc)) {
      throw new FacturaError(
        'CONFIG',
        localized(`Las credenciales nombran un RUC que no es válido: «${ruc}».`, `The credentials name a RUC that is not valid: "${ruc}".`),
      );
    }
  }
  // One run per sheet (journal) at a time: taken before the login, so a second run sends nothing.
  const tell = eventSender(options.onEvent, logger);
  const notify = (message: LocalizedText): void => tell({ type: 'notice', message });
  const lock = await acquireRunLock(paths.journal, { command: options.runLabel ?? `factura-import submit ${input}`, logger, lang, onNotice: notify });
  try {
    return await submitLocked();
  } finally {
    await lock.release();
  }

  async function submitLocked(): Promise<RunSummary> {
    const defaultRuc = settings.issuerHints.ruc ?? options.credentials?.ruc;
    const wanted = (ruc: string | undefined): boolean => settings.onlyIssuer === undefined || ruc === settings.onlyIssuer;
    // Who must log in, known before anything is sent (a sheet without emisorRuc is not read past its header).
    // Only whether each issuer has a valid invoice matters here: checking stops at the first one.
    // One pass over the invoice keys: the issuers the census waits for, and the invoices whose rows
    // come back further down (sent in none of their parts, not their first part alone).
    const keys = await readSheetKeys(input, settings, options.edits, defaultRuc);
    const census = await issuerCensus(input, settings, clock, defaultRuc, false, options.edits, { valid: 1, issuers: keys.issuers });
    const needed = census.hasIssuerColumn
      ? census.issuers.filter((i) => i.valid > 0 && wanted(i.ruc)).map((i) => i.ruc)
      : wanted(defaultRuc)
        ? [defaultRuc]
        : [];
    // On the simulator, an issuer without a login of its own takes its trial login.
    const trial = options.trialLogin;
    if (trial !== undefined) for (const ruc of needed) if (ruc !== undefined && !accounts.has(ruc)) accounts.set(ruc, { ruc, ...trial });
    const missing = needed.filter((ruc) => ruc === undefined || !accounts.has(ruc));
    if (missing.length > 0) throw missingCredentialsError(missing, names);
    const rucs = needed.filter((ruc): ruc is string => ruc !== undefined);
    // Nothing valid to send: the default login is still checked first, as with one issuer always.
    if (rucs.length === 0 && defaultRuc !== undefined && accounts.has(defaultRuc) && wanted(defaultRuc)) rucs.push(defaultRuc);

    const sessions = openIssuerSessions({
      accounts,
      authUrl: options.authUrl,
      baseUrl: options.baseUrl,
      names,
      ...(options.dispatcher !== undefined ? { dispatcher: options.dispatcher } : {}),
      logger,
      clock,
      concurrency,
      ...(options.renewMarginMs !== undefined ? { renewMarginMs: options.renewMarginMs } : {}),
      ...(options.testAccount === true ? { minRenewalIntervalMs: TEST_ACCOUNT_MIN_RENEWAL_INTERVAL_MS } : {}),
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.signal !== undefined ? { signal: options.signal } : {}),
    });
    try {
      // Each issuer logs in before reading: refused credentials are known before anything is sent.
      const limit = pLimit(concurrency);
      const logins = await Promise.all(
        rucs.map((ruc) =>
          limit(async (): Promise<{ ruc: string; error?: FacturaError }> => {
            try {
              await sessionOf(sessions, ruc).tokens.getToken();
              return { ruc };
            } catch (error) {
              if (!(error instanceof FacturaError)) throw error;
              return { ruc, error };
            }
          }),
        ),
      );
      const failed = logins.filter((l): l is { ruc: string; error: FacturaError } => l.error !== undefined);
      const first = failed[0];
      // One issuer (or none that could log in): the run ends as it always did.
      if (first !== undefined && failed.length === rucs.length) throw first.error;
      const refused = new Map(failed.map((f) => [f.ruc, issuerLoginFailed(f.ruc, f.error)]));
      for (const [ruc, reason] of refused) {
        logger.warn({ ruc }, reason.en);
        notify(reason);
      }
      const emisors = new Map<string, Emisor>();
      for (const ruc of rucs) {
        const hints = issuerProfile(settings, ruc).hints;
        // A refused issuer's documents are built only to be reported FAILED; none is sent.
        emisors.set(ruc, refused.has(ruc) ? { ruc, nombreLegal: hints.nombreLegal ?? ruc } : issuerFor(hints, sessionOf(sessions, ruc), names));
      }
      const defaultEmisor = defaultRuc === undefined ? undefined : emisors.get(defaultRuc);
      const journal = await openJournal(paths.journal, { service: journalService(options.baseUrl, options.journalService) });
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
          client: sessions.client,
          journal,
          accessFor: (ruc): IssuerAccess => {
            const reason = refused.get(ruc);
            if (reason !== undefined) return { refused: reason };
            return emisors.has(ruc) ? { tokens: sessionOf(sessions, ruc).tokens } : { refused: NOT_IN_RUN(ruc) };
          },
          isolateIssuers: rucs.length > 1,
          // The sheet's own journal, and no row names another issuer than the default: a rerun under another login is held.
          holdOtherIssuers: options.journal === undefined && namesNoOtherIssuer(keys, defaultRuc),
          concurrency,
          maxAttempts,
          logger,
          clock,
          ...(options.signal !== undefined ? { signal: options.signal } : {}),
          ...(options.onEvent !== undefined ? { onRetryWait: (wait: RetryWait) => tell({ type: 'retry-wait', ...wait }) } : {}),
        });
        const result = await runImport({
          command: 'submit',
          input,
          settings,
          paths,
          splitKeys: keys.split,
          ...(defaultEmisor !== undefined ? { emisor: defaultEmisor } : {}),
          ...(defaultRuc !== undefined ? { defaultRuc } : {}),
          emisorFor: (ruc) => emisors.get(ruc),
          submission,
          secrets: [...accounts.values()].map((a) => a.clave).filter((s) => s.length > 0),
          logger,
          clock,
          ...runListening(options),
          lang,
        });
        logger.info({ byIssuer: sessions.stats() }, localized('sesiones con el servicio', 'service sessions')[lang]);
        return summarizeRun(result, []);
      } finally {
        await journal.close();
      }
    } finally {
      await sessions.close();
    }
  }
}

function sessionOf(sessions: IssuerSessions, ruc: string): IssuerSession {
  const session = sessions.forRuc(ruc);
  if (session === undefined) throw new Error(`unreachable: no session for ${ruc} although its credentials were checked`);
  return session;
}
