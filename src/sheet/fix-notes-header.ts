import { localized } from '../i18n/localized-text.js';
import { matchKey } from '../invoice/match-key.js';

/**
 * The added last column of the fix-and-resend file (fix-and-resend-writer.ts). Not plain
 * «Observaciones»: that is an alias of `glosa`, so a file fed back would send our notes as the
 * invoice's remark. This header matches no canonical column (a test checks it). A fix file fed back
 * as it is has it: the header search passes over it without a word (it is ours, not a column to
 * map), and it is dropped when the file is fixed again.
 */
export const FIX_NOTES_HEADER = localized('Observaciones de la validación', 'Validation notes');

const NOTES_KEYS = new Set([matchKey(FIX_NOTES_HEADER.es), matchKey(FIX_NOTES_HEADER.en)]);

/** Whether a header is that column's, in either language. */
export function isFixNotesHeader(header: string): boolean {
  return NOTES_KEYS.has(matchKey(header));
}
