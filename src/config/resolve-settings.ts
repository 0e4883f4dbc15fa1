import type { LocalizedText } from '../i18n/localized-text.js';
import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';
import type { Lang } from '../i18n/localized-text.js';
import type { ColumnName } from '../invoice/canonical-columns.js';
import type { DateOrder } from '../sheet/normalize-date.js';
import { extendCatalogues } from '../invoice/catalogues.js';
import type { CatalogueName } from '../invoice/catalogues.js';
import { isValidRuc } from '../invoice/rules/identity-document-rules.js';
import type { ConfigFile } from './config-file.js';
import type { Close2u, Emisor } from '../invoice/validation-context.js';
import { DEFAULT_CLOSE2U } from '../invoice/validation-context.js';
import { DEFAULT_MAX_ATTEMPTS } from '../submit/retry-delay.js';
import type { ReadOptions } from './read-options.js';
import type { MappingFile } from '../sheet/load-mapping-file.js';
import type { ValueNames } from '../value-names.js';
import { OPTION_NAMES } from '../value-names.js';
import type { Wording } from '../remedies.js';

export const DEFAULT_CONCURRENCY = 4;

/** The flags that shape a run (a subset of the command's parsed arguments; yargs gives `undefined` for an absent flag). */
export interface RunFlags {
  readonly lang?: Lang | undefined;
  readonly sheet?: string | undefined;
  readonly encoding?: 'utf-8' | 'windows-1252' | undefined;
  readonly delimiter?: ',' | ';' | '\t' | 'tab' | undefined;
  readonly decimalComma?: boolean | undefined;
  /** `--fechas`. */
  readonly dateOrder?: DateOrder | undefined;
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
  /** `--issuer RUC`: the only issuer this run handles. */
  readonly issuer?: string | undefined;
  /** Whom the messages speak to (remedies.ts). */
  readonly wording?: Wording | undefined;
}

/** What one issuer's invoices are checked and built with: its data, defaults and catalogues. */
export interface IssuerProfile {
  /** Issuer data known before any login (config `emisores`; for the default issuer also `emisor` and the flags). */
  readonly hints: Partial<Emisor> & { readonly ruc: string };
  readonly defaults: Partial<Record<ColumnName, string>>;
  readonly catalogues: ReturnType<typeof extendCatalogues>;
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
  /** Config `emisores`, by RUC, resolved over the run's defaults and catalogues. */
  readonly profiles: ReadonlyMap<string, IssuerProfile>;
  /** `--issuer`: the only issuer whose invoices this run handles; the others are left out. */
  readonly onlyIssuer?: string;
}

function invalidRuc(ruc: string, what: LocalizedText): FacturaError {
  return new FacturaError(
    'CONFIG',
    localized(
      `${what.es} «${ruc}» no es válido (11 dígitos, prefijo 10/15/16/17/20 y dígito verificador).`,
      `${what.en} "${ruc}" is not valid (11 digits, prefix 10/15/16/17/20 and check digit).`,
    ),
  );
}

/**
 * Flags win over the config file, which wins over built-in defaults. Pure: the caller reads the
 * files and the environment. A refusal names the value as the caller calls it (`names`).
 */
