import type { ColumnName } from './canonical-columns.js';
import type { Catalogues } from './catalogues.js';
import type { Wording } from '../remedies.js';
import type { TipoRegistro } from './compute-totals.js';

/** The issuer (`emisor`), from the config file, else the environment and the login. */
export interface Emisor {
  readonly ruc: string;
  readonly nombreLegal: string;
  readonly nombreComercial?: string;
  readonly correo?: string;
}

/** The fixed document options (`close2u`); the contract's observed values are OFFLINE, 01, PRECIOS_SIN_IGV. */
export interface Close2u {
  readonly tipoIntegracion: string;
  readonly tipoPlantilla: string;
  readonly tipoRegistro: TipoRegistro;
}

export const DEFAULT_CLOSE2U: Close2u = { tipoIntegracion: 'OFFLINE', tipoPlantilla: '01', tipoRegistro: 'PRECIOS_SIN_IGV' };

/** Everything validating and building an invoice needs besides the draft; no I/O, no clock. */
export interface ValidationContext {
  readonly catalogues: Catalogues;
  /** Absent in a dry run without configuration: everything else is checked, no document is built. */
  readonly emisor?: Emisor;
  readonly close2u: Close2u;
  /** Column defaults from the config file; they override those of canonical-columns.ts. */
  readonly defaults: Readonly<Partial<Record<ColumnName, string>>>;
  /** Today in Lima (`YYYY-MM-DD`), see limaToday(). */
  readonly today: string;
  /** Whom the messages speak to: how each says what to do (remedies.ts); default the library's caller. */
  readonly wording?: Wording;
}
