import { headerKey } from './column-mapping.js';
import { igvNote } from './normalize-igv-phrase.js';
import type { HeaderColumn } from './header-map.js';

/**
 * Headers of a unit price that includes IGV, as retail sheets write it. Never read as the unit
 * value by default (that is without IGV: an invoice would be sent 18 % too high); with
 * `--tipo-registro PRECIOS_CON_IGV` it is exactly the unit value the run expects.
 */
const WITH_IGV = new Set(
  [
    'Precio unitario con IGV',
    'Precio con IGV',
    'Precio unit. con IGV',
    'P. unit. con IGV',
    'PU con IGV',
    'Valor unitario con IGV',
    'Precio unitario inc. IGV',
    'Precio unitario incl. IGV',
    'Precio unitario incluido IGV',
    'Precio unitario incluye IGV',
    'Precio inc. IGV',
    'Precio incl. IGV',
    'Precio incluido IGV',
    // «c/IGV», as the «s/IGV» of the unit value's own aliases.
    'Precio unitario c/IGV',
    'Precio unit. c/IGV',
    'P. unit. c/IGV',
    'Prec. unit. c/IGV',
    'Precio c/IGV',
    'PU c/IGV',
    'Valor unitario c/IGV',
    'Valor unit. c/IGV',
    'V. unit. c/IGV',
  ].map(headerKey),
);

/** Whether a header names a unit price with IGV («Precio unitario con IGV»…). */
export function isPriceWithIgvHeader(header: string): boolean {
  return WITH_IGV.has(headerKey(header));
}

/**
 * Headers of the unit value that say «precio» and not whether it includes IGV. They are read as the
 * unit value without IGV (DESIGN: «Precio unitario» is its alias), but SUNAT's «precio unitario»
 * includes IGV, so a run that reads them says how (detect-header.ts). «Valor unitario» is without IGV in SUNAT's words too.
 */
const PLAIN_PRICE = new Set(['Precio unitario', 'Precio', 'P. unitario', 'PU', 'Precio unit.', 'P. unit.', 'Prec. unit.'].map(headerKey));

/** Whether a header names a unit price without saying whether it includes IGV («Precio unitario», «P.U.»; not «Precio (sin IGV)»). */
export function isPlainPriceHeader(header: string): boolean {
  return PLAIN_PRICE.has(headerKey(header)) && igvNote(header) !== 'sin';
}

/** The first of the sheet's unknown columns whose header names a unit price with IGV. */
export function priceWithIgvColumn(unknown: readonly HeaderColumn[]): HeaderColumn | undefined {
  return unknown.find((c) => isPriceWithIgvHeader(c.header));
}
