import type { ColumnName } from '../invoice/canonical-columns.js';
import { CANONICAL_COLUMNS, columnDefinition } from '../invoice/canonical-columns.js';
import { matchKey } from '../invoice/match-key.js';
import type { HeaderColumn } from './header-map.js';
import { columnLetter } from './header-map.js';
import { igvStance, normalizeIgvPhrase, trailingNote } from './normalize-igv-phrase.js';
import { collapseWhitespace } from './normalize-result.js';
import { readMappedHeader } from './mapped-header.js';
import type { Cell } from './source-row.js';

/** A `--map` file: canonical column name → the sheet's header text for it. */
export type ColumnMapping = Readonly<Partial<Record<ColumnName, string>>>;

/** How one candidate header row's cells match the canonical columns. */
export interface HeaderMatch {
  /** Every source column that names each canonical column (more than one is a conflict). */
  readonly matches: ReadonlyMap<ColumnName, readonly HeaderColumn[]>;
  /** Named cells that match no canonical column, or whose column the mapping file assigned elsewhere. */
  readonly unknown: readonly HeaderColumn[];
}

const FILLER_WORDS = new Set(['de', 'del', 'la', 'el', 'los', 'las']);

/**
 * The key a header text is compared by: matchKey() (case, accents, spaces, `_ . - /`) after dropping
 * a trailing note in parentheses and Spanish filler words, so «RUC del cliente» meets the alias
 * «RUC cliente» and «Moneda (PEN/USD)» meets «Moneda». Used for names and aliases alike.
 *
 * A note that says the amount includes IGV is kept, and the IGV phrase is said one way
 * (normalize-igv-phrase.ts): «Precio unitario (con IGV)» and «Valor unitario (IGV incluido)» meet
 * the prices with IGV, where the note dropped made them the unit value without it, and every
 * invoice was billed 18 % too high. A note that says it excludes IGV is dropped as before: that is
 * how a price or a base is read anyway.
 */
export function headerKey(text: string): string {
  const noted = trailingNote(text);
  const kept = noted === undefined ? text : igvStance(noted.note) === 'con' ? `${noted.stem} ${noted.note}` : noted.stem;
  const words = kept.split(/[\s_.\-/]+/u).filter((w) => w !== '' && !FILLER_WORDS.has(w.toLowerCase()));
  return matchKey(normalizeIgvPhrase(words).join(' '));
}

/** Each canonical column's name and aliases, by match key and by header key. */
const ALIAS_INDEX: ReadonlyMap<string, ColumnName> = (() => {
  const index = new Map<string, ColumnName>();
  for (const c of CANONICAL_COLUMNS) {
    for (const text of [c.name, ...c.aliases]) {
      index.set(matchKey(text), c.name);
      index.set(headerKey(text), c.name);
    }
  }
  return index;
})();

/** The header texts accepted for a column: its name and its aliases. */
export function acceptedHeaders(column: ColumnName): readonly string[] {
  return [column, ...columnDefinition(column).aliases];
}

/** The text of a header cell, or `undefined` for a blank or non-text cell. */
export function headerText(cell: Cell | null): string | undefined {
  if (cell === null) return undefined;
  const text = cell.kind === 'text' ? cell.text : cell.kind === 'number' ? String(cell.value) : undefined;
  if (text === undefined) return undefined;
  const trimmed = collapseWhitespace(text);
  return trimmed === '' ? undefined : trimmed;
}

/**
 * Matches a row's cells to canonical columns. A cell named in the mapping file feeds the canonical
 * column(s) it is mapped to (compared by matchKey: case, accents, spaces and `_ . - /` ignored); a
 * mapping that names the column's letter too («Número (columna F)», mapped-header.ts) names only the
 * cell of that letter with that header, and that cell takes only what such a mapping gives it (two
 * columns headed alike, each its own field). Any other cell matches by name or alias (by matchKey,
 * else by headerKey), except for canonical columns the mapping file places elsewhere.
 */
export function matchHeaderCells(cells: readonly (Cell | null)[], mapping: ColumnMapping = {}): HeaderMatch {
  const mapped = new Map<string, ColumnName[]>();
  for (const [column, text] of Object.entries(mapping) as [ColumnName, string | undefined][]) {
    if (text === undefined) continue;
    const named = readMappedHeader(text);
    // A header that is written so («Número (columna F)» in the sheet itself) is that header, whatever its letter.
    const keys = named.letter === undefined ? [matchKey(text)] : [matchKey(text), lettered(matchKey(named.header), named.letter)];
    for (const key of keys) mapped.set(key, [...(mapped.get(key) ?? []), column]);
  }
  const matches = new Map<ColumnName, HeaderColumn[]>();
  const unknown: HeaderColumn[] = [];
  cells.forEach((cell, index) => {
    const header = headerText(cell);
    if (header === undefined) return;
    const where: HeaderColumn = { index, header, letter: columnLetter(index) };
    const byMapping = mapped.get(lettered(matchKey(header), where.letter)) ?? mapped.get(matchKey(header));
    const byAlias = ALIAS_INDEX.get(matchKey(header)) ?? ALIAS_INDEX.get(headerKey(header));
    const targets = byMapping ?? (byAlias !== undefined && mapping[byAlias] === undefined ? [byAlias] : []);
    if (targets.length === 0) unknown.push(where);
    for (const column of targets) matches.set(column, [...(matches.get(column) ?? []), where]);
  });
  return { matches, unknown };
}

/** The key of a header at one column's letter (a matchKey drops whitespace: a tab is never in one). */
const lettered = (key: string, letter: string): string => `${key}\t${letter}`;

/** The match with `column` feeding `names` (and no longer among the unknown columns). */
export function withColumnFeeding(match: HeaderMatch, column: HeaderColumn, names: readonly ColumnName[]): HeaderMatch {
  const matches = new Map(match.matches);
  for (const name of names) matches.set(name, [column]);
  return { matches, unknown: match.unknown.filter((c) => c !== column) };
}

/**
 * The match with `columns` feeding nothing: taken out of every canonical column they named and
 * listed, in sheet order, with the columns the run ignores (a register's row counter, a second
 * column named as the number beside the one that holds the invoices).
 */
export function withColumnsSetAside(match: HeaderMatch, columns: readonly HeaderColumn[]): HeaderMatch {
  if (columns.length === 0) return match;
  const aside = new Set(columns);
  const matches = new Map([...match.matches].map(([name, cols]) => [name, cols.filter((c) => !aside.has(c))] as const).filter(([, cols]) => cols.length > 0));
  return { matches, unknown: [...match.unknown, ...columns].sort((a, b) => a.index - b.index) };
}

/** The first source column naming each canonical column of a match (a second one is a conflict, reported apart). */
export function firstColumns(match: HeaderMatch): Partial<Record<ColumnName, HeaderColumn>> {
  const columns: Partial<Record<ColumnName, HeaderColumn>> = {};
  for (const [name, [first]] of match.matches) if (first !== undefined) columns[name] = first;
  return columns;
}
