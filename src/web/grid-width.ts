/**
 * How many of a sheet's columns the workspace's grid shows at most, beyond the ones the check
 * reads. A header may name any number of columns (a review's sheet named 200,016): the page then
 * drew every one of them in the grid's head and every row, and took about 30 s to open. The
 * columns past this stay in the database and in the corrected sheet, as they are.
 */
export const GRID_SHOWN_COLUMNS = 200;

/**
 * Pure: how many of a sheet's `total` columns the grid shows: the first GRID_SHOWN_COLUMNS, and in
 * any case every column up to the last one the check reads (`read`, 0-based indexes), so no
 * column a problem can be about is left out.
 */
export function shownGridWidth(total: number, read: Iterable<number>): number {
  let width = Math.min(total, GRID_SHOWN_COLUMNS);
  for (const index of read) if (index + 1 > width) width = Math.min(total, index + 1);
  return width;
}

/**
 * The grid's width a finished check keeps in its summary (run-check writes `gridShown` only when the
 * grid shows fewer columns than the sheet has); undefined: every column. What the page is told
 * (checkView) and what the rows API sends (grid-routes) both read it here.
 */
export function storedGridWidth(summary: unknown): number | undefined {
  const shown = (summary as { readonly gridShown?: unknown } | undefined)?.gridShown;
  return typeof shown === 'number' ? shown : undefined;
}
