import type { ResolvedSettings } from './config/resolve-settings.js';
import { rowIssuerOf } from './invoice/grouping-decision.js';
import { createInvoiceGrouper, firstReturnsInto } from './invoice/invoice-grouper.js';
import type { CellEdits } from './sheet/apply-cell-edits.js';
import { applyCellEdits } from './sheet/apply-cell-edits.js';
import { openRowSource } from './sheet/open-row-source.js';
import { readLineRecords } from './sheet/read-line-records.js';

/** What a submission learns from the sheet's invoice keys before it sends anything. */
export interface SheetKeys {
  /**
   * Every issuer an invoice of the sheet can have, as the census keys them ('' for none): the
   * `emisorRuc` values as the run reads them, and the default issuer where a row leaves it blank
   * (an invoice's issuer is one of its rows' values, or the default). The census stops once each
   * of them has a valid invoice (issuer-census.ts).
   */
  readonly issuers: ReadonlySet<string>;
  /**
   * The invoices whose rows come back after other invoices' (by invoiceKey), with the first row
   * where each does. A run streams: when an invoice's rows end it is checked and, in a submission,
   * sent, before the sheet says whether its number comes back further down. Submitted as it stood,
   * its first part was issued without the rows that come back, and the sorted sheet then could not
   * issue it whole. With these keys the grouper makes the first part an error too
   * (GroupingOptions.splitKeys). Under `mergeSplit` the parts are merged: none.
   */
  readonly split: ReadonlyMap<string, number>;
}

/**
 * One pass over the sheet reading only the invoice key's columns (serie, numero, emisorRuc),
 * grouped as the run will group them (the same grouper: continuation rows, hidden rows, issuers).
 * It reads the input once more: a submission's time is the service's, not this pass's.
 */
export async function readSheetKeys(
  input: string,
  settings: ResolvedSettings,
  edits: CellEdits | undefined,
  defaultRuc: string | undefined,
): Promise<SheetKeys> {
  const source = applyCellEdits(await openRowSource(input, settings.read), edits);
  const sheet = await readLineRecords(source, { ...settings.read, only: ['serie', 'numero', 'emisorRuc'] });
  const issuers = new Set<string>();
  const split = new Map<string, number>();
  const grouper =
    settings.read.mergeSplit === true
      ? undefined
      : createInvoiceGrouper({
          onComesBack: firstReturnsInto(split),
          ...(defaultRuc !== undefined ? { defaultIssuer: defaultRuc } : {}),
        });
  for await (const batch of sheet.records) {
    for (const record of batch) {
      // A totals row touches no invoice; any other row (hidden ones too) may name its invoice's issuer.
      if (record.skipped !== true) {
        const ruc = rowIssuerOf(record.values);
        issuers.add(ruc !== '' ? ruc : (defaultRuc ?? ''));
      }
      grouper?.push(record);
    }
  }
  grouper?.end();
  return { issuers, split };
}

/**
 * Whether no row of the sheet names another issuer than `defaultRuc` (a blank «RUC emisor» is the
 * default one): then an invoice its own journal shows accepted for another issuer is held, by a
 * submission (SubmissionDeps.holdOtherIssuers) and by a dry run alike.
 */
export function namesNoOtherIssuer(keys: SheetKeys, defaultRuc: string | undefined): boolean {
  return [...keys.issuers].every((ruc) => ruc === '' || ruc === defaultRuc);
}
