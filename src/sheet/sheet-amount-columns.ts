import type { SheetAmounts } from '../invoice/line-record.js';
import { headerKey } from './column-mapping.js';
import { igvNote, trailingNote } from './normalize-igv-phrase.js';
import type { HeaderColumn } from './header-map.js';

/**
 * Headers of the amounts a sheet often carries besides our columns: the total with IGV, the base
 * without it, and the IGV itself. They are not read into the invoice; each invoice is reconciled
 * against them (src/invoice/reconcile-sheet-amounts.ts), so a price that already includes IGV is
 * caught instead of being sent 18% too high. A discount column is read too: the service takes no
 * discount, so a line with one is an error (src/invoice/discount-problems.ts) instead of an
 * invoice sent at the undiscounted price.
 */
const AMOUNT_HEADERS: Readonly<Record<keyof SheetAmounts, readonly string[]>> = {
  total: [
    'Total',
    'Importe total',
    'Total venta',
    'Total con IGV',
    'Precio total',
    'Monto total',
    'Total item',
    'Total línea',
    'Total factura',
    'Total a pagar',
    'Importe con IGV',
    'Monto con IGV',
    // SUNAT's Registro de Ventas e Ingresos (Formato 14.1).
    'Importe total del comprobante de pago',
  ],
  base: [
    'Subtotal',
    'Sub total',
    'Valor venta',
    'Valor de venta',
    'V. venta',
    'Val. venta',
    'Base imponible',
    'Total sin IGV',
    'Importe sin IGV',
    'Op gravada',
    'Monto sin IGV',
    // SUNAT's Registro de Ventas e Ingresos (Formato 14.1).
    'Base imponible de la operación gravada',
  ],
  igv: ['IGV', 'I.G.V.', 'IGV 18%', 'Monto IGV', 'Impuesto', 'Total IGV', 'Importe IGV', 'IGV y/o IPM'],
  // Offices write «Importe» both for the line's value without IGV and for its total with it.
  amount: ['Importe', 'Importe venta', 'Monto', 'Importe línea'],
  // Not «Desc.»: offices abbreviate «Descripción» so too.
  discount: [
    'Descuento',
    'Descuentos',
    'Dscto',
    'Dcto',
    'Descuento unitario',
    'Descuento total',
    'Monto descuento',
    'Importe descuento',
    '% Descuento',
    'Descuento %',
    'Porcentaje descuento',
    'Porc. descuento',
    // As registers abbreviate it: «% Dscto» or «Rebaja» was ignored, and the invoice went out at the full price.
    '% Dscto',
    'Dscto %',
    '% Dcto',
    'Dcto %',
    'Descto',
    '% Descto',
    '% Desc',
    'Desc %',
    'Desc. %',
    'Rebaja',
    'Rebajas',
  ],
};

const INDEX: ReadonlyMap<string, keyof SheetAmounts> = new Map(
  (Object.entries(AMOUNT_HEADERS) as [keyof SheetAmounts, readonly string[]][]).flatMap(([kind, texts]) => texts.map((t) => [headerKey(t), kind] as const)),
);

/** How headerKey ends a header that says its amount includes IGV («con IGV», «(IGV incluido)», «inc. IGV»). */
const WITH_IGV_KEY = headerKey('con IGV');

/**
 * Which amount a header names, if any. A total or an «Importe» whose note says it is without IGV
 * («Total (sin IGV)», «Importe (s/IGV)») is the base: the note, dropped with the others, made it
 * the total with IGV.
 */
export function sheetAmountKind(header: string): keyof SheetAmounts | undefined {
  const key = headerKey(header);
  // «Desc.» alone is a description as often as a discount; «Desc. (%)» is a discount.
  if (key === 'desc' && trailingNote(header)?.note.trim() === '%') return 'discount';
  const kind = INDEX.get(key);
  const note = igvNote(header);
  if ((kind === 'total' || kind === 'amount') && note === 'sin') return 'base';
  // «Importe total (con IGV)», «Total venta incluye IGV»: the IGV phrase kept (headerKey) names no alias,
  // but a total or an «Importe» with IGV is the total.
  if (kind === undefined && key.endsWith(WITH_IGV_KEY)) {
    const stem = INDEX.get(key.slice(0, -WITH_IGV_KEY.length));
    return stem === 'total' || stem === 'amount' ? 'total' : undefined;
  }
  return kind;
}

/** The amount columns among the sheet's unknown columns (the first of each kind). */
export function findSheetAmountColumns(unknown: readonly HeaderColumn[]): Partial<Record<keyof SheetAmounts, HeaderColumn>> {
  const found: Partial<Record<keyof SheetAmounts, HeaderColumn>> = {};
  for (const column of unknown) {
    const kind = sheetAmountKind(column.header);
    if (kind !== undefined && found[kind] === undefined) found[kind] = column;
  }
  return found;
}
