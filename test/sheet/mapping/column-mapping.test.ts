import { isPriceWithIgvHeader } from '../../../src/sheet/price-with-igv-column.js';
import { describe, expect, it } from 'vitest';
import { CANONICAL_COLUMNS } from '../../../src/invoice/canonical-columns.js';
import { matchKey } from '../../../src/invoice/match-key.js';
import type { ColumnMapping } from '../../../src/sheet/column-mapping.js';
import { headerKey, matchHeaderCells } from '../../../src/sheet/column-mapping.js';
import { sheetAmountKind } from '../../../src/sheet/sheet-amount-columns.js';
import type { Cell } from '../../../src/sheet/source-row.js';

const cells = (...texts: string[]): Cell[] => texts.map((text) => ({ kind: 'text', text }));
const matched = (texts: string[], mapping?: ColumnMapping): Record<string, string[]> =>
  Object.fromEntries([...matchHeaderCells(cells(...texts), mapping).matches].map(([k, v]) => [k, v.map((c) => c.header)]));

describe('matching header cells to columns', () => {
  it('gives every name and alias to exactly one column', () => {
    const owners = new Map<string, Set<string>>();
    for (const c of CANONICAL_COLUMNS) {
      for (const text of [c.name, ...c.aliases]) {
        for (const key of [matchKey(text), headerKey(text)]) owners.set(key, (owners.get(key) ?? new Set()).add(c.name));
      }
    }
    expect([...owners].filter(([, names]) => names.size > 1)).toEqual([]);
  });

  it.each([
    ['RUC cliente', 'receptorNumeroDocumento'],
    ['RUC del cliente', 'receptorNumeroDocumento'],
    ['RAZÓN_SOCIAL', 'receptorNombreLegal'],
    ['Nombre del cliente', 'receptorNombreLegal'],
    ['Precio unitario', 'valorVentaUnitario'],
    ['Valor unitario', 'valorVentaUnitario'],
    ['Cant.', 'cantidad'],
    // As office sheets and ERP exports head them.
    ['Fec. Emi.', 'fechaEmision'],
    ['Fch. Emisión', 'fechaEmision'],
    ['Señor(es)', 'receptorNombreLegal'],
    ['Nro. Doc. Cliente', 'receptorNumeroDocumento'],
    ['T. Doc. Cliente', 'receptorTipoDocumento'],
    ['Precio Unit. s/IGV', 'valorVentaUnitario'],
    ['Und. Med.', 'unidadMedida'],
    ['Cod. Art.', 'codigoProducto'],
    ['Mon.', 'moneda'],
    ['Tipo IGV', 'tipoAfectacion'],
    ['Cond. Pago', 'condicionPago'],
    ['Moneda (PEN/USD)', 'moneda'],
    ['Tipo de moneda', 'moneda'],
    ['Código del producto', 'codigoProducto'],
    ['fecha-de-emision', 'fechaEmision'],
    ['N° Factura', 'numero'],
    ['Nro. de factura', 'numero'],
    ['Nº Comprobante', 'numero'],
    ['P. Unit.', 'valorVentaUnitario'],
    ['Prec. unit', 'valorVentaUnitario'],
    ['N° documento', 'receptorNumeroDocumento'],
    ['RUC o DNI', 'receptorNumeroDocumento'],
    ['Nro. doc. identidad', 'receptorNumeroDocumento'],
    // Refused before (a review's header variants).
    ['Valor Vta. Unit.', 'valorVentaUnitario'],
    ['Nro. RUC', 'receptorNumeroDocumento'],
    ['Número de RUC', 'receptorNumeroDocumento'],
    ['Apellidos y Nombres / Razón Social', 'receptorNombreLegal'],
    ['Fecha Factura', 'fechaEmision'],
    ['Serie Doc.', 'serie'],
  ])('reads «%s» as %s', (header, column) => {
    expect(matched([header])).toEqual({ [column]: [header] });
  });

  it('reads a register’s «V. Venta» as the line’s value without IGV, to check the invoice against', () => {
    expect(sheetAmountKind('V. Venta')).toBe('base');
    expect(sheetAmountKind('Val. venta')).toBe('base');
    // «P. Venta» is left out: a price list's unit price is headed so too.
    expect(sheetAmountKind('P. Venta')).toBeUndefined();
  });

  it('does not read a unit price with IGV as the unit value without IGV', () => {
    expect(matched(['Precio unitario con IGV'])).toEqual({});
  });

  it.each(['Precio unitario con IGV', 'P. Unit. c/IGV', 'Precio c/IGV', 'V. unit. c/IGV'])('knows «%s» as a unit price with IGV', (header) => {
    expect(isPriceWithIgvHeader(header)).toBe(true);
    expect(matched([header])).toEqual({});
  });

  // A note in parentheses was dropped whatever it said: «Precio Unitario (con IGV)» became the unit
  // value without IGV, and every invoice went out 18 % too high.
  it.each([
    'Precio Unitario (con IGV)',
    'Valor Unitario (IGV incluido)',
    'Precio (inc. IGV)',
    'P.U. (incl. IGV)',
    'Precio unitario (incluye IGV)',
    'Precio unitario IGV incluido',
    'Valor unit. (IGV inc.)',
  ])('knows «%s», its IGV said in a note or after it, as a unit price with IGV', (header) => {
    expect(isPriceWithIgvHeader(header)).toBe(true);
    expect(matched([header])).toEqual({});
  });

  it.each([
    ['Valor unitario (sin IGV)', 'valorVentaUnitario'],
    ['Precio unitario (IGV no incluido)', 'valorVentaUnitario'],
    ['Moneda (PEN/USD)', 'moneda'],
  ])('still reads «%s» as %s: a note that does not say the amount includes IGV is dropped', (header, column) => {
    expect(matched([header])).toEqual({ [column]: [header] });
  });

  it('reads the sheet’s amounts by what their note says of IGV', () => {
    expect(['Total (inc. IGV)', 'Importe (con IGV)', 'Total (sin IGV)', 'Importe (s/IGV)', 'Subtotal (sin IGV)', 'IGV (18%)'].map(sheetAmountKind)).toEqual([
      'total',
      'total',
      'base',
      'base',
      'base',
      'igv',
    ]);
    // A total whose header says it includes IGV, in a note or after it, is the total (the note kept, it named no alias).
    expect(['Importe total (con IGV)', 'Total venta (incluye IGV)', 'Total venta incluye IGV'].map(sheetAmountKind)).toEqual(['total', 'total', 'total']);
    // A base whose note says it includes IGV is no base: left unread rather than read as one.
    expect(sheetAmountKind('Valor venta (con IGV)')).toBeUndefined();
  });

  // Ignored, these let an invoice go out at the full price: the service takes no discount.
  it.each(['% Dscto', 'Dscto %', '% Dcto', 'Desc. (%)', 'Desc %', 'Rebaja', 'Descto'])('reads «%s» as a discount column', (header) => {
    expect(sheetAmountKind(header)).toBe('discount');
  });

  it('leaves «Desc.» alone unread as a discount: offices shorten «Descripción» so too', () => {
    expect(sheetAmountKind('Desc.')).toBeUndefined();
  });

  it('lets one source column feed two columns through the mapping file', () => {
    expect(matched(['FORMA_PAGO', 'Forma de pago'], { formaPago: 'FORMA_PAGO', condicionPago: 'forma pago' })).toEqual({
      formaPago: ['FORMA_PAGO'],
      condicionPago: ['FORMA_PAGO'],
    });
    expect(matchHeaderCells(cells('FORMA_PAGO', 'Forma de pago'), { formaPago: 'FORMA_PAGO' }).unknown.map((c) => c.header)).toEqual(['Forma de pago']);
  });
});
