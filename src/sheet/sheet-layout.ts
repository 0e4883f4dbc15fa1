/** One merged range, 1-based rows and 0-based columns, inclusive. */
export interface MergedRange {
  readonly top: number;
  readonly bottom: number;
  readonly left: number;
  readonly right: number;
}

/** What a sheet says about its rows beyond their cells: hidden rows, merges, an AutoFilter. */
export interface SheetLayout {
  /** 1-based numbers of the rows the sheet hides (by hand or filtered out). */
  readonly hiddenRows: ReadonlySet<number>;
  /** Merged ranges spanning more than one row (the only ones that change what a row reads). */
  readonly merges: readonly MergedRange[];
  readonly autoFilter: boolean;
}

export const EMPTY_LAYOUT: SheetLayout = { hiddenRows: new Set(), merges: [], autoFilter: false };

/** "B3:B7" → its range; undefined for anything else. */
export function parseRangeRef(ref: string): MergedRange | undefined {
  const m = /^\$?([A-Z]{1,3})\$?(\d+):\$?([A-Z]{1,3})\$?(\d+)$/i.exec(ref.trim());
  if (m === null) return undefined;
  const [, c1 = '', r1 = '', c2 = '', r2 = ''] = m;
  return { top: Number(r1), bottom: Number(r2), left: columnIndex(c1), right: columnIndex(c2) };
}

function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}
