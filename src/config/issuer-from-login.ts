import type { Emisor } from '../invoice/validation-context.js';

/** What a login gives of its issuer: the account's mail, and the legal name the service answered (razonSocial), when known. */
export interface LoginIssuerData {
  readonly mail: string;
  readonly razonSocial?: string;
}

/**
 * An issuer's hints (options, config) completed from its login where they leave a value out: the legal
 * name from the login's razonSocial, the mail from the account's. What a submission sends (submit-sheet.ts,
 * from the session it opened) and what a dry run builds to compare with it (validate-sheet.ts, from the
 * logins its caller knows) are completed by this one rule, so both build the same document.
 */
export function issuerFromLogin(hints: Partial<Emisor>, login: LoginIssuerData | undefined): Partial<Emisor> {
  if (login === undefined) return hints;
  const nombreLegal = hints.nombreLegal ?? login.razonSocial;
  return { ...hints, ...(nombreLegal !== undefined ? { nombreLegal } : {}), correo: hints.correo ?? login.mail };
}
