import type ExcelJS from 'exceljs';

/** A cell's whole style. Shared objects only: never mutate one (no `cell.numFmt = …` on such a cell). */
export type CellStyle = Partial<ExcelJS.Style>;

/**
 * exceljs's streaming writer looks a style's id up by the style object itself (a WeakMap): a cell
 * whose style object was seen before costs one lookup, while the fresh object every new cell gets
 * has its XML rebuilt and searched, number format, font and fill each (profiled on the results
 * workbook: a third of its writing time). So cells written in bulk get shared style objects.
 */
export const NO_STYLE: CellStyle = {};

const byNumberFormat = new Map<string, CellStyle>();

/** The one shared style of a number format (a handful per run: the map stays small). */
export function numberFormatStyle(numFmt: string): CellStyle {
  let style = byNumberFormat.get(numFmt);
  if (style === undefined) {
    style = { numFmt };
    byNumberFormat.set(numFmt, style);
  }
  return style;
}

/** Gives cell i + 1 the shared `styles[i]`, and the row itself the shared empty style. */
export function applyStyles(row: ExcelJS.Row, styles: readonly CellStyle[]): void {
  // Rows have a style too (exceljs's types omit it), written once per row.
  (row as unknown as { style: CellStyle }).style = NO_STYLE;
  styles.forEach((style, i) => (row.getCell(i + 1).style = style));
}
