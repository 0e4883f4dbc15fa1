import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FacturaError } from '../../src/factura-error.js';
import { BUILTIN_CATALOGUES } from '../../src/invoice/catalogues.js';
import { groupInvoices } from '../../src/invoice/group-invoices.js';
import { limaToday } from '../../src/invoice/lima-today.js';
import { validateInvoice } from '../../src/invoice/validate-invoice.js';
import type { ValidationContext } from '../../src/invoice/validation-context.js';
import { DEFAULT_CLOSE2U } from '../../src/invoice/validation-context.js';
import { openRowSource } from '../../src/sheet/open-row-source.js';
import { readLineRecords } from '../../src/sheet/read-line-records.js';
import { eachOf } from '../helpers/batches.js';

/** What reading a file through the whole dry-run chain gave: counts, or the run-ending error. */
export type ReadThrough =
  | {
      readonly kind: 'read';
      /** Line records that came out of the mapping stage (non-blank rows under the header). */
      readonly records: number;
      /** Rows accounted for by the grouping stage: in an invoice or in orphan rows. */
      readonly rowsInInvoices: number;
      readonly rowsInOrphans: number;
      readonly invoices: number;
      readonly valid: number;
      readonly invalid: number;
      readonly problemCodes: readonly string[];
    }
  | { readonly kind: 'refused'; readonly code: string; readonly es: string; readonly en: string };

export const DRY_RUN_CONTEXT: ValidationContext = {
  catalogues: BUILTIN_CATALOGUES,
  close2u: DEFAULT_CLOSE2U,
  defaults: {},
  today: limaToday(Date.now()),
};

/**
 * openRowSource → readLineRecords → groupInvoices → validateInvoice, in process, with the
 * rows counted in and out. A FacturaError is the only accepted way to fail: anything else is
 * rethrown for the test to see.
 */
export async function readThrough(path: string): Promise<ReadThrough> {
  try {
    const source = await openRowSource(path);
    const sheet = await readLineRecords(source);
    let records = 0;
    const recordRows = new Set<number>();
    const counting = (async function* () {
      for await (const batch of sheet.records) {
        records += batch.length;
        for (const record of batch) recordRows.add(record.row);
        yield batch;
      }
    })();
    let rowsInInvoices = 0;
    let rowsInOrphans = 0;
    let invoices = 0;
    let valid = 0;
    const codes = new Set<string>();
    for await (const item of eachOf(groupInvoices(counting))) {
      for (const p of item.problems) codes.add(p.code);
      if (item.kind === 'orphan') {
        rowsInOrphans += item.rows.length;
        continue;
      }
      invoices++;
      rowsInInvoices += item.rows.length;
      const checked = validateInvoice(item, DRY_RUN_CONTEXT);
      for (const p of checked.problems) codes.add(p.code);
      if (checked.valid) valid++;
    }
    return { kind: 'read', records, rowsInInvoices, rowsInOrphans, invoices, valid, invalid: invoices - valid, problemCodes: [...codes].sort() };
  } catch (error) {
    if (error instanceof FacturaError) return { kind: 'refused', code: error.code, es: error.text.es, en: error.text.en };
    throw error;
  }
}

// As a script (for inputs that must be read in a process of their own, under a heap limit):
// prints the ReadThrough as JSON on stdout.
if (import.meta.url === pathToFileURL(resolve(process.argv[1] ?? '')).href) {
  const result = await readThrough(resolve(process.argv[2] ?? ''));
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
