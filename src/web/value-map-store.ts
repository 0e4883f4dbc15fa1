import type { Database as Db } from 'better-sqlite3';
import type { RunTables } from './run-tables.js';

/**
 * Columns and value maps (migration 3). Remembered value maps turn into ordinary edits of the
 * overlay (one batch per map), so the library sees them through `edits` like any other change, the
 * grid marks them and «Deshacer» takes them back.
 */

/** In column `column` (canonical name), the whole text `from` becomes `to`, for the invoices of issuer `ruc` ('' = issuer not known). */
export interface ValueMapRecord {
  readonly id: number;
  readonly ruc: string;
  readonly column: string;
  readonly from: string;
  readonly to: string;
  readonly createdAt: string;
}

/** The last edit batch, when the check had flagged its cells as a value the catalogue does not know: a value map to offer. */
export interface ValueMapOffer {
  readonly col: number;
  readonly from: string;
  readonly to: string;
  /** The issuers of the rows the batch changed ('' = not known). */
  readonly issuers: readonly string[];
}

export interface ValueMapStore {
  /** Where each canonical column sits in the check's sheet (0-based), as the last run's header said. */
  setCheckColumns(checkId: string, columns: Readonly<Record<string, number>>): void;
  checkColumns(checkId: string): Map<string, number>;
  listValueMaps(): ValueMapRecord[];
  rememberValueMap(m: { ruc: string; column: string; from: string; to: string; at: string }): void;
  forgetValueMap(id: number): boolean;
  /** How many cells the remembered maps changed when the check first ran; undefined before that. */
  valueMapsApplied(checkId: string): number | undefined;
  /**
   * Applies every remembered map whose column the sheet has to the rows of its issuer (the row's
   * emisorRuc, else `defaultRuc`), one edit batch per map, and records that the check had them.
   * Answers how many cells changed.
   */
  applyValueMaps(checkId: string, defaultRuc: string | undefined, at: string): number;
  valueMapOffer(checkId: string, defaultRuc: string | undefined): ValueMapOffer | undefined;
}

/** The current text of column `col` of row `r` (the newest edit, else the sheet's own). */
const currentCell = (col: string): string =>
  `COALESCE((SELECT new_value FROM edits e WHERE e.check_id = r.check_id AND e.row_num = r.row_num AND e.col_index = ${col} ORDER BY e.id DESC LIMIT 1),
            json_extract(r.cells_json, '$[' || CAST(${col} AS INTEGER) || ']'), '')`;
/** The issuer of row `r`: its emisorRuc (edits included) when the sheet has the column (@rucCol >= 0) and it is filled, else @def. */
const rowIssuer = `CASE WHEN @rucCol < 0 THEN @def ELSE COALESCE(NULLIF(TRIM(${currentCell('@rucCol')}), ''), @def) END`;

