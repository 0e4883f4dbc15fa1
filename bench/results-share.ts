/**
 * The share of results writing in a validate run: the SAME pipeline pieces as src/run-import.ts
 * (read, in a thread for a large sheet → map → group → validate → summary), with the results writer (`--writer on`: runImport
 * itself, exactly what `validate` runs) or without it (`--writer off`: the same stages, outcomes
 * only counted). Both variants load the sources the same way (tsx), so their difference is the
 * writer's cost. Usage: node --import tsx bench/results-share.ts FILE --writer on|off --out DIR
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { tuneThreadHeaps } from '../src/cli/tune-heap.js';
import { resolveSettings } from '../src/config/resolve-settings.js';
import { groupInvoices } from '../src/invoice/group-invoices.js';
import { limaToday } from '../src/invoice/lima-today.js';
import { validateInvoice } from '../src/invoice/validate-invoice.js';
import { createLogger } from '../src/logger.js';
import { runPipeline } from '../src/pipeline.js';
import { outputPaths } from '../src/report/output-paths.js';
import { createSummary } from '../src/report/run-summary.js';
import { runImport } from '../src/run-import.js';
import { openRunRows } from '../src/sheet/open-run-rows.js';
import { readLineRecords } from '../src/sheet/read-line-records.js';

// As the CLI does at start-up (its heap flags come on this process's command line, bench/run.ts).
tuneThreadHeaps();

const { values, positionals } = parseArgs({ allowPositionals: true, options: { writer: { type: 'string' }, out: { type: 'string' } } });
const input = positionals[0];
if (!input || (values.writer !== 'on' && values.writer !== 'off') || !values.out) throw new Error('usage: results-share.mjs FILE --writer on|off --out DIR');
const settings = resolveSettings({ lang: 'es' }, undefined);

let summary;
if (values.writer === 'on') {
  const result = await runImport({
    command: 'validate',
    input,
    settings,
    paths: outputPaths(input, { out: join(values.out, 'resultados.xlsx') }),
    logger: createLogger({ level: 'silent' }),
    clock: Date.now,
    lang: 'es',
  });
  summary = result.summary;
} else {
  const source = await openRunRows(input, {});
  const sheet = await readLineRecords(source, { decimalComma: settings.read.decimalComma });
  const context = { catalogues: settings.catalogues, close2u: settings.close2u, defaults: settings.defaults, today: limaToday(Date.now()) };
  const events = runPipeline({
    groups: groupInvoices(sheet.records, { mergeSplit: settings.read.mergeSplit }),
    validate: (draft) => validateInvoice(draft, context),
    lang: 'es',
  });
  const acc = createSummary();
  for await (const event of events) if (event.kind === 'outcome') acc.add(event.outcome);
  summary = acc.result();
}
console.log(JSON.stringify({ writer: values.writer, byStatus: summary.byStatus }));
