import { taxRate } from './compute-totals.js';

/** A treatment and then its rate: «Gravada 18%», «Gravado (18 %)», «Exonerado - 0%», «IVAP 4,0%». */
const TRAILING_RATE = /^(\S.*?)[\s(\-\u2013\u2014:]+(\d{1,2}(?:[.,]\d{1,2})?)\s*%\s*\)?$/u;

/** A tax treatment written with a rate: the value its words name, the rate as written (in percent, «18,00») and the rate a run applies to that value («0.18»). */
export interface WrittenRate {
  readonly value: string;
  readonly written: string;
  readonly applied: string;
}

/**
 * The treatment and rate of a tipoAfectacion text written as the treatment followed by its rate,
 * as office sheets and ERP exports do («Gravada 18%», «Exonerado (0%)»): `resolve` reads the
 * treatment. `undefined` when the text is not of that form or its words name no treatment.
 */
export function writtenRate(input: string, resolve: (text: string) => string | undefined): WrittenRate | undefined {
  const parts = TRAILING_RATE.exec(input.trim());
  if (parts === null) return undefined;
  const value = resolve(parts[1] ?? '');
  if (value === undefined) return undefined;
  return { value, written: parts[2] ?? '', applied: taxRate(value) };
}

/**
 * The tipoAfectacion value of a treatment written with its rate, when the rate is the one a run
 * applies to it (compute-totals.ts: 18 % IGV, 4 % IVAP, 0 % for exonerated, unaffected and
 * export); else none. So «Gravado 10%» (the reduced rate of restaurants, which this importer does
 * not apply) is reported, never sent at 18 %. The one rule for the indexed resolver
 * (catalogue-resolver.ts) and the reference one (catalogues.ts).
 */
export function resolveWithTaxRate(input: string, resolve: (text: string) => string | undefined): string | undefined {
  const found = writtenRate(input, resolve);
  return found !== undefined && Number(found.written.replace(',', '.')) / 100 === Number(found.applied) ? found.value : undefined;
}
