import { localized } from '../i18n/localized-text.js';
import { silentLogger } from '../logger.js';
import { runImport } from '../run-import.js';
import { prepareRun } from './prepare-run.js';
import type { ValidateOptions } from './run-options.js';
import type { RunSummary } from './run-summary.js';
import { summarizeRun } from './run-summary.js';

const NO_ISSUER = localized(
  'Emisor no configurado (--config o --emisor-ruc/--emisor-nombre): se revisó todo lo demás; el emisor se tomará del login al enviar.',
  'No issuer configured (--config or --emisor-ruc/--emisor-nombre): everything else was checked; submit takes the issuer from the login.',
);

/**
 * The dry run: reads the sheet, checks every invoice and writes the results workbook (and the
 * fix-and-resend workbook when something needs fixing; neither with `writeFiles: false`). No network, no account. Prints nothing;
 * a failure that ends the run is a FacturaError with its `code`.
 */
export async function validateSheet(path: string, options: ValidateOptions = {}): Promise<RunSummary> {
  const { input, settings, paths } = prepareRun(path, options);
  const result = await runImport({
    command: 'validate',
    input,
    settings,
    paths,
    ...(settings.issuer !== undefined ? { emisor: settings.issuer } : {}),
    logger: options.logger ?? silentLogger(),
    clock: options.clock ?? Date.now,
    ...(options.signal !== undefined ? { signal: options.signal } : {}),
    ...(options.onEvent !== undefined ? { onEvent: options.onEvent } : {}),
    ...(options.edits !== undefined ? { edits: options.edits } : {}),
    ...(options.rowEvents !== undefined ? { rowEvents: options.rowEvents } : {}),
    ...(options.problemEvents !== undefined ? { problemEvents: options.problemEvents } : {}),
    ...(options.wording !== undefined ? { wording: options.wording } : {}),
    ...(options.fileName !== undefined ? { fileName: options.fileName } : {}),
    ...(options.writeFiles !== undefined ? { writeFiles: options.writeFiles } : {}),
    lang: settings.lang,
  });
  return summarizeRun(result, settings.issuer === undefined ? [NO_ISSUER[settings.lang]] : []);
}
