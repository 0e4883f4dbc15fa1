import { resolve } from 'node:path';
import { parseConfig } from '../config/config-file.js';
import type { ResolvedSettings } from '../config/resolve-settings.js';
import { resolveSettings } from '../config/resolve-settings.js';
import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';
import type { OutputPaths } from '../report/output-paths.js';
import { outputPaths } from '../report/output-paths.js';
import { parseMapping } from '../sheet/load-mapping-file.js';
import type { SubmitOptions, ValidateOptions } from './run-options.js';

/** What a run resolves before it reads anything: the input, the settings and where the outputs go. */
export interface PreparedRun {
  readonly input: string;
  readonly settings: ResolvedSettings;
  readonly paths: OutputPaths;
}

const OPTIONS = 'las opciones';

function wholeNumberIn(name: string, value: number | undefined, min: number, max: number): void {
  if (value === undefined || (Number.isInteger(value) && value >= min && value <= max)) return;
  throw new FacturaError(
    'USAGE',
    localized(
      `${name} debe ser un número entero de ${min} a ${max} (se recibió ${String(value)}).`,
      `${name} must be a whole number from ${min} to ${max} (got ${String(value)}).`,
    ),
  );
}

/**
 * Options (the library's, or the CLI's flags turned into them) → settings and output paths, with
 * the same precedence as the command line: an option wins over the config, which wins over the
 * built-in defaults. Bad values are FacturaError('USAGE' or 'CONFIG'), before anything is read.
 */
export function prepareRun(path: string, options: ValidateOptions & Partial<SubmitOptions>): PreparedRun {
  wholeNumberIn('concurrency', options.concurrency, 1, 64);
  wholeNumberIn('maxAttempts', options.maxAttempts, 1, 20);
  if (options.timeoutMs !== undefined && !(options.timeoutMs > 0)) {
    throw new FacturaError('USAGE', localized('timeoutMs debe ser un número positivo.', 'timeoutMs must be a positive number.'));
  }
  const input = resolve(path);
  const config = options.config === undefined ? undefined : parseConfig(options.config, OPTIONS);
  const mapping = options.mapping === undefined ? undefined : parseMapping(options.mapping, OPTIONS);
  const e = options.emisor ?? {};
  const settings = resolveSettings(
    {
      lang: options.lang,
      sheet: options.sheet,
      encoding: options.encoding,
      delimiter: options.delimiter,
      decimalComma: options.decimalComma,
      mergeSplit: options.mergeSplit,
      incluirOcultas: options.includeHidden,
      emisorRuc: e.ruc,
      emisorNombre: e.nombreLegal,
      emisorNombreComercial: e.nombreComercial,
      emisorCorreo: e.correo,
      tipoRegistro: options.tipoRegistro,
      concurrency: options.concurrency,
      maxAttempts: options.maxAttempts,
      issuer: options.onlyIssuer,
    },
    config,
    mapping,
  );
  const paths = outputPaths(input, {
    ...(options.out !== undefined ? { out: resolve(options.out) } : {}),
    ...(options.fixAndResendOut !== undefined ? { fixAndResend: resolve(options.fixAndResendOut) } : {}),
    ...(options.journal !== undefined ? { journal: resolve(options.journal) } : {}),
  });
  return { input, settings, paths };
}
