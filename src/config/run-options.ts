import type { Lang } from '../i18n/localized-text.js';
import type { ColumnName } from '../invoice/canonical-columns.js';
import type { Catalogues } from '../invoice/catalogues.js';
import type { Close2u, Emisor } from '../invoice/validation-context.js';

export interface ReadOptions {
  readonly sheet?: string;
  readonly encoding?: 'utf-8' | 'windows-1252';
  readonly delimiter?: ',' | ';' | '\t';
  readonly decimalComma: boolean | 'auto';
  readonly mapping?: Partial<Record<ColumnName, string>>;
  readonly mergeSplit: boolean;
}

export interface Credentials {
  readonly ruc: string;
  readonly mail: string;
  readonly clave: string;
}

export interface ServiceOptions {
  readonly authUrl: string;
  readonly baseUrl: string;
  readonly concurrency: number;
  readonly maxAttempts: number;
  readonly renewMarginMs: number;
  readonly minRenewalIntervalMs: number;
  readonly requestTimeoutMs: number;
}

/** Everything a run needs, validated once from flags, the config file and the environment. */
export interface RunOptions {
  readonly lang: Lang;
  readonly input: string;
  readonly read: ReadOptions;
  /** From the config file; in `submit` without one it is completed from the environment and login. */
  readonly issuer?: Emisor;
  readonly close2u: Close2u;
  readonly defaults: Partial<Record<ColumnName, string>>;
  readonly catalogues: Catalogues;
  readonly outPath: string;
  readonly fixPath: string;
  readonly journalPath: string;
  readonly json: boolean;
  readonly quiet: boolean;
}
