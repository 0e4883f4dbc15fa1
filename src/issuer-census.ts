import type { ResolvedSettings } from './config/resolve-settings.js';
import { groupInvoices } from './invoice/group-invoices.js';
import { limaToday } from './invoice/lima-today.js';
import { validateInvoice } from './invoice/validate-invoice.js';
import { issuerContexts } from './run-import.js';
import { openRowSource } from './sheet/open-row-source.js';
import { applyCellEdits } from './sheet/apply-cell-edits.js';
import type { CellEdits } from './sheet/apply-cell-edits.js';
import { readLineRecords } from './sheet/read-line-records.js';

/** One issuer's invoices in a sheet. */
export interface IssuerCount {
  /** The RUC; absent for invoices without `emisorRuc` when the run has no default issuer. */
  readonly ruc?: string;
  readonly invoices: number;
  /** Invoices without errors: those a submission would send (at most `validEnough`, see issuerCensus). */
  readonly valid: number;
}

export interface IssuerCensus {
  /** The sheet has an `emisorRuc` column (when it does not, every invoice is the default issuer's and no row was read). */
  readonly hasIssuerColumn: boolean;
  /** Issuers in order of first appearance (only with the column, or when counted always). */
  readonly issuers: readonly IssuerCount[];
}

/**
 * A quick first pass over the sheet listing its issuers and how many valid invoices each has, so
 * a submission can refuse before anything is sent when an issuer lacks credentials. A sheet
 * without the `emisorRuc` column is not read past its header (one issuer: nothing to find). The
 * invoices are checked without issuer data (no document is built), with each issuer's defaults
 * and catalogues, as the run will check them. Reads the input once more: it is a file, re-readable.
 * `defaultRuc`: the issuer of invoices without `emisorRuc` (the config's, else the default login's).
 */
export async function issuerCensus(
  input: string,
  settings: ResolvedSettings,
  clock: () => number,
  defaultRuc = settings.issuerHints.ruc,
  /** Count the invoices even without the column (all the default issuer's): for a listing. */
  countAlways = false,
  /** The run's corrections over the sheet, applied as the run applies them. */
  edits?: CellEdits,
  /**
   * Stop checking an issuer's invoices once `valid` are valid. A submission only asks whether an
   * issuer has a valid invoice (1): checking every invoice here cost as much again as the run's own
   * checking of them. The pass also ends once each of `issuers` (every issuer the sheet can name,
   * from its key pass: sheet-keys.ts) has that many, so `invoices` then counts only the invoices read.
   */
  enough?: { readonly valid: number; readonly issuers: ReadonlySet<string> },
): Promise<IssuerCensus> {
  const source = applyCellEdits(await openRowSource(input, settings.read), edits);
  const sheet = await readLineRecords(source, settings.read);
  const hasIssuerColumn = sheet.header.columns.emisorRuc !== undefined;
  if (!hasIssuerColumn && !countAlways) {
    // Close the reader: starting and leaving the records closes the rows behind them.
    for await (const batch of sheet.records) if (batch !== undefined) break;
    return { hasIssuerColumn: false, issuers: [] };
  }
  // Checked without issuer data (no document is built), with each issuer's defaults and catalogues.
  const { contextFor, issuerOf } = issuerContexts({ settings, ...(defaultRuc !== undefined ? { defaultRuc } : {}) }, limaToday(clock()), false);
  // Asked only whether issuers have a valid invoice: the pass ends once every issuer the sheet can
  // name has enough of them (most sheets: one issuer, valid from its first invoice).
  const validEnough = enough?.valid ?? Infinity;
  const candidates = enough?.issuers;
  let unsatisfied = candidates?.size ?? Infinity;
  const counts = new Map<string, { ruc?: string; invoices: number; valid: number }>();
  // Leaving the loop closes the records and the file behind them.
  reading: for await (const batch of groupInvoices(sheet.records, {
    mergeSplit: settings.read.mergeSplit,
    ...(settings.read.wording !== undefined ? { wording: settings.read.wording } : {}),
  })) {
    for (const item of batch) {
      if (item.kind !== 'invoice') continue;
      const ruc = issuerOf(item);
      const key = ruc ?? '';
      let count = counts.get(key);
      if (count === undefined) {
        count = { ...(ruc !== undefined ? { ruc } : {}), invoices: 0, valid: 0 };
        counts.set(key, count);
      }
      count.invoices += 1;
      if (count.valid >= validEnough) continue;
      if (validateInvoice(item, contextFor(item.emisorRuc)).valid) {
        count.valid += 1;
        if (count.valid >= validEnough && candidates?.has(key) === true) unsatisfied -= 1;
        if (unsatisfied === 0) break reading;
      }
    }
  }
  return { hasIssuerColumn, issuers: [...counts.values()] };
}
