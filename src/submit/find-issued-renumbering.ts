import type { InvoiceDraft } from '../invoice/invoice-draft.js';
import type { KeyBeforeEdits } from '../invoice/line-record.js';
import { journalKey } from './journal-state.js';
import type { Renumbering } from './renumbered-issued-problem.js';

/** Whether the journal shows an issuer's serie and number accepted (issuer undefined: the journal's own, as a check reads it). */
export type IsIssued = (issuerRuc: string | undefined, serie: string, numero: string) => boolean;

/**
 * The first row of `draft` whose edits moved it away from an invoice the journal shows issued: its
 * key before the edits (LineRecord.keyBefore) was another than the invoice's now. A row whose key
 * cells were blank before (a continuation row) has no invoice of its own and is passed over.
 */
export function findIssuedRenumbering(
  draft: Pick<InvoiceDraft, 'serie' | 'numero' | 'emisorRuc' | 'rows'>,
  keysBefore: ReadonlyMap<number, KeyBeforeEdits>,
  defaultIssuer: string | undefined,
  isIssued: IsIssued,
): Renumbering | undefined {
  const issuerNow = draft.emisorRuc ?? defaultIssuer;
  for (const row of draft.rows) {
    const before = keysBefore.get(row);
    if (before?.serie === undefined || before.numero === undefined) continue;
    const issuerBefore = before.emisorRuc ?? defaultIssuer;
    if (journalKey(issuerBefore ?? '', before.serie, before.numero) === journalKey(issuerNow ?? '', draft.serie, draft.numero)) continue;
    if (!isIssued(issuerBefore, before.serie, before.numero)) continue;
    const column = before.serie.toUpperCase() !== draft.serie.toUpperCase() ? 'serie' : before.numero !== draft.numero ? 'numero' : ('emisorRuc' as const);
    return {
      row,
      column,
      before: { serie: before.serie, numero: before.numero, ...(issuerBefore !== undefined ? { emisorRuc: issuerBefore } : {}) },
      after: { serie: draft.serie, numero: draft.numero, ...(issuerNow !== undefined ? { emisorRuc: issuerNow } : {}) },
    };
  }
  return undefined;
}
