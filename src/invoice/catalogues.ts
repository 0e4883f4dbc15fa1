import { resolveCodeAndDescription } from './code-and-description.js';
import { matchKey } from './match-key.js';
import { resolveWithTaxRate } from './tax-rate-suffix.js';

/**
 * The enumerations of docs/service-contract.md §2.4, kept as data. They are not closed lists: a user extends
 * one from the config file (`catalogues: { unidadMedida: ["BOLSA"] }`) without a code change.
 * A sheet may give a value by its name, its SUNAT code or a common Spanish word.
 */
export interface CatalogueEntry {
  /** The value the service expects, e.g. `UNIDAD_BIENES`. */
  readonly value: string;
  /** SUNAT codes that mean this value (`NIU`, `10`). */
  readonly codes?: readonly string[];
  /** Common words a sheet may use (`Unidad`, `Soles`). */
  readonly words?: readonly string[];
}

export const CATALOGUE_NAMES = [
  'tipoIntegracion',
  'tipoPlantilla',
  'tipoRegistro',
  'formaPago',
  'medioPago',
  'moneda',
  'tipoOperacion',
  'tipoDocumentoIdentidad',
  'tipoAfectacion',
  'unidadMedida',
] as const;

export type CatalogueName = (typeof CATALOGUE_NAMES)[number];

export type Catalogues = Readonly<Record<CatalogueName, readonly CatalogueEntry[]>>;

const v = (value: string, codes: string[] = [], words: string[] = []): CatalogueEntry => ({ value, codes, words });

export const BUILTIN_CATALOGUES: Catalogues = {
  tipoIntegracion: [v('OFFLINE'), v('ONLINE')],
  tipoPlantilla: [v('01')],
  tipoRegistro: [v('PRECIOS_SIN_IGV', [], ['Sin IGV']), v('PRECIOS_CON_IGV', [], ['Con IGV'])],
  formaPago: [v('CONTADO', [], ['Contado', 'Al contado']), v('CREDITO', [], ['Crédito', 'A crédito'])],
  medioPago: [
    v('DEPOSITO_CUENTA', ['001'], ['Depósito', 'Depósito en cuenta']),
    v('TRANSFERENCIA_FONDOS', ['003'], ['Transferencia', 'Transferencia de fondos', 'Transferencia bancaria']),
    v('TARJETA_DEBITO', ['005'], ['Tarjeta de débito', 'Débito']),
    v('EFECTIVO', ['008'], ['Efectivo']),
    v('OTROS_MEDIO_PAGO', ['999'], ['Otros']),
  ],
  moneda: [
    // «MN», moneda nacional, as Peruvian accounting heads its columns (its «ME» could be any foreign one).
    v('PEN', ['S/', 'S/.'], ['Soles', 'Sol', 'Nuevos soles', 'Moneda nacional', 'MN']),
    v('USD', ['US$', '$'], ['Dólares', 'Dólar', 'Dólares americanos', 'US dollar', 'US dollars']),
  ],
  tipoOperacion: [
    v('VENTA_INTERNA', ['0101'], ['Venta interna', 'Venta nacional']),
    v('EXPORTACION', ['0200'], ['Exportación', 'Exportación de bienes']),
    v('NO_DOMICILIADOS', ['0401'], ['No domiciliados']),
    v('VENTA_INTERNA_ANTICIPOS', ['0102'], ['Anticipos']),
    v('VENTA_ITINERANTE', ['0103'], ['Venta itinerante']),
    v('FACTURA_GUIA', ['0104'], ['Factura guía']),
    v('VENTA_ARROZ_PILADO', ['0105'], ['Arroz pilado']),
    v('FACTURA_COMPROBANTE_PERCEPCION', ['0106'], ['Percepción']),
  ],
  tipoDocumentoIdentidad: [
    v('RUC', ['6'], ['RUC']),
    v('DOC_NACIONAL_DE_IDENTIDAD', ['1'], ['DNI', 'Documento nacional de identidad']),
    v('CARNET_DE_EXTRANJERIA', ['4'], ['CE', 'Carnet de extranjería', 'Carné de extranjería']),
    v('PASAPORTE', ['7'], ['Pasaporte']),
    v('CED_DIPLOMATICA_IDENTIDAD', ['A'], ['Cédula diplomática']),
    v('PERMISO_TEMPORAL_PERMANENCIA', ['F'], ['PTP']),
    v('DOC_TRIB_NO_DOM_SIN_RUC', ['0'], ['Doc. trib. no domiciliado']),
  ],
  tipoAfectacion: [
    v(
      'GRAVADO_OPERACION_ONEROSA',
      ['10'],
      [
        'Gravado',
        'Gravada',
        'Operación gravada',
        'Op. gravada',
        'Op. gravadas',
        'Operaciones gravadas',
        'Afecto',
        'Afecta',
        'Afecto al IGV',
        'Afecto IGV',
        'Gravado con IGV',
        'Gravado IGV',
        'IGV 18%',
        '18%',
      ],
    ),
    v('GRAVADO_RETIRO_POR_PREMIO', ['11']),
    v('GRAVADO_RETIRO_POR_DONACION', ['12']),
    v('GRAVADO_RETIRO', ['13']),
    v('GRAVADO_RETIRO_POR_PUBLICIDAD', ['14']),
    v('GRAVADO_BONIFICACIONES', ['15']),
    v('GRAVADO_RETIRO_POR_ENTREGA_A_TRABAJADORES', ['16']),
    v('GRAVADO_IVAP', ['17'], ['IVAP']),
    v(
      'EXONERADO_OPERACION_ONEROSA',
      ['20'],
      ['Exonerado', 'Exonerada', 'Operación exonerada', 'Op. exonerada', 'Op. exoneradas', 'Operaciones exoneradas', 'Exonerado del IGV', 'Exonerado de IGV'],
    ),
    v('EXONERADO_TRANSFERENCIA_GRATUITA', ['21']),
    v(
      'INAFECTO_OPERACION_ONEROSA',
      ['30'],
      [
        'Inafecto',
        'Inafecta',
        'Operación inafecta',
        'Op. inafecta',
        'Op. inafectas',
        'Operaciones inafectas',
        'Inafecto al IGV',
        'No afecto',
        'No afecto al IGV',
      ],
    ),
    v('INAFECTO_RETIRO_POR_BONIFICACION', ['31']),
    v('INAFECTO_RETIRO', ['32']),
    v('INAFECTO_RETIRO_POR_MUESTRAS_MEDICAS', ['33']),
    v('INAFECTO_RETIRO_POR_CONVENIO_COLECTIVO', ['34']),
    v('INAFECTO_RETIRO_POR_PREMIO', ['35']),
    v('INAFECTO_RETIRO_POR_PUBLICIDAD', ['36']),
    v('EXPORTACION', ['40'], ['Exportación']),
  ],
  unidadMedida: [
    v('UNIDAD_BIENES', ['NIU'], ['Unidad', 'Unidades', 'Und', 'Unid', 'Pieza', 'Piezas', 'Pza', 'Pzas', 'Pz', 'Pzs']),
    v('UNIDAD_SERVICIOS', ['ZZ'], ['Servicio', 'Servicios', 'Serv']),
    v('KILOGRAMO', ['KGM'], ['Kg', 'Kgs', 'Kilogramo', 'Kilogramos']),
    v('GRAMO', ['GRM'], ['Gramo', 'Gramos', 'g', 'Gr', 'Grs']),
    v('LITRO', ['LTR'], ['Litro', 'Litros', 'L', 'Lt', 'Lts']),
    v('GALON_INGLES', ['GLI'], ['Galón inglés']),
    v('US_GALON', ['GLL'], ['Galón', 'Galones', 'Gal', 'Gln', 'Gl']),
    v('METRO', ['MTR'], ['Metro', 'Metros', 'm', 'Mts', 'Mt']),
    v('METRO_CUADRADO', ['MTK'], ['Metro cuadrado', 'Metros cuadrados', 'm2', 'm²']),
    v('CAJA', ['BX'], ['Caja', 'Cajas', 'Cja', 'Cj']),
    v('DOCENA', ['DZN'], ['Docena', 'Docenas', 'Doc']),
    v('HORA', ['HUR'], ['Hora', 'Horas', 'Hr', 'Hrs', 'Hra', 'Hras']),
    v('JUEGO', ['SET'], ['Juego', 'Juegos', 'Jgo', 'Jgos']),
    v('PAQUETE', ['PK'], ['Paquete', 'Paquetes', 'Pqte', 'Paq']),
    v('PAR', ['PR'], ['Par', 'Pares']),
    v('TONELADAS', ['TNE'], ['Tonelada', 'Toneladas', 'TN', 'TM', 'Ton', 'Tons', 'TN/TM']),
    v('KILOS', [], ['Kilos']),
  ],
};

