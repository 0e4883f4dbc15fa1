import type { ColumnMapping, HeaderMatch } from './column-mapping.js';
import { matchHeaderCells, withColumnFeeding } from './column-mapping.js';
import { correctHeaderMatch } from './correct-header-match.js';
import type { HeaderColumn } from './header-map.js';
import { isUnitQuantity, withLineAmountAsUnitValue } from './line-amount-as-unit.js';
import { priceWithIgvColumn } from './price-with-igv-column.js';
import type { Cell, SourceRow } from './source-row.js';
import { withGroupTitles, type StackedHeader } from './stacked-header.js';

/** A header row's cells as a run reads them. */
export interface HeaderReading {
  readonly match: HeaderMatch;
  /** A unit price with IGV among the columns, when no column is the unit value (price-with-igv-column.ts). */
  readonly withIgv?: HeaderColumn;
  /** No quantity column: each line is one unit of its unit value, a line's amount (line-amount-as-unit.ts). */
  readonly unitQuantity: boolean;
}

/**
 * What a header row's cells feed, the same way for a run's header search (detect-header.ts) and a
 * columns step's proposal (preview-sheet.ts): matched by name, alias or mapping, corrected by the
 * rows below (correct-header-match.ts), a price with IGV as the unit value when the run reads prices
 * so, and a register's line amount («Base imponible», «Valor venta») as the unit value of one unit
 * when it has no quantity and no unit value (line-amount-as-unit.ts). A columns step that proposed
 * less asked for a quantity and a unit value the run itself would not have asked for. `stacked`:
 * the cells are those of a header of two or three rows, whose group titles tell columns headed alike
 * apart (stacked-header.ts).
 */
export function headerReading(
  cells: readonly (Cell | null)[],
  below: readonly SourceRow[],
  options: { readonly mapping: ColumnMapping; readonly pricesWithIgv: boolean; readonly bySample?: boolean; readonly stacked?: StackedHeader },
): HeaderReading {
  const named = matchHeaderCells(cells, options.mapping);
  const titled = options.stacked === undefined ? named : withGroupTitles(named, options.stacked, options.mapping);
  const matched = correctHeaderMatch(titled, below, {
    mapping: options.mapping,
    ...(options.bySample === true ? { bySample: true } : {}),
  });
  const withIgv = matched.matches.has('valorVentaUnitario') ? undefined : priceWithIgvColumn(matched.unknown);
  const priced = withIgv !== undefined && options.pricesWithIgv ? withColumnFeeding(matched, withIgv, ['valorVentaUnitario']) : matched;
  const match = withLineAmountAsUnitValue(priced, { pricesWithIgv: options.pricesWithIgv });
  const unitQuantity = isUnitQuantity(
    { cantidad: match.matches.get('cantidad')?.[0], valorVentaUnitario: match.matches.get('valorVentaUnitario')?.[0] },
    match.unknown,
  );
  return { match, ...(withIgv !== undefined ? { withIgv } : {}), unitQuantity };
}
