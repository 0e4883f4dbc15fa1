import type { LocalizedText } from '../i18n/localized-text.js';
import type { ServiceAnswer } from '../invoice/invoice-outcome.js';
import type { Problem } from '../invoice/problem.js';
import { anotherIssuerProblem } from './another-issuer-problem.js';
import { SKIPPED_NOTE } from './issued-in-journal.js';
import { otherContentProblem } from './other-content-problem.js';

/** What the journal holds of one invoice, and what the run knows of it, as plain data: each reader of the journal looks these up its own way. */
export interface JournalVerdictInput {
  readonly serie: string;
  readonly numero: string | number;
  /** The invoice's first row (where its problem is said). */
  readonly row?: number;
  /**
   * The acceptance the journal holds for this invoice's key (its issuer's RUC, serie and number), if
   * any: the service's identificador and hash when the journal kept them, and whether the document
   * now is the one accepted (its hash against the journal line's). `sameDocument` undefined: not
   * known, where the document is not built as a submission would send it (an invoice left out, a
   * check without the issuer's data): the invoice stays issued as it was.
   */
  readonly accepted?: { readonly identificador?: string; readonly answerHash?: string; readonly sameDocument?: boolean };
  /** Whether the sheet names the invoice's issuer («RUC emisor»); else its RUC is the run's (`issuerRuc`). */
  readonly namesIssuer: boolean;
  /** The RUC the invoice goes out under when the sheet names none (the configured issuer's, the login's). */
  readonly issuerRuc?: string;
  /** The other issuer the journal (the sheet's own) shows this serie and number accepted for, if any (sole-other-issuer.ts). */
  readonly otherIssuer?: string;
  /** Whether a submission holds such an invoice (SubmissionDeps.holdOtherIssuers); else it is only pointed out. */
  readonly holdOtherIssuers: boolean;
}

/**
 * The journal's word on an invoice, as a submission and a dry run both say it:
 *  - `skipped`: issued before with this content (or content not known here): not sent again, with the service's identificador and hash;
 *  - `other-content`: issued before with other content: refused (a number is never issued twice);
 *  - `another-issuer`: a sheet that names no issuer, whose number its journal shows accepted for another
 *    issuer: refused where a submission holds it (`held`), else a warning;
 *  - `none`: the journal has nothing to say.
 */
export type JournalVerdict =
  | { readonly kind: 'skipped'; readonly answer?: ServiceAnswer; readonly note: LocalizedText }
  | { readonly kind: 'other-content'; readonly problem: Problem }
  | { readonly kind: 'another-issuer'; readonly held: boolean; readonly problem: Problem }
  | { readonly kind: 'none' };

/** The one policy of what the journal says of an invoice (create-submission.ts and run-import.ts both ask it). Pure. */
export function journalVerdict(input: JournalVerdictInput): JournalVerdict {
  const { serie, numero, row, accepted } = input;
  if (accepted !== undefined) {
    if (accepted.sameDocument === false) return { kind: 'other-content', problem: otherContentProblem(serie, numero, row) };
    const { identificador, answerHash: hash } = accepted;
    const answer = { ...(identificador !== undefined ? { identificador } : {}), ...(hash !== undefined ? { hash } : {}) };
    return { kind: 'skipped', note: SKIPPED_NOTE, ...(identificador !== undefined || hash !== undefined ? { answer } : {}) };
  }
  if (input.namesIssuer || input.otherIssuer === undefined || input.issuerRuc === undefined) return { kind: 'none' };
  const problem = anotherIssuerProblem(serie, numero, row, input.otherIssuer, input.issuerRuc);
  return input.holdOtherIssuers
    ? { kind: 'another-issuer', held: true, problem }
    : { kind: 'another-issuer', held: false, problem: { ...problem, severity: 'warning' } };
}