/** Built-in catalogues plus the values a user added in the config file. */
export function extendCatalogues(extra: Partial<Record<CatalogueName, readonly string[]>> | undefined): Catalogues {
  if (!extra) return BUILTIN_CATALOGUES;
  const out = { ...BUILTIN_CATALOGUES } as Record<CatalogueName, readonly CatalogueEntry[]>;
  for (const name of CATALOGUE_NAMES) {
    const added = extra[name];
    if (added && added.length > 0) {
      const known = new Set(out[name].map((e) => e.value));
      out[name] = [...out[name], ...added.filter((a) => !known.has(a)).map((a) => v(a))];
    }
  }
  return out;
}

/**
 * The service's value for what a sheet wrote, matched by name, SUNAT code or word, without case or
 * accents, or by a SUNAT code (or the service's own name) followed by its description
 * (`10 - Gravado - Operación Onerosa`, `PEN - Soles`), or, for the tax treatment, followed by its
 * rate (`Gravada 18%`, tax-rate-suffix.ts); `undefined` when nothing matches (the caller reports
 * the allowed values).
 */
export function resolveCatalogueValue(catalogues: Catalogues, name: CatalogueName, input: string): string | undefined {
  const entries = catalogues[name];
  const plain = (text: string): string | undefined =>
    resolveWhole(entries, text) ??
    resolveCodeAndDescription(
      text,
      (code) =>
        entries.find((e) => e.codes?.some((c) => matchKey(c) === matchKey(code)))?.value ?? entries.find((e) => matchKey(e.value) === matchKey(code))?.value,
      (description) => resolveWhole(entries, description),
    );
  return plain(input) ?? (name === 'tipoAfectacion' ? resolveWithTaxRate(input, plain) : undefined);
}

function resolveWhole(entries: readonly CatalogueEntry[], input: string): string | undefined {
  const key = matchKey(input);
  if (key === '') return undefined;
  for (const e of entries) if (matchKey(e.value) === key) return e.value;
  for (const e of entries) if (e.codes?.some((c) => matchKey(c) === key || c === input.trim())) return e.value;
  for (const e of entries) if (e.words?.some((w) => matchKey(w) === key)) return e.value;
  return undefined;
}

/** How a person names a catalogue value: its first word («DNI», «Venta interna», «Gravado»), else the service's name. */
export function catalogueWord(catalogues: Catalogues, name: CatalogueName, value: string): string {
  return catalogues[name].find((e) => e.value === value)?.words?.[0] ?? value;
}

export function allowedValues(catalogues: Catalogues, name: CatalogueName): readonly string[] {
  return catalogues[name].map((e) => e.value);
}
