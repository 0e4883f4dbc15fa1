import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';
import type { Lang } from '../i18n/localized-text.js';
import type { ColumnName } from '../invoice/canonical-columns.js';
import { extendCatalogues } from '../invoice/catalogues.js';
import { isValidRuc } from '../invoice/rules/identity-document-rules.js';
import type { ConfigFile } from './config-file.js';
import type { Close2u, Emisor } from '../invoice/validation-context.js';
import { DEFAULT_CLOSE2U } from '../invoice/validation-context.js';
import { DEFAULT_MAX_ATTEMPTS } from '../submit/retry-delay.js';
import type { ReadOptions } from './read-options.js';

export const DEFAULT_CONCURRENCY = 4;

/** The flags that shape a run (a subset of the command's parsed arguments; yargs gives `undefined` for an absent flag). */
export interface RunFlags {
  readonly lang?: Lang | undefined;
  readonly sheet?: string | undefined;
  readonly encoding?: 'utf-8' | 'windows-1252' | undefined;
  readonly delimiter?: ',' | ';' | '\t' | 'tab' | undefined;
  readonly decimalComma?: boolean | undefined;
  readonly mergeSplit?: boolean | undefined;
  /** `--incluir-ocultas`. */
  readonly incluirOcultas?: boolean | undefined;
  readonly emisorRuc?: string | undefined;
  readonly emisorNombre?: string | undefined;
  readonly emisorNombreComercial?: string | undefined;
  readonly emisorCorreo?: string | undefined;
  readonly tipoRegistro?: 'PRECIOS_SIN_IGV' | 'PRECIOS_CON_IGV' | undefined;
  readonly concurrency?: number | undefined;
  readonly maxAttempts?: number | undefined;
}

export interface ResolvedSettings {
  readonly lang: Lang;
  readonly read: ReadOptions;
  /** Complete issuer when flags or the config file give one; `undefined` otherwise. */
  readonly issuer?: Emisor;
  /** Parts of the issuer known so far, completed in `submit` from the environment and the login. */
  readonly issuerHints: Partial<Emisor>;
  readonly close2u: Close2u;
  readonly defaults: Partial<Record<ColumnName, string>>;
  readonly catalogues: ReturnType<typeof extendCatalogues>;
  /** Invoices in flight at once when submitting (flag, else config file, else 4). */
  readonly concurrency: number;
  /** Tries per invoice for 5xx, 429 and network failures (flag, else config file, else 5). */
  readonly maxAttempts: number;
}

/**
 * Flags win over the config file, which wins over built-in defaults. Pure: the caller reads the
 * files and the environment.
 */
export function resolveSettings(flags: RunFlags, config: ConfigFile | undefined, mappingFromFile?: Partial<Record<ColumnName, string>>): ResolvedSettings {
  const e = config?.emisor;
  const hints = withoutUndefined<Emisor>({
    ruc: flags.emisorRuc ?? e?.ruc,
    nombreLegal: flags.emisorNombre ?? e?.nombreLegal,
    nombreComercial: flags.emisorNombreComercial ?? e?.nombreComercial,
    correo: flags.emisorCorreo ?? e?.correo,
  });
  if (hints.ruc !== undefined && !isValidRuc(hints.ruc)) {
    throw new FacturaError(
      'CONFIG',
      localized(
        `El RUC del emisor «${hints.ruc}» no es válido (11 dígitos, prefijo 10/15/16/17/20 y dígito verificador).`,
        `The issuer RUC "${hints.ruc}" is not valid (11 digits, prefix 10/15/16/17/20 and check digit).`,
      ),
    );
  }
  const mapping = mappingFromFile ?? config?.mapping;
  const delimiter = flags.delimiter === 'tab' ? '\t' : flags.delimiter;
  const read: ReadOptions = {
    ...(flags.sheet !== undefined ? { sheet: flags.sheet } : {}),
    ...(flags.encoding !== undefined ? { encoding: flags.encoding } : {}),
    ...(delimiter !== undefined ? { delimiter } : {}),
    decimalComma: flags.decimalComma ?? 'auto',
    ...(mapping !== undefined ? { mapping } : {}),
    mergeSplit: flags.mergeSplit ?? false,
    ...(flags.incluirOcultas === true ? { includeHidden: true } : {}),
  };
  const close2u: Close2u = {
    tipoIntegracion: config?.close2u?.tipoIntegracion ?? DEFAULT_CLOSE2U.tipoIntegracion,
    tipoPlantilla: config?.close2u?.tipoPlantilla ?? DEFAULT_CLOSE2U.tipoPlantilla,
    tipoRegistro: flags.tipoRegistro ?? config?.close2u?.tipoRegistro ?? DEFAULT_CLOSE2U.tipoRegistro,
  };
  const issuer = completeEmisor(hints);
  return {
    lang: flags.lang ?? config?.lang ?? 'es',
    read,
    ...(issuer ? { issuer } : {}),
    issuerHints: hints,
    close2u,
    defaults: config?.defaults ?? {},
    catalogues: extendCatalogues(config?.catalogues),
    concurrency: flags.concurrency ?? config?.concurrency ?? DEFAULT_CONCURRENCY,
    maxAttempts: flags.maxAttempts ?? config?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
  };
}

/** An issuer is complete with a RUC and a legal name; the rest is optional. */
export function completeEmisor(hints: Partial<Emisor>): Emisor | undefined {
  if (hints.ruc === undefined || hints.nombreLegal === undefined) return undefined;
  return {
    ruc: hints.ruc,
    nombreLegal: hints.nombreLegal,
    ...(hints.nombreComercial !== undefined ? { nombreComercial: hints.nombreComercial } : {}),
    ...(hints.correo !== undefined ? { correo: hints.correo } : {}),
  };
}

/** Drops keys whose value is undefined (exactOptionalPropertyTypes). */
function withoutUndefined<T extends object>(o: { [K in keyof T]: T[K] | undefined }): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
