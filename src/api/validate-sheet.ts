import type { LocalizedText } from '../i18n/localized-text.js';
import { localized } from '../i18n/localized-text.js';
import { shownCount } from '../i18n/shown-count.js';
import { silentLogger } from '../logger.js';
import { eventSender, runImport } from '../run-import.js';
import { issuedInJournal } from '../submit/issued-in-journal.js';
import { namesNoOtherIssuer, readSheetKeys } from '../sheet-keys.js';
import { prepareRun } from './prepare-run.js';
import { completeEmisor, issuerProfile } from '../config/resolve-settings.js';
import { issuerFromLogin } from '../config/issuer-from-login.js';
import type { LoginIssuerData } from '../config/issuer-from-login.js';
import { runListening } from './run-listening.js';
import type { ValidateOptions } from './run-options.js';
import type { RunSummary } from './run-summary.js';
import { summarizeRun } from './run-summary.js';
import type { ValueNames } from '../value-names.js';
import { valueNames } from '../value-names.js';

/** No issuer at all: `names.issuer` says where one is configured (the library's options, the command line's flags). */
function noIssuer(names: ValueNames): LocalizedText {
  return localized(
    `Emisor no configurado (${names.issuer.es}): se revisó todo lo demás; el emisor se tomará del login al enviar.`,
    `No issuer configured (${names.issuer.en}): everything else was checked; submit takes the issuer from the login.`,
  );
}

/** The same when every invoice names its issuer in «RUC emisor» (an accounting firm's sheet): nothing is missing. */
const ISSUERS_FROM_LOGINS = localized(
  'Cada factura indica su emisor («RUC emisor»): se revisó todo; la razón social y los demás datos de cada emisor se tomarán de su login al enviar.',
  'Every invoice names its issuer («RUC emisor»): everything was checked; each issuer’s legal name and other details come from its login at submit.',
);

/** The RUC alone was given (`emisor.ruc`, the configuration's without its name): only the legal name is left to the login. */
function rucWithoutName(ruc: string, names: ValueNames): LocalizedText {
  return localized(
    `Emisor: RUC ${ruc}, sin razón social (${names.issuerName.es}): se revisó todo; la razón social se tomará del login al enviar.`,
    `Issuer: RUC ${ruc}, without a legal name (${names.issuerName.en}): everything was checked; submit takes the legal name from the login.`,
  );
}

/** What a dry run without a complete issuer says of it: every invoice names its own, the RUC alone is known, or none is. */
function issuerMissingNote(everyInvoiceNamesIt: boolean, ruc: string | undefined, names: ValueNames): LocalizedText {
  if (everyInvoiceNamesIt) return ISSUERS_FROM_LOGINS;
  return ruc !== undefined ? rucWithoutName(ruc, names) : noIssuer(names);
}

/** Why a check starts over: invoices whose rows come back further down. */
function checkingAgain(comesBack: ReadonlyMap<string, number>): LocalizedText {
  const [first] = [...comesBack.values()].sort((a, b) => a - b);
  const n = comesBack.size;
  const es = n === 1 ? 'Una factura vuelve' : `${shownCount(n, 'es')} facturas vuelven`;
  const en = n === 1 ? 'An invoice comes' : `${shownCount(n, 'en')} invoices come`;
  return localized(
    `${es} a aparecer más abajo, después de otras facturas (desde la fila ${first}): se revisa la hoja otra vez para que ninguna parte de ${n === 1 ? 'ella' : 'ellas'} cuente como lista para enviar.`,
    `${en} back further down, after other invoices (from row ${first}): the sheet is checked again so that no part of ${n === 1 ? 'it' : 'them'} counts as ready to send.`,
  );
}

