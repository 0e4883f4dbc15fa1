import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUILTIN_CATALOGUES, extendCatalogues } from '../../src/invoice/catalogues.js';
import { facturaDocumentSchema, facturaDocumentSchemaFor } from '../../src/invoice/factura-document.js';
import { createInvoiceGrouper } from '../../src/invoice/invoice-grouper.js';
import { buildDocument, validateInvoice } from '../../src/invoice/validate-invoice.js';
import type { Values } from './invoice-fixtures.js';
import { CONTEXT, TODAY, VALID_ROW, draftOf } from './invoice-fixtures.js';

const schema = facturaDocumentSchemaFor(BUILTIN_CATALOGUES);
/** Totals can reach 25 significant digits: check them with enough precision. */
const Dec = Decimal.clone({ precision: 50 });

describe('the built document', () => {
  it('has the contract’s exact shape and types, optional fields absent', () => {
    const result = validateInvoice(
      draftOf([VALID_ROW, { descripcion: 'Fierro 1/2"', cantidad: '2.500', valorVentaUnitario: '30.1', unidadMedida: 'KGM', tipoAfectacion: '20' }]),
      CONTEXT,
    );
    expect(result.problems).toEqual([]);
    expect(result.valid).toBe(true);
    expect(result.document).toEqual({
      close2u: { tipoIntegracion: 'OFFLINE', tipoPlantilla: '01', tipoRegistro: 'PRECIOS_SIN_IGV' },
      datosDocumento: {
        serie: 'F001',
        numero: 123,
        moneda: 'PEN',
        fechaEmision: '2026-11-19',
        horaEmision: null,
        formaPago: 'CONTADO',
        condicionPago: 'CONTADO',
        ordencompra: null,
      },
      detalleDocumento: [
        {
          descripcion: 'Cemento Portland tipo I, bolsa 42.5 kg',
          tipoAfectacion: 'GRAVADO_OPERACION_ONEROSA',
          unidadMedida: 'UNIDAD_BIENES',
          cantidad: '10',
          valorVentaUnitarioItem: 25.5,
        },
        { descripcion: 'Fierro 1/2"', tipoAfectacion: 'EXONERADO_OPERACION_ONEROSA', unidadMedida: 'KILOGRAMO', cantidad: '2.5', valorVentaUnitarioItem: 30.1 },
      ],
      emisor: {
        correo: 'facturas@disur.pe',
        nombreComercial: 'DISUR',
        nombreLegal: 'DISTRIBUIDORA DEL SUR S.A.',
        numeroDocumentoIdentidad: '20100070970',
        tipoDocumentoIdentidad: 'RUC',
      },
      informacionAdicional: { tipoOperacion: 'VENTA_INTERNA' },
      receptor: { nombreLegal: 'COMERCIAL ANDINA S.A.C.', numeroDocumentoIdentidad: '20512333797', tipoDocumentoIdentidad: 'RUC' },
    });
    expect(result.totals).toEqual({ base: '330.25', igv: '45.90', total: '376.15' });
    expect(result.receptor).toEqual({ tipo: 'RUC', numero: '20512333797', nombre: 'COMERCIAL ANDINA S.A.C.' });
    expect(JSON.stringify(result.document?.datosDocumento)).toContain('"numero":123,');
    expect(JSON.stringify(result.document?.detalleDocumento[0])).toContain('"cantidad":"10","valorVentaUnitarioItem":25.5');
    expect(schema.safeParse(result.document).success).toBe(true);
  });

  it('writes the top-level objects in the contract’s order, and builds nothing for an invalid draft', () => {
    expect(Object.keys(buildDocument(draftOf([VALID_ROW]), CONTEXT) ?? {})).toEqual([
      'close2u',
      'datosDocumento',
      'detalleDocumento',
      'emisor',
      'informacionAdicional',
      'receptor',
    ]);
    expect(buildDocument(draftOf([{ ...VALID_ROW, cantidad: '0' }]), CONTEXT)).toBeUndefined();
  });

  it('carries every optional field the sheet gives, with the contract’s spelling (ordencompra)', () => {
    const row: Values = {
      ...VALID_ROW,
      serie: 'fa01',
      numero: '00000456',
      horaEmision: '14:30:00',
      medioPago: 'Transferencia',
      ordenCompra: 'OC-2026-889',
      glosa: 'Entrega en obra',
      coVendedor: 'V07',
      formaPago: 'Crédito',
      condicionPago: 'credito',
      receptorNombreComercial: 'ANDINA',
      receptorCorreo: 'compras@andina.pe',
      receptorCorreoCopia: 'conta@andina.pe',
      receptorDireccion: 'Av. Arequipa 123, Lima',
      receptorUbigeo: '150101',
      codigoProducto: 'CEM-042',
    };
    const doc = validateInvoice(draftOf([row]), CONTEXT).document;
    expect(doc?.datosDocumento).toEqual({
      serie: 'FA01',
      numero: 456,
      moneda: 'PEN',
      fechaEmision: '2026-11-19',
      horaEmision: '14:30:00',
      formaPago: 'CREDITO',
      medioPago: 'TRANSFERENCIA_FONDOS',
      condicionPago: 'CREDITO',
      ordencompra: 'OC-2026-889',
      glosa: 'Entrega en obra',
    });
    expect(doc?.informacionAdicional).toEqual({ tipoOperacion: 'VENTA_INTERNA', coVendedor: 'V07' });
    expect(doc?.receptor).toEqual({
      correo: 'compras@andina.pe',
      correoCopia: 'conta@andina.pe',
      domicilioFiscal: { direccion: 'Av. Arequipa 123, Lima', ubigeo: '150101' },
      nombreComercial: 'ANDINA',
      nombreLegal: 'COMERCIAL ANDINA S.A.C.',
      numeroDocumentoIdentidad: '20512333797',
      tipoDocumentoIdentidad: 'RUC',
    });
    expect(doc?.detalleDocumento[0]?.codigoProducto).toBe('CEM-042');
    expect(schema.safeParse(doc).success).toBe(true);
  });

  it('sends the unit value with IGV as written under PRECIOS_CON_IGV and derives the base in the totals', () => {
    const result = validateInvoice(draftOf([{ ...VALID_ROW, cantidad: '1', valorVentaUnitario: '118' }]), {
      ...CONTEXT,
      close2u: { ...CONTEXT.close2u, tipoRegistro: 'PRECIOS_CON_IGV' },
    });
    expect(result.document?.close2u.tipoRegistro).toBe('PRECIOS_CON_IGV');
    expect(result.document?.detalleDocumento[0]?.valorVentaUnitarioItem).toBe(118);
    expect(result.totals).toEqual({ base: '100.00', igv: '18.00', total: '118.00' });
  });

  it('checks everything but builds no document when no issuer is configured (dry run), and says so', () => {
    const { emisor: _omit, ...dry } = CONTEXT;
    const ok = validateInvoice(draftOf([VALID_ROW]), dry);
    expect(ok).toMatchObject({ valid: true, issuerMissing: true, problems: [], totals: { base: '255.00', igv: '45.90', total: '300.90' } });
    expect(ok.document).toBeUndefined();
    const bad = validateInvoice(draftOf([{ ...VALID_ROW, receptorNumeroDocumento: '20512333798' }]), dry);
    expect(bad.valid).toBe(false);
    expect(bad.problems.map((p) => p.code)).toEqual(['RUC_CHECK_DIGIT']);
  });

  it('builds no document for an invoice with errors, but still totals it when its amounts are readable', () => {
    const result = validateInvoice(draftOf([{ ...VALID_ROW, serie: 'B001' }]), CONTEXT);
    expect(result.valid).toBe(false);
    expect(result.document).toBeUndefined();
    expect(result.totals?.total).toBe('300.90');
  });

  it('keeps an invoice whose key reappeared invalid, with the grouping problem first', () => {
    const items = [...[VALID_ROW, { ...VALID_ROW, numero: '124' }, VALID_ROW].map((values, i) => ({ row: i + 2, values, problems: [] }))];
    const grouper = createInvoiceGrouper();
    const drafts = [...items.flatMap((r) => grouper.push(r)), ...grouper.end()].filter((d) => d.kind === 'invoice');
    const results = drafts.map((d) => validateInvoice(d, CONTEXT));
    expect(results.map((r) => r.valid)).toEqual([true, true, false]);
    expect(results[2]?.problems.map((p) => p.code)).toEqual(['INVOICE_KEY_REPEATED']);
    expect(results[2]?.document).toBeUndefined();
  });

  it('sends «Crédito a 30 días» as CREDITO, with a warning at its cell that the term is not sent', () => {
    for (const [written, days] of [
      ['Crédito a 30 días', 30],
      ['CREDITO 60 DIAS', 60],
      ['A crédito (45 días)', 45],
      ['credito 15d', 15],
    ] as const) {
      const result = validateInvoice(draftOf([{ ...VALID_ROW, formaPago: written, condicionPago: written }]), CONTEXT);
      expect(result.valid).toBe(true);
      expect(result.document?.datosDocumento).toMatchObject({ formaPago: 'CREDITO', condicionPago: 'CREDITO' });
      expect(result.problems.map((p) => [p.severity, p.code, p.column, p.value])).toEqual([
        ['warning', 'CREDIT_TERM_NOT_SENT', 'formaPago', written],
        ['warning', 'CREDIT_TERM_NOT_SENT', 'condicionPago', written],
      ]);
      expect(result.problems[0]?.message.es).toBe(
        `«${written}» se envía como Crédito: el servicio no recibe el plazo (${days} días), que queda solo en sus registros.`,
      );
    }
    // Words that are not a credit term stay unknown values, never read as credit.
    for (const written of ['Crédito a convenir', 'Contado 30 días', '30 días']) {
      const result = validateInvoice(draftOf([{ ...VALID_ROW, formaPago: written }]), CONTEXT);
      expect(result.problems.map((p) => [p.code, p.value])).toEqual([['UNKNOWN_CATALOGUE_VALUE', written]]);
    }
  });

  it('accepts a value a user added to a catalogue from the config file', () => {
    const catalogues = extendCatalogues({ unidadMedida: ['BOLSA'] });
    const result = validateInvoice(draftOf([{ ...VALID_ROW, unidadMedida: 'bolsa' }]), { ...CONTEXT, catalogues });
    expect(result.problems).toEqual([]);
    expect(result.document?.detalleDocumento[0]?.unidadMedida).toBe('BOLSA');
    expect(facturaDocumentSchemaFor(catalogues).safeParse(result.document).success).toBe(true);
    expect(schema.safeParse(result.document).success).toBe(false);
  });
});

