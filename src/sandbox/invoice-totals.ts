import { Decimal } from 'decimal.js';
import type { CheckedLine } from './check-invoice-body.js';

export const IGV_RATE = new Decimal('0.18');

export interface SandboxTotals {
  /** Sum of the lines' bases (cantidad x valorVentaUnitarioItem, each rounded to 2 decimals). */
  readonly base: Decimal;
  /** IGV 18% of each GRAVADO_* line's base, rounded to 2 decimals per line, summed. */
  readonly igv: Decimal;
  readonly total: Decimal;
}

/**
 * The totals the sandbox answers for an accepted invoice (prices without IGV, as under
 * `PRECIOS_SIN_IGV`): decimal arithmetic, half-up rounding to 2 decimals by line.
 */
export function computeSandboxTotals(lines: readonly CheckedLine[]): SandboxTotals {
  let base = new Decimal(0);
  let igv = new Decimal(0);
  for (const line of lines) {
    const lineBase = new Decimal(line.cantidad).times(new Decimal(String(line.valorVentaUnitarioItem))).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    base = base.plus(lineBase);
    if (line.tipoAfectacion.startsWith('GRAVADO_')) igv = igv.plus(lineBase.times(IGV_RATE).toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
  }
  return { base, igv, total: base.plus(igv) };
}
