import type { ValidateOptions } from '../index.js';

/** Where a workspace's checks read what was issued: its journal, the service «Enviar» sends to, the login's RUC. */
export interface JournalReadDeps {
  readonly journal?: string;
  readonly journalService?: string;
  readonly defaultRuc?: () => string | undefined;
  /** The logins' mails and legal names the workspace knows (IssuerAccess.knownLogins): the documents a submission would send. */
  readonly knownLogins?: () => Pick<ValidateOptions, 'loginMails' | 'loginNames'>;
}

/**
 * The journal a check reads, never writes (ValidateOptions.journal): each valid invoice already
 * issued, from this sheet or another, is SKIPPED («ACEPTADO ANTES») with the ALREADY_ISSUED warning. The check and the workbooks
 * its first download writes read it alike, so the page and the results say the same. Issued means
 * issued at the service «Enviar» sends to: a server with none reads no journal.
 */
export function journalReadOptions(deps: JournalReadDeps): Pick<ValidateOptions, 'journal' | 'journalService' | 'journalIssuer' | 'loginMails' | 'loginNames'> {
  if (deps.journal === undefined || deps.journalService === undefined) return {};
  const ruc = deps.defaultRuc?.();
  return {
    journal: deps.journal,
    journalService: deps.journalService,
    ...(ruc !== undefined ? { journalIssuer: ruc } : {}),
    // An issued invoice changed since is told only from the document a submission would send: with the login's mail and legal name (as `validate` takes FACTURA_MAIL).
    ...deps.knownLogins?.(),
  };
}
