import { journalLines } from '../submit/journal-lines.js';
import { journalKey, recordFor } from '../submit/journal-state.js';

/** When a journal saw an invoice accepted: by issuer RUC, serie and number; undefined when it did not. */
export type IssuedAt = (issuerRuc: string, serie: string, numero: string) => string | undefined;

/**
 * The invoices a submission journal shows as accepted by the service (issued), to say before a
 * submission that they will not go again: accepted by `service` (journal-service.ts; undefined: by
 * any service the journal names). Reads the journal without changing it or taking its
 * lock; a line that is not a record (a torn last line, damage) is passed over, since a run that
 * sends reads the journal again with its own rules. No journal: nothing issued.
 */
export async function issuedInJournal(path: string, service?: string): Promise<IssuedAt> {
  const issued = new Map<string, string>();
  try {
    for await (const { record: r } of journalLines(path)) {
      if (r?.t === 'outcome' && r.status === 'ACCEPTED' && recordFor(r, service) && !issued.has(r.key)) issued.set(r.key, r.at);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return (issuerRuc, serie, numero) => issued.get(journalKey(issuerRuc, serie, numero));
}
