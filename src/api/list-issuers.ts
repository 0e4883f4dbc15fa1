import { issuerCensus } from '../issuer-census.js';
import type { IssuerCount } from '../issuer-census.js';
import { prepareRun } from './prepare-run.js';
import type { ValidateOptions } from './run-options.js';

export type { IssuerCount } from '../issuer-census.js';

/** The issuers a sheet holds, with their invoices: what `factura-import issuers <file>` shows. */
export interface SheetIssuers {
  /** The sheet has an `emisorRuc` column; without it every invoice is the default issuer's. */
  readonly hasIssuerColumn: boolean;
  /** In order of first appearance; `ruc` absent for invoices without one when there is no default issuer. */
  readonly issuers: readonly IssuerCount[];
}

/**
 * Reads the sheet once, grouping and checking its invoices (no document is built, nothing is
 * written or sent), and counts the invoices and valid invoices of each issuer. `defaultRuc` is the
 * issuer of invoices without `emisorRuc` (default: the options' or config's issuer).
 */
export async function listIssuers(path: string, options: ValidateOptions & { readonly defaultRuc?: string } = {}): Promise<SheetIssuers> {
  const { input, settings } = prepareRun(path, options);
  const census = await issuerCensus(input, settings, options.clock ?? Date.now, options.defaultRuc ?? settings.issuerHints.ruc, true);
  return { hasIssuerColumn: census.hasIssuerColumn, issuers: census.issuers };
}
