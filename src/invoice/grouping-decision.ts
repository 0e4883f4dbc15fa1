import type { LocalizedText } from '../i18n/localized-text.js';
import { localized } from '../i18n/localized-text.js';
import type { ColumnName } from './canonical-columns.js';
import type { LineValues } from './line-record.js';

/**
 * The pure policy of grouping (docs/architecture.md, "The sheet"): given what a row says about its invoice key
 * and what came before, decide where the row goes. The streaming shell (invoice-grouper.ts) keeps
 * the state and builds the drafts; this file only decides.
 */

/**
 * What a row says about its invoice: a full key, no key at all, only half of one, or a key cell
 * that holds something unreadable (a NUL, an error cell): not blank, so never a continuation.
 */
export type RowKey =
  | { readonly kind: 'key'; readonly key: string; readonly serie: string; readonly numero: string; readonly emisorRuc?: string }
  | { readonly kind: 'blank' }
  | { readonly kind: 'partial'; readonly missing: 'serie' | 'numero'; readonly present: string }
  | { readonly kind: 'unreadable' };

/** First and last source row of a block of rows. */
export interface RowRange {
  readonly first: number;
  readonly last: number;
}

/** Where the grouping stands before a row: nothing yet, inside an invoice, or inside a run of orphan rows. */
export type GroupingState = { readonly kind: 'start' } | { readonly kind: 'invoice'; readonly key: string } | { readonly kind: 'orphan' };

export type GroupingDecision =
  /** The row belongs to the current item (same key, or a blank key continuing it). */
  | { readonly action: 'continue' }
  /** The row starts a new invoice never seen before. */
  | { readonly action: 'start-invoice' }
  /** The row's key already had rows before another invoice came in between. */
  | { readonly action: 'reappeared'; readonly earlier: RowRange }
  /** Under `mergeSplit`: the row joins the earlier (buffered) invoice with its key. */
  | { readonly action: 'merge' }
  /** The row cannot belong to any invoice: a blank key before the first invoice, or half a key. */
  | { readonly action: 'start-orphan'; readonly reason: 'before-first-invoice' | 'partial-key' };

/**
 * The comparison key of an invoice: the issuer's RUC when the sheet names one (F001-1 of two
 * companies are two invoices), series without case, number without leading zeros (the number
 * is sent as a JSON number, so `0012` and `12` are the same invoice).
 */
export function invoiceKey(serie: string, numero: string, emisorRuc?: string): string {
  const n = /^\d+$/.test(numero) ? numero.replace(/^0+(?=\d)/, '') : numero;
  const own = `${serie.toUpperCase()}-${n}`;
  return emisorRuc === undefined || emisorRuc === '' ? own : `${emisorRuc}|${own}`;
}

/** The issuer RUC a row names, as grouping keys invoices by it: trimmed, '' for none. */
export function rowIssuerOf(values: LineValues): string {
  return values.emisorRuc?.trim() ?? '';
}

/**
 * What a row says about its invoice. `defaultIssuer`: the run's default issuer, when known, keys a
 * row that leaves the issuer blank as that issuer's, so its F001-1 and an F001-1 naming that RUC are
 * one invoice (before, two: the second came back «ya existe», or a repeated number went unseen).
 */
export function rowKeyOf(values: LineValues, unreadableKeyCell = false, defaultIssuer = ''): RowKey {
  if (unreadableKeyCell) return { kind: 'unreadable' };
  const serie = values.serie?.trim() ?? '';
  const numero = values.numero?.trim() ?? '';
  if (serie === '' && numero === '') return { kind: 'blank' };
  if (serie === '') return { kind: 'partial', missing: 'serie', present: numero };
  if (numero === '') return { kind: 'partial', missing: 'numero', present: serie };
  const emisorRuc = rowIssuerOf(values);
  return {
    kind: 'key',
    key: invoiceKey(serie, numero, emisorRuc !== '' ? emisorRuc : defaultIssuer),
    serie,
    numero,
    ...(emisorRuc !== '' ? { emisorRuc } : {}),
  };
}

/**
 * Decide where a row goes.
 * @param known where the row's key was seen before (a finished invoice's range in the default mode,
 *   or any buffered invoice under `mergeSplit`); `undefined` when never seen.
 */
export function decideGrouping(state: GroupingState, rowKey: RowKey, known: RowRange | undefined, mergeSplit: boolean): GroupingDecision {
  switch (rowKey.kind) {
    case 'blank':
      return state.kind === 'start' ? BEFORE_FIRST_INVOICE : CONTINUE;
    case 'partial':
    case 'unreadable':
      return PARTIAL_KEY;
    case 'key':
      if (state.kind === 'invoice' && state.key === rowKey.key) return CONTINUE;
      if (known === undefined) return START_INVOICE;
      return mergeSplit ? MERGE : { action: 'reappeared', earlier: known };
  }
}

// The decisions that carry nothing of the row, made once (one is taken for every row of a sheet).
const CONTINUE: GroupingDecision = Object.freeze({ action: 'continue' });
const START_INVOICE: GroupingDecision = Object.freeze({ action: 'start-invoice' });
const MERGE: GroupingDecision = Object.freeze({ action: 'merge' });
const BEFORE_FIRST_INVOICE: GroupingDecision = Object.freeze({ action: 'start-orphan', reason: 'before-first-invoice' });
const PARTIAL_KEY: GroupingDecision = Object.freeze({ action: 'start-orphan', reason: 'partial-key' });

/** "la fila 7" / "las filas 7 a 9", for messages. */
export function describeRange(range: RowRange): LocalizedText {
  return range.first === range.last
    ? localized(`la fila ${range.first}`, `row ${range.first}`)
    : localized(`las filas ${range.first} a ${range.last}`, `rows ${range.first} to ${range.last}`);
}

/** The columns that name an invoice: its issuer, series and number. */
const KEY_COLUMNS: readonly ColumnName[] = ['emisorRuc', 'serie', 'numero'];

/** A key cell whose value was refused while reading (it is absent from `values` but was not blank). */
export function hasUnreadableKeyCell(record: {
  readonly values: LineValues;
  readonly problems: readonly { readonly severity: string; readonly column?: string }[];
}): boolean {
  return record.problems.some((p) => p.severity === 'error' && KEY_COLUMNS.some((c) => p.column === c && record.values[c] === undefined));
}
