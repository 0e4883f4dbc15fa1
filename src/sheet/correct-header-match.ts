import type { ColumnMapping, HeaderMatch } from './column-mapping.js';
import { withCombinedKeyColumn } from './combined-key-column.js';
import { withDocumentKindColumn } from './document-kind-column.js';
import { withoutRowCounter } from './row-counter-column.js';
import type { SourceRow } from './source-row.js';

/**
 * A header row's match corrected by what the rows below it hold, the same way for a run's header
 * search and a preview's proposal: a column holding the serie and the number together feeds both,
 * a register's row counter is set aside, and a «Tipo doc.» holding kinds of document is the
 * document's kind, not the customer's type. `bySample`: a proposal the user confirms
 * (withCombinedKeyColumn).
 */
export function correctHeaderMatch(
  match: HeaderMatch,
  below: readonly SourceRow[],
  options: { readonly mapping: ColumnMapping; readonly bySample?: boolean },
): HeaderMatch {
  const keyed = withoutRowCounter(withCombinedKeyColumn(match, below, options.bySample === true ? { bySample: true } : {}));
  return withDocumentKindColumn(keyed, below, { mapped: options.mapping.receptorTipoDocumento !== undefined });
}
