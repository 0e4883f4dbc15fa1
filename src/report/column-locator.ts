import type { HeaderMap } from '../sheet/header-map.js';
import type { ColumnName } from '../invoice/canonical-columns.js';

/** Where a column is in the user's own sheet: the header text it has there, and its letter. */
export type ColumnLocator = (column: string) => { readonly header: string; readonly letter?: string } | undefined;

/**
 * A locator over the header mapping: a canonical column → its header text and letter; an unknown
 * column's raw header text → itself and its letter. A CSV gets letters too: it is opened in Excel
 * (or in the web workspace's grid), which shows the same A, B, C… over its columns.
 */
export function columnLocatorFromHeaderMap(map: HeaderMap): ColumnLocator {
  const byName = new Map<string, { header: string; letter: string }>();
  for (const c of map.unknown) byName.set(c.header, c);
  for (const [name, c] of Object.entries(map.columns) as [ColumnName, { header: string; letter: string } | undefined][]) {
    if (c !== undefined) byName.set(name, c);
  }
  return (column) => {
    const found = byName.get(column);
    if (found === undefined) return undefined;
    return { header: found.header, letter: found.letter };
  };
}