export function resolveSettings(
  flags: RunFlags,
  config: ConfigFile | undefined,
  mappingFile?: MappingFile,
  names: Pick<ValueNames, 'onlyIssuer' | 'tipoRegistro' | 'mapping'> = OPTION_NAMES,
): ResolvedSettings {
  const e = config?.emisor;
  const defaultRuc = flags.emisorRuc ?? e?.ruc;
  const own = defaultRuc === undefined ? undefined : config?.emisores?.[defaultRuc];
  const hints = withoutUndefined<Emisor>({
    ruc: defaultRuc,
    nombreLegal: flags.emisorNombre ?? e?.nombreLegal ?? own?.nombreLegal,
    nombreComercial: flags.emisorNombreComercial ?? e?.nombreComercial ?? own?.nombreComercial,
    correo: flags.emisorCorreo ?? e?.correo ?? own?.correo,
  });
  if (hints.ruc !== undefined && !isValidRuc(hints.ruc)) throw invalidRuc(hints.ruc, localized('El RUC del emisor', 'The issuer RUC'));
  if (flags.issuer !== undefined && !isValidRuc(flags.issuer))
    throw invalidRuc(flags.issuer, localized(`El RUC de ${names.onlyIssuer}`, `The ${names.onlyIssuer} RUC`));
  const defaults = config?.defaults ?? {};
  const catalogues = extendCatalogues(config?.catalogues);
  const profiles = new Map<string, IssuerProfile>();
  for (const [ruc, p] of Object.entries(config?.emisores ?? {})) {
    if (!isValidRuc(ruc)) throw invalidRuc(ruc, localized('El RUC de emisores', 'The emisores RUC'));
    profiles.set(ruc, {
      hints: { ...withoutUndefined<Emisor>({ ruc, nombreLegal: p.nombreLegal, nombreComercial: p.nombreComercial, correo: p.correo }), ruc },
      defaults: { ...defaults, ...p.defaults },
      catalogues: p.catalogues === undefined ? catalogues : extendCatalogues(mergeLists(config?.catalogues, p.catalogues)),
    });
  }
  // A sheet has one header row: an issuer's own mapping applies when the run is restricted to it.
  const issuerMapping = flags.issuer === undefined ? undefined : config?.emisores?.[flags.issuer]?.mapping;
  const mapping = mappingFile?.columns ?? issuerMapping ?? config?.mapping;
  const delimiter = flags.delimiter === 'tab' ? '\t' : flags.delimiter;
  // The mapping file's word on IGV belongs to the columns it maps: over the config's, never against the flag.
  const mapped = mappingFile?.tipoRegistro;
  if (flags.tipoRegistro !== undefined && mapped !== undefined && flags.tipoRegistro !== mapped) throw tipoRegistroConflict(flags.tipoRegistro, mapped, names);
  const tipoRegistro = flags.tipoRegistro ?? mapped ?? config?.close2u?.tipoRegistro ?? DEFAULT_CLOSE2U.tipoRegistro;
  const read: ReadOptions = {
    ...(flags.sheet !== undefined ? { sheet: flags.sheet } : {}),
    ...(flags.encoding !== undefined ? { encoding: flags.encoding } : {}),
    ...(delimiter !== undefined ? { delimiter } : {}),
    decimalComma: flags.decimalComma ?? 'auto',
    ...(flags.dateOrder !== undefined ? { dateOrder: flags.dateOrder } : {}),
    ...(mapping !== undefined ? { mapping } : {}),
    mergeSplit: flags.mergeSplit ?? false,
    ...(flags.incluirOcultas === true ? { includeHidden: true } : {}),
    ...(tipoRegistro === 'PRECIOS_CON_IGV' ? { pricesWithIgv: true } : {}),
    ...(flags.wording !== undefined ? { wording: flags.wording } : {}),
  };
  const close2u: Close2u = {
    tipoIntegracion: config?.close2u?.tipoIntegracion ?? DEFAULT_CLOSE2U.tipoIntegracion,
    tipoPlantilla: config?.close2u?.tipoPlantilla ?? DEFAULT_CLOSE2U.tipoPlantilla,
    tipoRegistro,
  };
  const issuer = completeEmisor(hints);
  return {
    lang: flags.lang ?? config?.lang ?? 'es',
    read,
    ...(issuer ? { issuer } : {}),
    issuerHints: hints,
    close2u,
    defaults,
    catalogues,
    concurrency: flags.concurrency ?? config?.concurrency ?? DEFAULT_CONCURRENCY,
    maxAttempts: flags.maxAttempts ?? config?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    profiles,
    ...(flags.issuer !== undefined ? { onlyIssuer: flags.issuer } : {}),
  };
}

/** Two catalogue extensions as one (the run's, then an issuer's). */
function mergeLists(
  a: Partial<Record<CatalogueName, readonly string[]>> | undefined,
  b: Partial<Record<CatalogueName, readonly string[]>>,
): Partial<Record<CatalogueName, readonly string[]>> {
  const out: Partial<Record<CatalogueName, readonly string[]>> = { ...a };
  for (const [name, values] of Object.entries(b) as [CatalogueName, readonly string[] | undefined][]) out[name] = [...(out[name] ?? []), ...(values ?? [])];
  return out;
}

/**
 * The profile an issuer's invoices use: its `emisores` entry, and for the run's default issuer
 * also the flags and `emisor` (which win). A RUC without a profile gets the run's defaults and
 * catalogues, and only its RUC as data (submit completes it from the login).
 */
export function issuerProfile(settings: ResolvedSettings, ruc: string): IssuerProfile {
  const profile = settings.profiles.get(ruc);
  const base: IssuerProfile = profile ?? { hints: { ruc }, defaults: settings.defaults, catalogues: settings.catalogues };
  return settings.issuerHints.ruc === ruc ? { ...base, hints: { ...base.hints, ...settings.issuerHints, ruc } } : base;
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

function tipoRegistroConflict(flag: string, mapped: string, names: Pick<ValueNames, 'tipoRegistro' | 'mapping'>): FacturaError {
  return new FacturaError(
    'USAGE',
    localized(
      `${names.tipoRegistro} ${flag} contradice ${names.mapping.es}, que indica tipoRegistro ${mapped} para sus columnas. Quite uno de los dos.`,
      `${names.tipoRegistro} ${flag} contradicts ${names.mapping.en}, which gives tipoRegistro ${mapped} for its columns. Remove one of them.`,
    ),
  );
}