/**
 * The dry run: reads the sheet, checks every invoice and writes the results workbook (and the
 * fix-and-resend workbook when something needs fixing; neither with `writeFiles: false`). No network, no account. Prints nothing;
 * a failure that ends the run is a FacturaError with its `code`.
 *
 * Its statuses are the ones a submission of the same sheet would start from: an invoice whose rows
 * come back after other invoices is INVALID in every part, as `submitSheet` sends none of it. A run
 * streams: each invoice is checked when its rows end, before the sheet says whether its number comes
 * back. So the sheet is checked once and, only when it has such an invoice (rare: a sorted sheet,
 * the common one, is read once), checked again knowing it: a `notice` event says so, then the events
 * start over from `sheet` (a listener that keeps them forgets the first run's at the second `sheet`).
 */
export async function validateSheet(path: string, options: ValidateOptions = {}): Promise<RunSummary> {
  const { input, settings, paths } = prepareRun(path, options);
  const logger = options.logger ?? silentLogger();
  const journal = options.journal === true ? paths.journal : options.journal;
  // A complete issuer's RUC is among the hints too.
  const issuer = settings.issuerHints.ruc ?? options.journalIssuer;
  const at = journal === undefined ? undefined : await issuedInJournal(journal, options.journalService);
  const ownJournal = options.journal === true;
  const issued =
    at === undefined
      ? undefined
      : {
          at,
          ...(issuer !== undefined ? { issuer } : {}),
          ownJournal,
          // As a submission holds them (submit-sheet.ts): the sheet's own journal, and no row names another issuer than the
          // default. The sheet's issuers are read only when the journal has another issuer's acceptances to hold.
          holdOtherIssuers:
            ownJournal &&
            issuer !== undefined &&
            at.hasAnotherIssuer(issuer) &&
            namesNoOtherIssuer(await readSheetKeys(input, settings, options.edits, issuer), issuer),
        };
  // The issuer completed from its login where nothing else gives a value, as a submission completes it (issuerFromLogin).
  const loginOf = (ruc: string): LoginIssuerData | undefined => {
    const mail = options.loginMails?.[ruc];
    const razonSocial = options.loginNames?.[ruc];
    return mail === undefined ? undefined : { mail, ...(razonSocial !== undefined ? { razonSocial } : {}) };
  };
  const emisor = settings.issuer === undefined ? undefined : completeEmisor(issuerFromLogin(settings.issuer, loginOf(settings.issuer.ruc)));
  const byLogin = Object.keys(options.loginMails ?? {}).length > 0;
  const check = (splitKeys: ReadonlyMap<string, number> | undefined): ReturnType<typeof runImport> =>
    runImport({
      command: 'validate',
      input,
      settings,
      paths,
      ...(emisor !== undefined ? { emisor } : {}),
      ...(byLogin ? { emisorFor: (ruc: string) => completeEmisor(issuerFromLogin(issuerProfile(settings, ruc).hints, loginOf(ruc))) } : {}),
      // The login's RUC, when the caller knows it (the workspace): the issuer of invoices that name none,
      // as a submission takes it, so both group a blank issuer and that RUC's alike.
      ...(issuer !== undefined ? { defaultRuc: issuer } : {}),
      ...(splitKeys !== undefined ? { splitKeys } : {}),
      ...(issued !== undefined ? { issued } : {}),
      logger,
      clock: options.clock ?? Date.now,
      ...runListening(options),
      ...(options.writeFiles !== undefined ? { writeFiles: options.writeFiles } : {}),
      lang: settings.lang,
    });
  let result = await check(undefined);
  if (result.comesBack.size > 0 && !result.interrupted) {
    const message = checkingAgain(result.comesBack);
    logger.info({ invoices: result.comesBack.size }, message[settings.lang]);
    eventSender(options.onEvent, logger)({ type: 'notice', message });
    result = await check(result.comesBack);
  }
  // Invoices the sheet names an issuer for are counted by it (byIssuer); the rest would need the configured one.
  const named = result.summary.byIssuer.reduce((n, i) => n + i.invoices, 0);
  const issuerNote =
    settings.issuer !== undefined
      ? []
      : [issuerMissingNote(named > 0 && named === result.summary.invoices, settings.issuerHints.ruc, valueNames(options.valueNames))[settings.lang]];
  return summarizeRun(result, issuerNote);
}