export function valueMapStore(db: Db, tables: RunTables): ValueMapStore {
  const q = {
    deleteColumns: db.prepare(`DELETE FROM check_columns WHERE check_id = ?`),
    insertColumn: db.prepare(`INSERT INTO check_columns (check_id, column_name, col_index) VALUES (?, ?, ?)`),
    columns: db.prepare(`SELECT column_name, col_index FROM check_columns WHERE check_id = ?`),
    list: db.prepare(`SELECT * FROM value_maps ORDER BY ruc, column_name, from_value`),
    remember: db.prepare(
      `INSERT INTO value_maps (ruc, column_name, from_value, to_value, created_at) VALUES (@ruc, @column, @from, @to, @at)
       ON CONFLICT (ruc, column_name, from_value) DO UPDATE SET to_value = excluded.to_value, created_at = excluded.created_at`,
    ),
    forget: db.prepare(`DELETE FROM value_maps WHERE id = ?`),
    applied: db.prepare(`SELECT value_maps_applied AS n FROM checks WHERE id = ?`),
    markApplied: db.prepare(`UPDATE checks SET value_maps_applied = ? WHERE id = ?`),
    nextBatch: db.prepare(`SELECT COALESCE(MAX(batch), 0) + 1 AS b FROM edits WHERE check_id = ?`),
    bump: db.prepare(`UPDATE checks SET edits_version = edits_version + 1 WHERE id = ?`),
    applyMap: db.prepare(
      `INSERT INTO edits (check_id, batch, row_num, col_index, old_value, new_value, edited_at)
       SELECT @id, @batch, cur.row_num, @col, cur.v, @to, @at FROM (
         SELECT r.row_num, ${currentCell('@col')} AS v, ${rowIssuer} AS ruc FROM rows r WHERE r.check_id = @id
       ) cur WHERE cur.v = @from AND cur.ruc = @ruc ORDER BY cur.row_num`,
    ),
    lastBatch: db.prepare(`SELECT MAX(batch) AS b FROM edits WHERE check_id = ?`),
    issuersOfBatch: db.prepare(
      `SELECT DISTINCT ${rowIssuer} AS ruc FROM edits b JOIN rows r ON r.check_id = b.check_id AND r.row_num = b.row_num
       WHERE b.check_id = @id AND b.batch = @batch ORDER BY 1 LIMIT 50`,
    ),
  };
  type Raw = Record<string, string | number | null>;
  const toMap = (r: Raw): ValueMapRecord => ({
    id: Number(r['id']),
    ruc: String(r['ruc']),
    column: String(r['column_name']),
    from: String(r['from_value']),
    to: String(r['to_value']),
    createdAt: String(r['created_at']),
  });
  const checkColumns = (checkId: string): Map<string, number> =>
    new Map((q.columns.all(checkId) as Raw[]).map((r) => [String(r['column_name']), Number(r['col_index'])]));
  const listValueMaps = (): ValueMapRecord[] => (q.list.all() as Raw[]).map(toMap);
  return {
    setCheckColumns: db.transaction((checkId: string, columns: Readonly<Record<string, number>>) => {
      q.deleteColumns.run(checkId);
      for (const [name, index] of Object.entries(columns)) q.insertColumn.run(checkId, name, index);
    }),
    checkColumns,
    listValueMaps,
    rememberValueMap: (m) => void q.remember.run(m),
    forgetValueMap: (id) => q.forget.run(id).changes > 0,
    valueMapsApplied(checkId) {
      const r = q.applied.get(checkId) as { n: number | null } | undefined;
      return r?.n ?? undefined;
    },
    applyValueMaps: db.transaction((checkId: string, defaultRuc: string | undefined, at: string): number => {
      const columns = checkColumns(checkId);
      const rucCol = columns.get('emisorRuc') ?? -1;
      let total = 0;
      for (const m of listValueMaps()) {
        const col = columns.get(m.column);
        if (col === undefined) continue;
        const { b } = q.nextBatch.get(checkId) as { b: number };
        total += q.applyMap.run({ id: checkId, batch: b, col, from: m.from, to: m.to, ruc: m.ruc, rucCol, def: defaultRuc ?? '', at }).changes;
      }
      if (total > 0) q.bump.run(checkId);
      q.markApplied.run(total, checkId);
      return total;
    }),
    valueMapOffer(checkId, defaultRuc) {
      const { b } = q.lastBatch.get(checkId) as { b: number | null };
      if (b === null) return undefined;
      const hit = tables.of(checkId).flaggedInBatch.get(checkId, b) as Raw | undefined;
      if (hit === undefined) return undefined;
      const rucCol = checkColumns(checkId).get('emisorRuc') ?? -1;
      const issuers = (q.issuersOfBatch.all({ id: checkId, batch: b, rucCol, def: defaultRuc ?? '' }) as Raw[]).map((r) => String(r['ruc']));
      return { col: Number(hit['col_index']), from: String(hit['old_value']), to: String(hit['new_value']), issuers };
    },
  };
}
