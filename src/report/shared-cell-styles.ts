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

/**
 * Adds a row and gives cell i + 1 the shared `styles[i]`, the row itself the shared empty style.
 * Blank (null) cells are not created at all: exceljs writes nothing for them either way, and
 * each cell object it makes costs an address, a style merge and a type check.
 */
export function addStyledRow(sheet: ExcelJS.Worksheet, values: readonly ExcelJS.CellValue[], styles: readonly CellStyle[]): ExcelJS.Row {
  const row = sheet.addRow(values.map((v) => (v === null ? undefined : v)));
  // Rows have a style too (exceljs's types omit it), written once per row.
  (row as unknown as { style: CellStyle }).style = NO_STYLE;
  styles.forEach((style, i) => {
    if (values[i] !== null && values[i] !== undefined) row.getCell(i + 1).style = style;
  });
  return row;
}
