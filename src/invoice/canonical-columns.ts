import type { LocalizedText } from '../i18n/localized-text.js';
import { localized } from '../i18n/localized-text.js';
import type { CatalogueName } from './catalogues.js';

/**
 * The one definition of the sheet's columns (docs/architecture.md, "The sheet"), used by the header mapper,
 * the validator's messages, the results workbook and the template generator alike.
 */
export type ColumnLevel = 'invoice' | 'line';

/** How a cell of the column is normalised at the edge. */
export type ColumnType =
  | 'text' // trimmed, inner whitespace collapsed
  | 'code' // like text, but a number cell keeps its digits (serie, product code)
  | 'identity' // RUC, DNI, ubigeo: digits that must stay text (no scientific notation, no lost zeros)
  | 'integer' // numero
  | 'decimal' // exact decimal string, never a binary float
  | 'date' // YYYY-MM-DD
  | 'time' // HH:mm:ss
  | 'email'
  | 'enum'; // a catalogue value (name, SUNAT code or Spanish word)

export interface ColumnDefinition {
  readonly name: ColumnName;
  readonly level: ColumnLevel;
  readonly type: ColumnType;
  readonly required: boolean;
  /** Default when the column is absent or the cell blank, when it is a constant. */
  readonly defaultValue?: string;
  /** For `enum` columns: the catalogue of allowed values. */
  readonly catalogue?: CatalogueName;
  /** Header texts recognised for this column, besides its own name (compared normalised). */
  readonly aliases: readonly string[];
  /** Shown in the template's instructions and in messages. */
  readonly label: LocalizedText;
  readonly description: LocalizedText;
}

export const COLUMN_NAMES = [
  'serie',
  'numero',
  'fechaEmision',
  'horaEmision',
  'moneda',
  'formaPago',
  'condicionPago',
  'medioPago',
  'ordenCompra',
  'glosa',
  'coVendedor',
  'tipoOperacion',
  'receptorTipoDocumento',
  'receptorNumeroDocumento',
  'receptorNombreLegal',
  'receptorNombreComercial',
  'receptorCorreo',
  'receptorCorreoCopia',
  'receptorDireccion',
  'receptorUbigeo',
  'codigoProducto',
  'descripcion',
  'cantidad',
  'unidadMedida',
  'valorVentaUnitario',
  'tipoAfectacion',
  // Last: added for accounting firms; the columns before it keep their place in generated sheets.
  'emisorRuc',
] as const;

export type ColumnName = (typeof COLUMN_NAMES)[number];

type Def = Omit<ColumnDefinition, 'name'>;

const inv = (type: ColumnType, required: boolean, rest: Omit<Def, 'level' | 'type' | 'required'>): Def => ({
  level: 'invoice',
  type,
  required,
  ...rest,
});
const line = (type: ColumnType, required: boolean, rest: Omit<Def, 'level' | 'type' | 'required'>): Def => ({
  level: 'line',
  type,
  required,
  ...rest,
});

