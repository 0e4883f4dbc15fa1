import { taxRate } from './compute-totals.js';

/** A treatment and then its rate: «Gravada 18%», «Gravado (18 %)», «Exonerado - 0%», «IVAP 4,0%». */
const TRAILING_RATE = /^(\S.*?)[\s(\-\u2013\u2014:]+(\d{1,2}(?:[.,]\d{1,2})?)\s*%\s*\)?$/u;

/**
 * The tipoAfectacion value of a text that writes the tax treatment followed by its rate, as office
 * sheets and ERP exports do («Gravada 18%», «Exonerado (0%)»): `resolve` reads the treatment, and
 * the rate must be the one a run applies to it (compute-totals.ts: 18 % IGV, 4 % IVAP, 0 % for
 * exonerated, unaffected and export), else there is no value. So «Gravado 10%» (the reduced rate
 * of restaurants, which this importer does not apply) is reported, never sent at 18 %. The one
 * rule for the indexed resolver (catalogue-resolver.ts) and the reference one (catalogues.ts).
 */
export function resolveWithTaxRate(input: string, resolve: (text: string) => string | undefined): string | undefined {
  const parts = TRAILING_RATE.exec(input.trim());
  if (parts === null) return undefined;
  const value = resolve(parts[1] ?? '');
  if (value === undefined) return undefined;
  const written = Number((parts[2] ?? '').replace(',', '.')) / 100;
  return written === Number(taxRate(value)) ? value : undefined;
}
