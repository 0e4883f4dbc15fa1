import type { ReadOptions } from '../config/read-options.js';
import type { CellEdits } from './apply-cell-edits.js';
import { openRowSource } from './open-row-source.js';
import { readLineRecords } from './read-line-records.js';

/** An edited row's invoice key as the untouched sheet has it (values as the run reads them; blank: undefined). */
export interface KeyBeforeEdits {
  readonly serie?: string;
  readonly numero?: string;
  readonly emisorRuc?: string;
}

const KEY_COLUMNS = ['serie', 'numero', 'emisorRuc'] as const;

/**
 * The invoice key each edited row had before the edits, for the rows whose edits touch a key
 * column (serie, número, RUC emisor): an issued invoice renumbered in the workspace would be issued
 * again under its new number, and only the original tells. Reads the untouched sheet's key columns
 * once (as the run reads them); nothing when no edit touches a key column (the header says which; a column holding serie and número together feeds both),
 * so a fix of other cells costs no pass. Memory: one key per such row.
 */
export async function readKeysBeforeEdits(
  input: string,
  settings: ReadOptions,
  edits: CellEdits | undefined,
): Promise<ReadonlyMap<number, KeyBeforeEdits> | undefined> {
  if (edits === undefined || edits.size === 0) return undefined;
  const sheet = await readLineRecords(await openRowSource(input, settings), { ...settings, only: [...KEY_COLUMNS] });
  const keyIndexes = new Set<number>();
  for (const name of KEY_COLUMNS) {
    const index = sheet.header.columns[name]?.index;
    if (index !== undefined) keyIndexes.add(index);
  }
  const rows = new Set<number>();
  for (const [row, cells] of edits) for (const col of cells.keys()) if (keyIndexes.has(col)) rows.add(row);
  const before = new Map<number, KeyBeforeEdits>();
  for await (const batch of sheet.records) {
    if (rows.size === 0) break; // leaving the loop closes the reader
    for (const record of batch) {
      if (!rows.has(record.row)) continue;
      const { serie, numero, emisorRuc } = record.values;
      before.set(record.row, {
        ...(serie !== undefined ? { serie } : {}),
        ...(numero !== undefined ? { numero } : {}),
        ...(emisorRuc !== undefined ? { emisorRuc } : {}),
      });
    }
  }
  return before.size === 0 ? undefined : before;
}