const DEFINITIONS: Readonly<Record<ColumnName, Def>> = {
  serie: inv('code', true, {
    aliases: [
      'Serie',
      'Serie comprobante',
      'Serie factura',
      'Nro serie',
      'Serie documento',
      'Serie doc.',
      'Serie del documento',
      // The heading of SUNAT's own sales register (Formato 14.1), and its other wordings.
      'N° serie o N° de serie de la máquina registradora',
      'Número serie o número de serie de la máquina registradora',
      'Serie o número de serie de la máquina registradora',
    ],
    label: localized('Serie', 'Series'),
    description: localized(
      'Serie de la factura: F seguida de 3 letras o dígitos (F001, FA01), o 4 dígitos para contingencia.',
      'Invoice series: F followed by 3 letters or digits (F001, FA01), or 4 digits for contingency documents.',
    ),
  }),
  numero: inv('integer', true, {
    aliases: [
      'Número',
      'Numero comprobante',
      'Correlativo',
      'Nro',
      'N°',
      'Nº',
      'Número factura',
      'Nro. comprobante',
      'N° factura',
      'Nº factura',
      'Nro. factura',
      'Num. factura',
      'N° comprobante',
      'Nº comprobante',
    ],
    label: localized('Número', 'Number'),
    description: localized('Número correlativo dentro de la serie: de 1 a 8 dígitos.', 'Number within the series: 1 to 8 digits.'),
  }),
  fechaEmision: inv('date', true, {
    aliases: [
      'Fecha',
      'Fecha emisión',
      'Fecha de emisión',
      'F. emisión',
      'Fec. emisión',
      'Fch. emisión',
      'Fecha emi.',
      'Fec. emi.',
      'F. emi.',
      'Fecha documento',
      'Fecha doc',
      'Fecha emis.',
      'F. emis.',
      'Fecha comprobante',
      'Fec. doc.',
      'F. doc.',
      'Fecha factura',
      'Fec. factura',
      'Fecha de la factura',
      'Fecha venta',
      'Fecha de venta',
      // The heading of SUNAT's own sales register (Formato 14.1).
      'Fecha de emisión del comprobante de pago o documento',
      'Fecha de emisión del comprobante de pago',
    ],
    label: localized('Fecha de emisión', 'Issue date'),
    description: localized(
      'Fecha de emisión (DD/MM/AAAA o AAAA-MM-DD). No puede ser posterior a hoy; SUNAT acepta hasta 3 días de antigüedad.',
      'Issue date (DD/MM/YYYY or YYYY-MM-DD). Not after today; SUNAT accepts up to 3 days back.',
    ),
  }),
  horaEmision: inv('time', false, {
    aliases: ['Hora', 'Hora emisión', 'Hora de emisión'],
    label: localized('Hora de emisión', 'Issue time'),
    description: localized('Hora de emisión HH:MM:SS (opcional).', 'Issue time HH:MM:SS (optional).'),
  }),
  moneda: inv('enum', false, {
    defaultValue: 'PEN',
    catalogue: 'moneda',
    aliases: ['Moneda', 'Mon.', 'Divisa', 'Tipo moneda'],
    label: localized('Moneda', 'Currency'),
    description: localized('Código ISO de la moneda: PEN (soles) o USD (dólares). Por defecto PEN.', 'ISO currency code: PEN or USD. Default PEN.'),
  }),
  formaPago: inv('enum', false, {
    defaultValue: 'CONTADO',
    catalogue: 'formaPago',
    aliases: ['Forma de pago', 'Forma pago'],
    label: localized('Forma de pago', 'Payment form'),
    description: localized('CONTADO o CREDITO. Por defecto CONTADO.', 'CONTADO (cash) or CREDITO (credit). Default CONTADO.'),
  }),
  condicionPago: inv('enum', false, {
    defaultValue: 'CONTADO',
    catalogue: 'formaPago',
    aliases: ['Condición de pago', 'Condicion pago', 'Cond. pago'],
    label: localized('Condición de pago', 'Payment terms'),
    description: localized('CONTADO o CREDITO. Por defecto CONTADO.', 'CONTADO or CREDITO. Default CONTADO.'),
  }),
  medioPago: inv('enum', false, {
    catalogue: 'medioPago',
    aliases: ['Medio de pago', 'Medio pago'],
    label: localized('Medio de pago', 'Payment method'),
    description: localized(
      'Opcional: DEPOSITO_CUENTA, TRANSFERENCIA_FONDOS, TARJETA_DEBITO, EFECTIVO u OTROS_MEDIO_PAGO.',
      'Optional: DEPOSITO_CUENTA, TRANSFERENCIA_FONDOS, TARJETA_DEBITO, EFECTIVO or OTROS_MEDIO_PAGO.',
    ),
  }),
  ordenCompra: inv('text', false, {
    aliases: ['Orden de compra', 'OC', 'Orden compra', 'Nro orden compra'],
    label: localized('Orden de compra', 'Purchase order'),
    description: localized('Referencia de la orden de compra (opcional).', 'Purchase order reference (optional).'),
  }),
  glosa: inv('text', false, {
    aliases: ['Glosa', 'Observación', 'Observaciones', 'Comentario'],
    label: localized('Glosa', 'Remark'),
    description: localized('Texto libre que acompaña a la factura (opcional).', 'Free-text remark (optional).'),
  }),
  coVendedor: inv('text', false, {
    aliases: ['Vendedor', 'Código vendedor', 'Cod vendedor'],
    label: localized('Código de vendedor', 'Seller code'),
    description: localized('Código del vendedor (opcional).', 'Seller code (optional).'),
  }),
  tipoOperacion: inv('enum', false, {
    defaultValue: 'VENTA_INTERNA',
    catalogue: 'tipoOperacion',
    aliases: ['Tipo de operación', 'Tipo operacion'],
    label: localized('Tipo de operación', 'Operation type'),
    description: localized('VENTA_INTERNA por defecto; EXPORTACION, NO_DOMICILIADOS, etc.', 'VENTA_INTERNA by default; EXPORTACION, NO_DOMICILIADOS, etc.'),
  }),
  receptorTipoDocumento: inv('enum', false, {
    catalogue: 'tipoDocumentoIdentidad',
    aliases: [
      'Tipo documento',
      'Tipo doc cliente',
      'Tipo de documento',
      'Tipo doc',
      'Tipo doc. identidad',
      'T. doc.',
      'T. doc. cliente',
      'Tipo de documento del cliente',
      'Tipo doc. ident.',
      'Tipo de documento de identidad',
      'Tipo doc. identidad cliente',
    ],
    label: localized('Tipo de documento del cliente', 'Customer document type'),
    description: localized(
      'RUC, DNI, etc. Si se deja en blanco: RUC cuando el número tiene 11 dígitos, DNI cuando tiene 8.',
      'RUC, DNI, etc. When blank: RUC for an 11-digit number, DNI for an 8-digit one.',
    ),
  }),
  receptorNumeroDocumento: inv('identity', true, {
    aliases: [
      'RUC cliente',
      'RUC',
      'Documento cliente',
      'Nro documento',
      'Número de documento',
      'RUC/DNI',
      'RUC receptor',
      'Doc cliente',
      'N° RUC',
      'Número documento cliente',
      'Nro doc',
      'Número doc.',
      'Num. doc.',
      'N° documento',
      'Nº documento',
      'N° doc',
      'Nº doc',
      'Num. documento',
      'DNI/RUC',
      'RUC o DNI',
      'DNI o RUC',
      'N° RUC cliente',
      'Documento de identidad',
      'N° doc. identidad',
      'Nro. doc. identidad',
      'Doc. identidad',
      'Nro. doc. cliente',
      'N° doc. cliente',
      'RUC/DNI cliente',
      'DNI/RUC cliente',
      'Nro. RUC/DNI',
      'N° RUC/DNI',
      'Cliente RUC',
      'N° documento cliente',
      'Nº documento cliente',
      'Nro. RUC',
      'Nro RUC',
      'Número de RUC',
      'Número RUC',
      'Num. RUC',
      'RUC N°',
      'RUC Nº',
    ],
    label: localized('Documento del cliente', 'Customer document'),
    description: localized('RUC (11 dígitos) o documento del cliente, como texto.', 'Customer RUC (11 digits) or other document number, as text.'),
  }),
  receptorNombreLegal: inv('text', true, {
    aliases: [
      'Razón social',
      'Cliente',
      'Nombre cliente',
      'Razón social cliente',
      'Denominación',
      'Nombre o razón social',
      'Señor(es)',
      'Apellidos y nombres / Razón social',
      'Apellidos y nombres o razón social',
      'Razón social / Apellidos y nombres',
      'Nombres o razón social',
      'Señores',
      'Nombre/Razón social',
      'Razón social/Nombre',
      'Razón social o nombres',
      'Nombres o razón social',
      // The heading of SUNAT's own sales register (Registro de Ventas), and its short form.
      'Apellidos y nombres, denominación o razón social',
      'Apellidos y nombres o razón social',
    ],
    label: localized('Razón social del cliente', 'Customer legal name'),
    description: localized('Razón social o nombre del cliente (máximo 100 caracteres).', 'Customer legal name (at most 100 characters).'),
  }),
  receptorNombreComercial: inv('text', false, {
    aliases: ['Nombre comercial', 'Nombre comercial cliente'],
    label: localized('Nombre comercial del cliente', 'Customer trade name'),
    description: localized('Nombre comercial del cliente (opcional).', 'Customer trade name (optional).'),
  }),
  receptorCorreo: inv('email', false, {
    aliases: ['Correo', 'Email', 'Correo cliente', 'E-mail', 'Correo electrónico', 'Email cliente'],
    label: localized('Correo del cliente', 'Customer e-mail'),
    description: localized('Correo electrónico del cliente (opcional).', 'Customer e-mail (optional).'),
  }),
  receptorCorreoCopia: inv('email', false, {
    aliases: ['Correo copia', 'CC', 'Email copia'],
    label: localized('Correo en copia', 'Copy e-mail'),
    description: localized('Correo para enviar copia (opcional).', 'E-mail for a copy (optional).'),
  }),
  receptorDireccion: inv('text', false, {
    aliases: ['Dirección', 'Direccion cliente', 'Domicilio fiscal', 'Dirección fiscal'],
    label: localized('Dirección del cliente', 'Customer address'),
    description: localized('Domicilio fiscal del cliente (opcional).', 'Customer fiscal address (optional).'),
  }),
  receptorUbigeo: inv('identity', false, {
    aliases: ['Ubigeo', 'Ubigeo cliente'],
    label: localized('Ubigeo del cliente', 'Customer ubigeo'),
    description: localized('Código de ubigeo de 6 dígitos (opcional).', '6-digit ubigeo location code (optional).'),
  }),
  emisorRuc: inv('identity', false, {
    aliases: ['RUC emisor', 'RUC del emisor', 'RUC empresa', 'RUC de la empresa', 'Emisor RUC'],
    label: localized('RUC del emisor', 'Issuer RUC'),
    description: localized(
      'RUC de la empresa que emite la factura (opcional): para hojas con facturas de varias empresas. En blanco: el emisor por omisión.',
      'RUC of the company issuing the invoice (optional): for sheets holding invoices of several companies. Blank: the default issuer.',
    ),
  }),
  codigoProducto: line('code', false, {
    aliases: ['Código', 'Código producto', 'Cod producto', 'Código de producto', 'Código artículo', 'Cod. art.', 'SKU'],
    label: localized('Código de producto', 'Product code'),
    description: localized('Código del producto (máximo 30 caracteres, opcional).', 'Product code (at most 30 characters, optional).'),
  }),
  descripcion: line('text', true, {
    aliases: [
      'Descripción',
      'Producto',
      'Detalle',
      'Descripción producto',
      'Concepto',
      'Descripción del servicio',
      'Descripción del bien o servicio',
      'Producto/Servicio',
      'Bien o servicio',
      'Descripción artículo',
    ],
    label: localized('Descripción', 'Description'),
    description: localized('Descripción del producto o servicio (máximo 500 caracteres).', 'Description of the item (at most 500 characters).'),
  }),
  cantidad: line('decimal', true, {
    aliases: ['Cantidad', 'Cant', 'Cant.', 'Qty', 'Cantidad vendida', 'Unidades', 'Unidades vendidas'],
    label: localized('Cantidad', 'Quantity'),
    description: localized('Cantidad mayor que cero (hasta 12 enteros y 10 decimales).', 'Quantity above zero (up to 12 integer and 10 decimal digits).'),
  }),
  unidadMedida: line('enum', false, {
    defaultValue: 'UNIDAD_BIENES',
    catalogue: 'unidadMedida',
    aliases: ['Unidad', 'Unidad de medida', 'UM', 'U.M.', 'Unid', 'Unid. medida', 'Und', 'Und. med.', 'Und. medida'],
    label: localized('Unidad de medida', 'Unit of measure'),
    description: localized(
      'UNIDAD_BIENES (NIU) por defecto; también KILOGRAMO, CAJA, UNIDAD_SERVICIOS (ZZ)…',
      'UNIDAD_BIENES (NIU) by default; also KILOGRAMO, CAJA, UNIDAD_SERVICIOS (ZZ)…',
    ),
  }),
  valorVentaUnitario: line('decimal', true, {
    aliases: [
      'Precio unitario',
      'Valor unitario',
      'Valor venta unitario',
      'P. unitario',
      'Precio',
      'PU',
      'Valor unit',
      'Precio unitario sin IGV',
      'Valor unitario sin IGV',
      'Precio unit.',
      'P. unit.',
      'Prec. unit.',
      'V. unit.',
      'Val. unit.',
      'Precio unit. s/IGV',
      'P. unit. s/IGV',
      'Valor unit. s/IGV',
      'V. unit. s/IGV',
      'Valor unit. sin IGV',
      'V. unitario',
      'Precio s/IGV',
      'Precio sin IGV',
      'Precio unitario S/',
      'Valor vta. unit.',
      'Valor venta unit.',
      'V. vta. unit.',
      'Val. vta. unit.',
    ],
    label: localized('Valor unitario', 'Unit value'),
    description: localized(
      'Valor de venta unitario sin IGV, mayor que cero (hasta 12 enteros y 10 decimales).',
      'Unit sale value without IGV, above zero (up to 12 integer and 10 decimal digits).',
    ),
  }),
  tipoAfectacion: line('enum', false, {
    defaultValue: 'GRAVADO_OPERACION_ONEROSA',
    catalogue: 'tipoAfectacion',
    aliases: ['Tipo de afectación', 'Afectación', 'Afectacion IGV', 'Tipo afectación IGV', 'Afect. IGV', 'Tipo IGV', 'Tipo de IGV'],
    label: localized('Tipo de afectación IGV', 'IGV treatment'),
    description: localized(
      'GRAVADO_OPERACION_ONEROSA (10) por defecto; EXONERADO_OPERACION_ONEROSA (20), INAFECTO_OPERACION_ONEROSA (30), EXPORTACION (40)…',
      'GRAVADO_OPERACION_ONEROSA (10) by default; EXONERADO_OPERACION_ONEROSA (20), INAFECTO_OPERACION_ONEROSA (30), EXPORTACION (40)…',
    ),
  }),
};

export const CANONICAL_COLUMNS: readonly ColumnDefinition[] = COLUMN_NAMES.map((name) => ({ name, ...DEFINITIONS[name] }));

export function columnDefinition(name: ColumnName): ColumnDefinition {
  return { name, ...DEFINITIONS[name] };
}

export function isColumnName(value: string): value is ColumnName {
  return (COLUMN_NAMES as readonly string[]).includes(value);
}

export const INVOICE_COLUMNS = CANONICAL_COLUMNS.filter((c) => c.level === 'invoice').map((c) => c.name);
export const LINE_COLUMNS = CANONICAL_COLUMNS.filter((c) => c.level === 'line').map((c) => c.name);
export const REQUIRED_COLUMNS = CANONICAL_COLUMNS.filter((c) => c.required).map((c) => c.name);
