import type { CellEdits } from '../index.js';
import type { WorkspaceStore } from './workspace-store.js';

/**
 * The check's edits as the library takes them (row → column → text), built from the store one
 * edit at a time. A row's column map is shared with every other row edited the same way: a
 * replace over 100k rows is one map, not 100k of them.
 */
export function overlayOf(store: WorkspaceStore, checkId: string): CellEdits {
  const edits = new Map<number, ReadonlyMap<number, string>>();
  const shared = new Map<string, ReadonlyMap<number, string>>();
  const intern = (entries: [number, string][]): ReadonlyMap<number, string> => {
    // One edited cell (the common case, a replace over a column) needs no JSON for its key.
    const only = entries.length === 1 ? entries[0] : undefined;
    const key = only !== undefined ? `${only[0]}\u0000${only[1]}` : JSON.stringify(entries);
    let map = shared.get(key);
    if (map === undefined) {
      map = new Map(entries);
      shared.set(key, map);
    }
    return map;
  };
  let row: number | undefined;
  let values: [number, string][] = [];
  const close = (): void => {
    if (row !== undefined) edits.set(row, intern(values));
  };
  store.eachEdit(checkId, (r, col, value) => {
    if (r !== row) {
      close();
      row = r;
      values = [];
    }
    values.push([col, value]);
  });
  close();
  return edits;
}
