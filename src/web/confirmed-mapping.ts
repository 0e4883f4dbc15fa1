import { MAPPING_TIPO_REGISTRO } from '../index.js';

/** A column mapping confirmed on the columns step, with whether its unit value includes IGV. */
export interface ConfirmedMapping {
  readonly mapping: Readonly<Record<string, string>>;
  readonly tipoRegistro?: 'PRECIOS_CON_IGV';
}

/**
 * A confirmed mapping as a mapping file (the command line's `--map`): its columns, and
 * `tipoRegistro` when its unit value includes IGV. The store remembers it so for the same headers,
 * and the check's «columnas.json» is it, so the sheet is read the same way wherever it goes (its
 * prices with IGV, not 18 % higher).
 */
export function mappingFileOf(confirmed: ConfirmedMapping): Record<string, string> {
  return { ...confirmed.mapping, ...(confirmed.tipoRegistro !== undefined ? { [MAPPING_TIPO_REGISTRO]: confirmed.tipoRegistro } : {}) };
}

/** What mappingFileOf wrote, back as a mapping and its IGV choice. */
export function confirmedMapping(file: Readonly<Record<string, string>>): ConfirmedMapping {
  const { [MAPPING_TIPO_REGISTRO]: tipoRegistro, ...mapping } = file;
  return tipoRegistro === 'PRECIOS_CON_IGV' ? { mapping, tipoRegistro } : { mapping };
}