describe('the document schema', () => {
  const valid = validateInvoice(draftOf([VALID_ROW]), CONTEXT).document;
  const withChange = (change: (d: Record<string, Record<string, unknown>>) => void): unknown => {
    const copy = structuredClone(valid) as unknown as Record<string, Record<string, unknown>>;
    change(copy);
    return copy;
  };

  it.each<[string, (d: Record<string, Record<string, unknown>>) => void]>([
    ['numero as a string', (d) => (d.datosDocumento!.numero = '123')],
    ['cantidad as a number', (d) => ((d.detalleDocumento as unknown as Record<string, unknown>[])[0]!.cantidad = 10)],
    ['valorVentaUnitarioItem as a string', (d) => ((d.detalleDocumento as unknown as Record<string, unknown>[])[0]!.valorVentaUnitarioItem = '25.5')],
    ['horaEmision without seconds', (d) => (d.datosDocumento!.horaEmision = '14:30')],
    ['ordencompra spelt ordenCompra', (d) => (d.datosDocumento!.ordenCompra = 'OC1')],
    ['an empty medioPago instead of an absent one', (d) => (d.datosDocumento!.medioPago = '')],
    ['no lines', (d) => ((d as Record<string, unknown>).detalleDocumento = [])],
    ['an unknown currency', (d) => (d.datosDocumento!.moneda = 'EUR')],
  ])('refuses %s', (_name, change) => {
    expect(schema.safeParse(valid).success).toBe(true);
    expect(schema.safeParse(withChange(change)).success).toBe(false);
  });

  it('leaves the enumerations open in the shape-only schema', () => {
    expect(facturaDocumentSchema.safeParse(withChange((d) => (d.datosDocumento!.moneda = 'EUR'))).success).toBe(true);
  });
});

