import { resolve } from 'node:path';
import { parseConfig } from '../config/config-file.js';
import type { ResolvedSettings } from '../config/resolve-settings.js';
import { resolveSettings } from '../config/resolve-settings.js';
import type { OutputPaths } from '../report/output-paths.js';
import { outputPaths } from '../report/output-paths.js';
import { localized } from '../i18n/localized-text.js';
import { parseMapping } from '../sheet/load-mapping-file.js';
import { checkRunLimits } from './check-run-limits.js';
import { valueNames } from '../value-names.js';
import type { SubmitOptions, ValidateOptions } from './run-options.js';

/** What a run resolves before it reads anything: the input, the settings and where the outputs go. */
export interface PreparedRun {
  readonly input: string;
  readonly settings: ResolvedSettings;
  readonly paths: OutputPaths;
}

const OPTIONS = 'las opciones';

/**
 * Options (the library's, or the CLI's flags turned into them) → settings and output paths, with
 * the same precedence as the command line: an option wins over the config, which wins over the
 * built-in defaults. Bad values are FacturaError('USAGE' or 'CONFIG'), before anything is read.
 */
export function prepareRun(path: string, options: ValidateOptions & Partial<Omit<SubmitOptions, keyof ValidateOptions>>): PreparedRun {
  checkRunLimits({ concurrency: options.concurrency, maxAttempts: options.maxAttempts, timeout: options.timeoutMs });
  const input = resolve(path);
  const names = valueNames(options.valueNames);
  const config = options.config === undefined ? undefined : parseConfig(options.config, OPTIONS);
  const mapping = options.mapping === undefined ? undefined : parseMapping(options.mapping, localized('La asignación de columnas', 'The column mapping'));
  const e = options.emisor ?? {};
  const settings = resolveSettings(
    {
      lang: options.lang,
      sheet: options.sheet,
      encoding: options.encoding,
      delimiter: options.delimiter,
      decimalComma: options.decimalComma,
      dateOrder: options.dateOrder,
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
      wording: options.wording,
    },
    config,
    mapping,
    names,
  );
  const paths = outputPaths(
    input,
    {
      ...(options.out !== undefined ? { out: resolve(options.out) } : {}),
      ...(options.fixAndResendOut !== undefined ? { fixAndResend: resolve(options.fixAndResendOut) } : {}),
      ...(typeof options.journal === 'string' ? { journal: resolve(options.journal) } : {}),
    },
    names,
  );
  return { input, settings, paths };
}
