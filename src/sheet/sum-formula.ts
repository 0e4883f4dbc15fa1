/**
 * Whether a formula in row `row` adds up a block of the rows above it: SUM/SUBTOTAL/AGGREGATE as
 * files store them (Excel always writes English names; LibreOffice prefixes `of:=` and writes
 * ranges as `[.D2:.D9]`), or the Spanish names some producers write (SUMA, SUBTOTALES, AGREGAR),
 * over a range of one column spanning several rows, all above `row`. A line's own formula
 * (=C5*D5, or =SUM(C5:E5) across its own row) is not one.
 */
export function isSumOfRowsAbove(formula: string, row: number): boolean {
  if (!/^\s*(?:of:)?=?\s*(?:_xlfn\.)?(?:SUM|SUMA|SUBTOTAL|SUBTOTALES|AGGREGATE|AGREGAR)\s*\(/i.test(formula)) return false;
  for (const m of formula.matchAll(/\$?([A-Z]{1,3})\$?(\d+)\s*:\s*\.?\$?([A-Z]{1,3})\$?(\d+)/gi)) {
    const [, c1 = '', r1 = '', c2 = '', r2 = ''] = m;
    const top = Number(r1);
    const bottom = Number(r2);
    if (c1.toUpperCase() === c2.toUpperCase() && bottom > top && bottom < row) return true;
  }
  return false;
}