describe('documents built from random valid rows', () => {
  const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
  const positiveDecimal = fc
    .tuple(digits(1, 12), fc.option(digits(1, 10), { nil: undefined }))
    .map(([i, f]) => (f === undefined ? i : `${i}.${f}`))
    .filter((s) => /[1-9]/.test(s));
  const text = (max: number) =>
    fc
      .string({ minLength: 1, maxLength: max })
      .map((s) => s.trim())
      .filter((s) => s.length > 0);
  const ruc = fc.constantFrom('20512333797', '20100070970', '10467793549', '20601030013');
  const lineArb = fc.record(
    {
      descripcion: text(500),
      cantidad: positiveDecimal,
      valorVentaUnitario: positiveDecimal,
      codigoProducto: text(30),
      unidadMedida: fc.constantFrom('NIU', 'ZZ', 'Kg', 'CAJA', 'docena'),
      tipoAfectacion: fc.constantFrom('10', '17', '20', '30', '40', 'Gravado', 'INAFECTO_RETIRO'),
    },
    { requiredKeys: ['descripcion', 'cantidad', 'valorVentaUnitario'] },
  );
  const invoiceArb = fc.record(
    {
      serie: fc.oneof(fc.constantFrom('F001', 'FA01', 'fz9x'), digits(4, 4)),
      numero: digits(1, 8).filter((s) => /[1-9]/.test(s)),
      fechaEmision: fc.constantFrom(TODAY, '2026-11-19', '2026-11-01', '2024-02-29'),
      horaEmision: fc.constantFrom('00:00:00', '23:59:59'),
      moneda: fc.constantFrom('PEN', 'USD', 'Soles', 'US$'),
      medioPago: fc.constantFrom('EFECTIVO', '001'),
      ordenCompra: text(20),
      receptorNumeroDocumento: ruc,
      receptorNombreLegal: text(100),
      receptorCorreo: fc.emailAddress().filter((e) => facturaDocumentSchema.shape.receptor.shape.correo.safeParse(e).success),
      receptorUbigeo: digits(6, 6),
    },
    { requiredKeys: ['serie', 'numero', 'fechaEmision', 'receptorNumeroDocumento', 'receptorNombreLegal'] },
  );

  it('always pass the zod schema and have consistent 2-decimal totals', () => {
    fc.assert(
      fc.property(
        invoiceArb,
        fc.array(lineArb, { minLength: 1, maxLength: 5 }),
        fc.constantFrom('PRECIOS_SIN_IGV' as const, 'PRECIOS_CON_IGV' as const),
        (header, lines, tipoRegistro) => {
          const rows: Values[] = lines.map((line, i) => (i === 0 ? { ...header, ...line } : line));
          const result = validateInvoice(draftOf(rows), { ...CONTEXT, close2u: { ...CONTEXT.close2u, tipoRegistro } });
          expect(result.problems.filter((p) => p.severity === 'error')).toEqual([]);
          expect(schema.safeParse(result.document).success).toBe(true);
          expect(result.document?.detalleDocumento).toHaveLength(lines.length);
          const t = result.totals;
          expect(t?.total).toMatch(/^\d+\.\d{2}$/);
          expect(new Dec(t?.base ?? 'NaN').plus(t?.igv ?? 'NaN').eq(t?.total ?? 'NaN')).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('a unit value written with its currency symbol', () => {
  /** One invoice of two lines, the second priced `shown` (its number read as 12, naming `currency`). */
  function invoiceWithPrice(moneda: string | undefined, currency: 'PEN' | 'USD', shown: string) {
    const grouper = createInvoiceGrouper();
    const header = { ...VALID_ROW, ...(moneda !== undefined ? { moneda } : {}) };
    const items = [
      ...grouper.push({ row: 2, values: header, problems: [] }),
      ...grouper.push({ row: 3, values: { ...VALID_ROW, valorVentaUnitario: '12' }, problems: [], priceCurrency: { currency, shown } }),
      ...grouper.end(),
    ];
    const [draft] = items;
    if (items.length !== 1 || draft?.kind !== 'invoice') throw new Error('expected one invoice');
    return validateInvoice(draft, CONTEXT);
  }

  it('is valid when the symbol names the invoice’s currency, whether the sheet or the default gives it', () => {
    expect(invoiceWithPrice('PEN', 'PEN', 'S/ 12.00')).toMatchObject({ valid: true, problems: [], totals: { base: '375.00' } });
    expect(invoiceWithPrice(undefined, 'PEN', 'S/ 12.00')).toMatchObject({ valid: true, moneda: 'PEN' });
    expect(invoiceWithPrice('US$', 'USD', 'US$ 12.00')).toMatchObject({ valid: true, moneda: 'USD' });
  });

  it('is an error at the price’s cell when the symbol names the other currency, never a number sent in the wrong one', () => {
    for (const [moneda, currency, shown] of [
      ['USD', 'PEN', 'S/ 12.00'],
      [undefined, 'USD', '$12.00'],
    ] as const) {
      const result = invoiceWithPrice(moneda, currency, shown);
      expect(result.valid).toBe(false);
      expect(result.document).toBeUndefined();
      expect(result.problems).toEqual([
        expect.objectContaining({ severity: 'error', code: 'PRICE_CURRENCY_MISMATCH', row: 3, column: 'valorVentaUnitario', value: shown }),
      ]);
    }
    expect(invoiceWithPrice('USD', 'PEN', 'S/ 12.00').problems[0]?.message.es).toBe(
      'El precio «S/ 12.00» está en soles (PEN), pero la factura F001-123 es en dólares (USD). Corrija la moneda de la factura o el precio.',
    );
  });
});
