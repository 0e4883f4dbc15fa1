import type { MappingRecord } from '../index.js';
import { MAPPING_TIPO_REGISTRO } from '../index.js';

/**
 * A column mapping confirmed on the columns step, as the command line's mapping file (`--map`): its
 * columns, and `tipoRegistro` when its unit value includes IGV (the step's «Valor unitario con
 * IGV»). The workspace keeps a mapping only in this form: the store remembers it for the same
 * headers, the check runs with it, and the check's «columnas.json» is it, so the sheet is read the
 * same way wherever it goes (its prices with IGV, not 18 % higher).
 */
export function confirmedMapping(columns: Readonly<Record<string, string>>, withIgv: boolean): MappingRecord {
  const { [MAPPING_TIPO_REGISTRO]: _said, ...only } = columns; // the choice is `withIgv`, whatever the columns say
  return withIgv ? { ...only, [MAPPING_TIPO_REGISTRO]: 'PRECIOS_CON_IGV' } : only;
}

/** Whether a mapping file's unit value includes IGV. */
export function includesIgv(file: MappingRecord): boolean {
  return file[MAPPING_TIPO_REGISTRO] === 'PRECIOS_CON_IGV';
}
