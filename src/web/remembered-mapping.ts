/** The key under which a remembered mapping keeps that its unit value includes IGV (no column is named so). */
const WITH_IGV_KEY = '@tipoRegistro';

/** A column mapping confirmed on the columns step, with whether its unit value includes IGV. */
export interface ConfirmedMapping {
  readonly mapping: Readonly<Record<string, string>>;
  readonly tipoRegistro?: 'PRECIOS_CON_IGV';
}

/**
 * A confirmed mapping as the store remembers it for the same headers: the mapping's JSON, with the
 * IGV choice in it, so a sheet with those headers uploaded again is read the same way (its prices
 * with IGV, not 18 % higher).
 */
export function rememberedMapping(confirmed: ConfirmedMapping): Record<string, string> {
  return { ...confirmed.mapping, ...(confirmed.tipoRegistro !== undefined ? { [WITH_IGV_KEY]: confirmed.tipoRegistro } : {}) };
}

/** What rememberedMapping stored, back as a mapping and its IGV choice. */
export function recalledMapping(stored: Readonly<Record<string, string>>): ConfirmedMapping {
  const { [WITH_IGV_KEY]: tipoRegistro, ...mapping } = stored;
  return tipoRegistro === 'PRECIOS_CON_IGV' ? { mapping, tipoRegistro } : { mapping };
}
