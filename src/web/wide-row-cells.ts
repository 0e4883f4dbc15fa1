/** A row's cells as the workspace stores them: the grid's columns in order, and the few beyond them by index. */
export interface StoredCells {
  /** Cells 0 … width − 1 (`null`: blank), as many as the row has. */
  readonly near: readonly (string | null)[];
  /** Cells at or past `width` that hold something, by their 0-based column; absent when there are none. */
  readonly far?: Readonly<Record<string, string>>;
}

/**
 * Splits a row at the grid's width (the sheet's header: the columns the grid shows). Stored as one
 * array, a row with a value in a far column (a stray «x» in column XFD) was padded with a blank for
 * every column before it: 16,384 cells a row, and a 603 KB workbook became 1.89 GB of database. The
 * cells past the header are kept (the corrected sheet writes them back where they were), by index.
 */
export function storedCells(cells: readonly (string | null)[], width: number): StoredCells {
  const near = cells.length <= width ? cells : cells.slice(0, width);
  let far: Record<string, string> | undefined;
  for (let i = width; i < cells.length; i += 1) {
    const cell = cells[i];
    if (cell !== null && cell !== undefined) (far ??= {})[i] = cell;
  }
  return far === undefined ? { near } : { near, far };
}
