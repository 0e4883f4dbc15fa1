/**
 * The enumerations the service accepts, as the service contract lists them
 * (docs/service-contract.md, "Enumerations"). The sandbox plays the service, so it holds its own
 * copy and never reads the importer's catalogues (src/invoice/catalogues.ts): a value wrongly
 * added to, or missing from, the importer's catalogues is then caught by the sandbox instead of
 * being mirrored by it. test/sandbox/contract-enumerations.test.ts holds this copy to the document.
 *
 * Order matters: it is the order of the service's "Valores permitidos" message.
 */
export const CONTRACT_ENUMERATIONS = {
  tipoIntegracion: ['OFFLINE', 'ONLINE'],
  tipoPlantilla: ['01'],
  tipoRegistro: ['PRECIOS_SIN_IGV', 'PRECIOS_CON_IGV'],
  formaPago: ['CONTADO', 'CREDITO'],
  medioPago: ['DEPOSITO_CUENTA', 'TRANSFERENCIA_FONDOS', 'TARJETA_DEBITO', 'EFECTIVO', 'OTROS_MEDIO_PAGO'],
  moneda: ['PEN', 'USD'],
  tipoOperacion: [
    'VENTA_INTERNA',
    'EXPORTACION',
    'NO_DOMICILIADOS',
    'VENTA_INTERNA_ANTICIPOS',
    'VENTA_ITINERANTE',
    'FACTURA_GUIA',
    'VENTA_ARROZ_PILADO',
    'FACTURA_COMPROBANTE_PERCEPCION',
  ],
  tipoDocumentoIdentidad: [
    'RUC',
    'DOC_NACIONAL_DE_IDENTIDAD',
    'CARNET_DE_EXTRANJERIA',
    'PASAPORTE',
    'CED_DIPLOMATICA_IDENTIDAD',
    'PERMISO_TEMPORAL_PERMANENCIA',
    'DOC_TRIB_NO_DOM_SIN_RUC',
  ],
  tipoAfectacion: [
    'GRAVADO_OPERACION_ONEROSA',
    'GRAVADO_RETIRO_POR_PREMIO',
    'GRAVADO_RETIRO_POR_DONACION',
    'GRAVADO_RETIRO',
    'GRAVADO_RETIRO_POR_PUBLICIDAD',
    'GRAVADO_BONIFICACIONES',
    'GRAVADO_RETIRO_POR_ENTREGA_A_TRABAJADORES',
    'GRAVADO_IVAP',
    'EXONERADO_OPERACION_ONEROSA',
    'EXONERADO_TRANSFERENCIA_GRATUITA',
    'INAFECTO_OPERACION_ONEROSA',
    'INAFECTO_RETIRO_POR_BONIFICACION',
    'INAFECTO_RETIRO',
    'INAFECTO_RETIRO_POR_MUESTRAS_MEDICAS',
    'INAFECTO_RETIRO_POR_CONVENIO_COLECTIVO',
    'INAFECTO_RETIRO_POR_PREMIO',
    'INAFECTO_RETIRO_POR_PUBLICIDAD',
    'EXPORTACION',
  ],
  unidadMedida: [
    'UNIDAD_BIENES',
    'UNIDAD_SERVICIOS',
    'KILOGRAMO',
    'GRAMO',
    'LITRO',
    'GALON_INGLES',
    'US_GALON',
    'METRO',
    'METRO_CUADRADO',
    'CAJA',
    'DOCENA',
    'HORA',
    'JUEGO',
    'PAQUETE',
    'PAR',
    'TONELADAS',
    'KILOS',
  ],
} as const satisfies Readonly<Record<string, readonly string[]>>;

export type EnumerationName = keyof typeof CONTRACT_ENUMERATIONS;
