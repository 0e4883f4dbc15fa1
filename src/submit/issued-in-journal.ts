import { localized } from '../i18n/localized-text.js';
import type { Problem } from '../invoice/problem.js';
import { journalLines } from './journal-lines.js';
import { issuerOfKey, journalKey, recordFor } from './journal-state.js';
import { shownInstant } from '../i18n/shown-instant.js';
import { soleOtherIssuer } from './sole-other-issuer.js';

/** An invoice's acceptance as a journal holds it (its first one: once issued, a number stays issued). */
export interface JournalAcceptance {
  readonly at: string;
  readonly identificador?: string;
  /** The service's hash of the document (absent from journals written before it was kept). */
  readonly hash?: string;
  /**
   * Our hash of the document that was sent (documentHash, the journal line's `hash`): a submission
   * compares it with the sheet's document now (Journal.priorState), and so does a check that builds it.
   */
  readonly documentHash: string;
}

/** The note of an invoice skipped as issued before (Nota in the results workbook): a submission's, and a check's that finds it in the journal. */
export const SKIPPED_NOTE = localized('ya aceptado en una ejecución anterior (diario)', 'already accepted in an earlier run (journal)');

/**
 * When a journal saw an invoice accepted: by issuer RUC, serie and number; undefined when it did
 * not. An issuer left undefined (a dry run with neither a configured issuer nor a login) is the
 * journal's own when it has accepted invoices of one issuer only, as the journal beside one
 * company's sheet has; with several, it cannot be told and nothing counts as issued.
 */
export type IssuedAt = ((issuerRuc: string | undefined, serie: string, numero: string) => string | undefined) & {
  /**
   * What the journal kept of that acceptance (same issuer rule): its time, and the service's
   * identificador and hash when the journal holds them, as a submission's SKIPPED says them
   * (create-submission.ts): a check that calls the invoice issued says which document it is.
   */
  readonly acceptance: (issuerRuc: string | undefined, serie: string, numero: string) => JournalAcceptance | undefined;
  /**
   * Another issuer than `issuerRuc` for whom the journal saw the same serie and number accepted, and
   * when: a sheet that names no issuer, checked under another login than the one it was sent with.
   */
  readonly byAnotherIssuer: (issuerRuc: string, serie: string, numero: string) => { readonly ruc: string; readonly at: string } | undefined;
  /** Whether the journal's accepted invoices are all another issuer's than `issuerRuc` (byAnotherIssuer can say one at all). */
  readonly hasAnotherIssuer: (issuerRuc: string) => boolean;
};

/**
 * The invoices a submission journal shows as accepted by the service (issued), to say before a
 * submission that they will not go again: accepted by `service` (journal-service.ts; undefined: by
 * any service the journal names). Reads the journal without changing it or taking its
 * lock; a line that is not a record (a torn last line, damage) is passed over, since a run that
 * sends reads the journal again with its own rules. No journal: nothing issued.
 */
export async function issuedInJournal(path: string, service?: string): Promise<IssuedAt> {
  const issued = new Map<string, JournalAcceptance>();
  const issuers = new Set<string>();
  try {
    for await (const { record: r } of journalLines(path)) {
      if (r?.t === 'outcome' && r.status === 'ACCEPTED' && recordFor(r, service) && !issued.has(r.key)) {
        issued.set(r.key, {
          at: r.at,
          documentHash: r.hash,
          ...(typeof r.identificador === 'string' ? { identificador: r.identificador } : {}),
          ...(typeof r.answerHash === 'string' ? { hash: r.answerHash } : {}),
        });
        issuers.add(issuerOfKey(r.key));
      }
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const [only] = issuers.size === 1 ? issuers : [];
  const acceptance = (issuerRuc: string | undefined, serie: string, numero: string): JournalAcceptance | undefined => {
    const ruc = issuerRuc ?? only;
    return ruc === undefined ? undefined : issued.get(journalKey(ruc, serie, numero));
  };
  const at = (issuerRuc: string | undefined, serie: string, numero: string): string | undefined => acceptance(issuerRuc, serie, numero)?.at;
  const byAnotherIssuer = (issuerRuc: string, serie: string, numero: string): { ruc: string; at: string } | undefined => {
    const other = soleOtherIssuer(issuers, issuerRuc);
    const when = other === undefined ? undefined : issued.get(journalKey(other, serie, numero));
    return other === undefined || when === undefined ? undefined : { ruc: other, at: when.at };
  };
  const hasAnotherIssuer = (issuerRuc: string): boolean => soleOtherIssuer(issuers, issuerRuc) !== undefined;
  return Object.assign(at, { acceptance, byAnotherIssuer, hasAnotherIssuer });
}

/**
 * What a check says at a valid invoice the journal shows as accepted (`at`: the outcome's time):
 * which one, since when, and that it does not go again (the send panel says that a change made
 * since does not reach the service). Whether its content changed is known only where the document
 * built is the one a submission sends (then, ALREADY_ISSUED_WITH_OTHER_CONTENT: run-import.ts, journalWord).
 */
export function issuedBeforeProblem(serie: string, numero: string, at: string, row?: number): Problem {
  const when = shownInstant(at);
  return {
    severity: 'warning',
    code: 'ALREADY_ISSUED',
    ...(row !== undefined ? { row } : {}),
    message: localized(
      `La factura ${serie}-${numero} ya fue aceptada por el servicio el ${when} (según el diario de envíos): no se envía de nuevo.`,
      `Invoice ${serie}-${numero} was already accepted by the service on ${when} (per the submission journal): it is not sent again.`,
    ),
  };
}
