import { matchKey } from '../invoice/match-key.js';

/**
 * How a mapping (`--map`, the workspace's confirmed columns) names one column of the sheet: by its
 * header text, and, when two columns of the header row are headed alike (a Contasis register's
 * «Número» of the comprobante and «Número» of the customer's document), by its letter too:
 * «Número (columna F)». Headers alone could not tell the two apart, and a mapping that gave each to
 * its own field fed both fields from both columns, and the sheet was refused. Pure: the page writes
 * it (web/src/components/columns-step.tsx).
 */
export interface MappedHeader {
  /** The header text as the sheet writes it. */
  readonly header: string;
  /** The column's letter (A, B, …, AA), when the mapping names it. */
  readonly letter?: string;
}

/** «Número (columna F)», or «Número (column F)»: a header text, then the column's letter. */
const WITH_LETTER = /^(.*\S)\s*\(\s*(?:columna|column)\s+([A-Za-z]{1,3})\s*\)$/u;

/** «Número (columna F)»: a column named by its header and its letter, as readMappedHeader reads it back. */
export function headerWithLetter(column: { readonly header: string; readonly letter: string }): string {
  return `${column.header} (columna ${column.letter})`;
}

/**
 * A mapping's text for one of a header row's columns: its header, with its letter when another of
 * `columns` is headed alike (as the header matcher compares them by matchKey), so the mapping names
 * that column only. A header of its own stays as it is: the mapping still reads the sheet when its
 * columns move.
 */
export function mappedHeaderText(column: { readonly header: string; readonly letter: string }, columns: readonly { readonly header: string }[]): string {
  const key = matchKey(column.header);
  const alike = columns.filter((c) => matchKey(c.header) === key).length;
  return alike > 1 ? headerWithLetter(column) : column.header;
}

/** What a mapping's text names: a header text, and the column's letter when it says one. */
export function readMappedHeader(text: string): MappedHeader {
  const found = WITH_LETTER.exec(text.trim());
  const header = found?.[1];
  const letter = found?.[2];
  return header === undefined || letter === undefined ? { header: text } : { header, letter: letter.toUpperCase() };
}
