import { describe, expect, it } from 'vitest';
import { limaToday } from '../../src/invoice/lima-today.js';
import { amountRules, canonicalDecimal, quantityProblems, unitValueProblems } from '../../src/invoice/rules/amount-rules.js';
import { epochDay } from '../../src/invoice/rules/date-rules.js';
import { errorAt } from '../../src/invoice/rules/problem-at.js';
import { resolveInvoice } from '../../src/invoice/resolve-invoice.js';
import { isValidRuc, rucCheckDigit, rucProblems } from '../../src/invoice/rules/identity-document-rules.js';
import { validateInvoice } from '../../src/invoice/validate-invoice.js';
import type { Values } from './invoice-fixtures.js';
import { CONTEXT, VALID_ROW, draftOf } from './invoice-fixtures.js';
import type { ValidationContext } from '../../src/invoice/validation-context.js';

/** Validate one invoice made of VALID_ROW with some columns changed (undefined = blank). */
function problemsWith(changes: Record<string, string | undefined>, extraRows: Values[] = [], context: ValidationContext = CONTEXT) {
  const row: Values = { ...VALID_ROW };
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined) delete row[k as keyof Values];
    else row[k as keyof Values] = v;
  }
  return validateInvoice(draftOf([row, ...extraRows]), context).problems;
}

describe('a RUC typed with letters for digits', () => {
  it('names the letters, and the valid RUC the digits would make', () => {
    expect(rucProblems('2O6O4577129', 7, 'receptorNumeroDocumento')).toEqual([
      expect.objectContaining({
        code: 'RUC_LETTER_FOR_DIGIT',
        row: 7,
        value: '2O6O4577129',
        message: {
          es: 'El RUC «2O6O4577129» lleva la letra «O» en lugar de dígitos: un RUC solo tiene números. Con dígitos sería 20604577129, un RUC válido.',
          en: 'RUC "2O6O4577129" has the letter «O» in place of digits: a RUC holds digits only. With digits it would be 20604577129, a valid RUC.',
        },
      }),
    ]);
    expect(rucProblems('2O51233379l', 7, 'receptorNumeroDocumento')[0]?.message.es).toBe(
      'El RUC «2O51233379l» lleva las letras «O», «l» en lugar de dígitos: un RUC solo tiene números.',
    );
    // Another document's letters are not a RUC's.
    expect(rucProblems('AB123456789', 7, 'receptorNumeroDocumento')[0]?.code).toBe('RUC_FORMAT');
  });
});

describe('RUC check digit', () => {
  it('accepts 20512333797 and refuses 20512333798', () => {
    expect(rucCheckDigit('2051233379')).toBe(7);
    expect(isValidRuc('20512333797')).toBe(true);
    expect(isValidRuc('20512333798')).toBe(false);
    expect(rucProblems('20512333798', 4, 'receptorNumeroDocumento')).toEqual([
      expect.objectContaining({ code: 'RUC_CHECK_DIGIT', row: 4, column: 'receptorNumeroDocumento', value: '20512333798', severity: 'error' }),
    ]);
  });
});

// [rule, column changes, expected problem (undefined = the invoice has no problem at all)]
const CASES: [string, Record<string, string | undefined>, { code: string; column: string; severity?: 'error' | 'warning' } | undefined][] = [
  ['a complete row is valid', {}, undefined],
  // RUC
  ['accepts a valid RUC', { receptorNumeroDocumento: '20100070970' }, undefined],
  ['refuses a RUC whose check digit is wrong', { receptorNumeroDocumento: '20512333798' }, { code: 'RUC_CHECK_DIGIT', column: 'receptorNumeroDocumento' }],
  [
    'refuses a RUC with a prefix SUNAT does not give',
    { receptorNumeroDocumento: '30512333792', receptorTipoDocumento: 'RUC' },
    { code: 'RUC_PREFIX', column: 'receptorNumeroDocumento' },
  ],
  [
    'refuses a RUC that is not 11 digits',
    { receptorNumeroDocumento: '2051233379', receptorTipoDocumento: 'RUC' },
    { code: 'RUC_FORMAT', column: 'receptorNumeroDocumento' },
  ],
  [
    'says a RUC with a letter O for a zero is the RUC with a letter, in its own column (no document type given)',
    { receptorNumeroDocumento: '2060457712O' },
    { code: 'RUC_LETTER_FOR_DIGIT', column: 'receptorNumeroDocumento' },
  ],
  // other documents
  ['accepts a DNI of 8 digits for an export', { receptorNumeroDocumento: '45678912', tipoOperacion: 'EXPORTACION' }, undefined],
  [
    'refuses a DNI that is not 8 digits',
    { receptorNumeroDocumento: '4567891', receptorTipoDocumento: 'DNI', tipoOperacion: 'EXPORTACION' },
    { code: 'DNI_FORMAT', column: 'receptorNumeroDocumento' },
  ],
  [
    'accepts a passport of up to 15 letters and digits for non-domiciled buyers',
    { receptorNumeroDocumento: 'AB1234567', receptorTipoDocumento: 'PASAPORTE', tipoOperacion: 'NO_DOMICILIADOS' },
    undefined,
  ],
  [
    'refuses another document longer than 15 characters',
    { receptorNumeroDocumento: 'AB12345678901234', receptorTipoDocumento: 'Pasaporte', tipoOperacion: 'EXPORTACION' },
    { code: 'IDENTITY_DOCUMENT_FORMAT', column: 'receptorNumeroDocumento' },
  ],
  [
    'refuses a domestic sale to a customer without RUC',
    { receptorNumeroDocumento: '45678912' },
    { code: 'RECEPTOR_RUC_REQUIRED', column: 'receptorNumeroDocumento' },
  ],
  [
    'refuses a customer number whose type cannot be inferred',
    { receptorNumeroDocumento: '123456' },
    { code: 'RECEPTOR_DOCUMENT_TYPE_UNKNOWN', column: 'receptorTipoDocumento' },
  ],
  // key
  ['accepts a series F + 3 alphanumerics', { serie: 'FA01' }, undefined],
  ['accepts a 4-digit contingency series', { serie: '0001' }, undefined],
  ['refuses a boleta series', { serie: 'B001' }, { code: 'SERIE_FORMAT', column: 'serie' }],
  ['accepts a number of 8 digits', { numero: '12345678' }, undefined],
  ['refuses a number of 9 digits', { numero: '123456789' }, { code: 'NUMERO_FORMAT', column: 'numero' }],
  ['refuses a signed number', { numero: '-5' }, { code: 'NUMERO_FORMAT', column: 'numero' }],
  // amounts
  ['accepts a quantity with 12 integer and 10 decimal digits', { cantidad: '123456789012.0123456789' }, undefined],
  ['refuses a zero quantity', { cantidad: '0' }, { code: 'QUANTITY_NOT_POSITIVE', column: 'cantidad' }],
  ['refuses a quantity with 13 integer digits', { cantidad: '1234567890123' }, { code: 'QUANTITY_INTEGER_DIGITS', column: 'cantidad' }],
  ['refuses a quantity with 11 decimals', { cantidad: '1.01234567891' }, { code: 'QUANTITY_DECIMAL_DIGITS', column: 'cantidad' }],
  ['refuses a quantity that is not a number', { cantidad: 'diez' }, { code: 'NOT_A_NUMBER', column: 'cantidad' }],
  ['accepts a small unit value', { valorVentaUnitario: '0.0001', cantidad: '1000' }, undefined],
  ['refuses an invoice that totals zero once rounded to cents', { valorVentaUnitario: '0.0001' }, { code: 'INVOICE_TOTAL_ZERO', column: 'valorVentaUnitario' }],
  ['refuses a zero unit value, as the service does', { valorVentaUnitario: '0' }, { code: 'UNIT_VALUE_ZERO', column: 'valorVentaUnitario' }],
  ['refuses a negative unit value', { valorVentaUnitario: '-3' }, { code: 'UNIT_VALUE_NEGATIVE', column: 'valorVentaUnitario' }],
  ['refuses a unit value with 11 decimals', { valorVentaUnitario: '1.01234567891' }, { code: 'UNIT_VALUE_DECIMAL_DIGITS', column: 'valorVentaUnitario' }],
  ['refuses a unit value with 13 integer digits', { valorVentaUnitario: '1234567890123' }, { code: 'UNIT_VALUE_INTEGER_DIGITS', column: 'valorVentaUnitario' }],
  // Sent exactly as written (src/submit/document-json.ts): no rounding warning any more.
  ['accepts a unit value with 12 integer and 10 decimal digits, without a rounding warning', { valorVentaUnitario: '123456789012.0123456789' }, undefined],
  // text lengths
  ['accepts a description of 500 characters', { descripcion: 'x'.repeat(500) }, undefined],
  ['refuses a description of 501 characters', { descripcion: 'x'.repeat(501) }, { code: 'DESCRIPTION_TOO_LONG', column: 'descripcion' }],
  ['accepts a product code of 30 characters', { codigoProducto: 'P'.repeat(30) }, undefined],
  ['refuses a product code of 31 characters', { codigoProducto: 'P'.repeat(31) }, { code: 'PRODUCT_CODE_TOO_LONG', column: 'codigoProducto' }],
  ['accepts a legal name of 100 characters', { receptorNombreLegal: 'Ñ'.repeat(100) }, undefined],
  ['refuses a legal name of 101 characters', { receptorNombreLegal: 'Ñ'.repeat(101) }, { code: 'LEGAL_NAME_TOO_LONG', column: 'receptorNombreLegal' }],
  ['refuses a trade name of 101 characters', { receptorNombreComercial: 'N'.repeat(101) }, { code: 'TRADE_NAME_TOO_LONG', column: 'receptorNombreComercial' }],
  // contact
  ['accepts valid e-mails', { receptorCorreo: 'compras@andina.com.pe', receptorCorreoCopia: 'conta@andina.pe' }, undefined],
  ['refuses a customer e-mail without domain', { receptorCorreo: 'compras@' }, { code: 'INVALID_EMAIL', column: 'receptorCorreo' }],
  ['refuses a copy e-mail with spaces', { receptorCorreoCopia: 'conta andina@x.pe' }, { code: 'INVALID_EMAIL', column: 'receptorCorreoCopia' }],
  ['accepts a 6-digit ubigeo', { receptorUbigeo: '150101', receptorDireccion: 'Av. Arequipa 123' }, undefined],
  ['refuses a 5-digit ubigeo', { receptorUbigeo: '15010' }, { code: 'UBIGEO_FORMAT', column: 'receptorUbigeo' }],
  // catalogues
  ['accepts a currency by its common word', { moneda: 'Dólares' }, undefined],
  ['refuses a currency outside the catalogue', { moneda: 'EUR' }, { code: 'UNKNOWN_CATALOGUE_VALUE', column: 'moneda' }],
  ['accepts a unit by its SUNAT code', { unidadMedida: 'KGM' }, undefined],
  ['refuses a unit of measure outside the catalogue', { unidadMedida: 'SERVICIOS_X' }, { code: 'UNKNOWN_CATALOGUE_VALUE', column: 'unidadMedida' }],
  ['accepts a tax treatment by its SUNAT code', { tipoAfectacion: '20' }, undefined],
  ['accepts a tax treatment as «Gravada»', { tipoAfectacion: 'Gravada' }, undefined],
  ['accepts a tax treatment as «Operación exonerada»', { tipoAfectacion: 'Operación exonerada' }, undefined],
  // dates
  ['accepts today as issue date', { fechaEmision: '2026-11-20' }, undefined],
  ['accepts an issue date 3 days old without warning', { fechaEmision: '2026-11-17' }, undefined],
  [
    'warns when the issue date is older than SUNAT’s 3-day window',
    { fechaEmision: '2026-11-16' },
    { code: 'ISSUE_DATE_OUTSIDE_SUNAT_WINDOW', column: 'fechaEmision', severity: 'warning' },
  ],
  ['refuses an issue date after today in Lima', { fechaEmision: '2026-11-21' }, { code: 'ISSUE_DATE_IN_FUTURE', column: 'fechaEmision' }],
  ['refuses a date that does not exist', { fechaEmision: '2026-02-30' }, { code: 'INVALID_DATE', column: 'fechaEmision' }],
  ['accepts an issue time HH:mm:ss', { horaEmision: '09:05:00' }, undefined],
  ['refuses an issue time that is not a time of day', { horaEmision: '25:00:00' }, { code: 'INVALID_TIME', column: 'horaEmision' }],
  // required
  ['refuses an invoice without customer name', { receptorNombreLegal: undefined }, { code: 'MISSING_VALUE', column: 'receptorNombreLegal' }],
  ['refuses a line without description', { descripcion: undefined }, { code: 'MISSING_VALUE', column: 'descripcion' }],
];

describe('the serie’s message names what the serie most likely is', () => {
  it.each([
    ['F 001', 'Si es la serie F001, escríbala así, sin espacios ni guiones.'],
    ['f-001', 'Si es la serie F001, escríbala así, sin espacios ni guiones.'],
    ['B001', '«B001» es una serie de boleta de venta; aquí se emiten facturas (serie F…).'],
    ['FACT1', 'debe ser F seguida de 3 letras o dígitos (F001, FA01), o 4 dígitos para contingencia.'],
  ])('%s', (serie, said) => {
    const problems = problemsWith({ serie });
    expect(problems.map((p) => p.code)).toEqual(['SERIE_FORMAT']);
    expect(problems[0]?.message.es.endsWith(said)).toBe(true);
  });
});

describe('business rules', () => {
  it.each(CASES)('%s', (_name, changes, expected) => {
    const problems = problemsWith(changes);
    if (expected === undefined) {
      expect(problems).toEqual([]);
      return;
    }
    expect(problems).toHaveLength(1);
    const [p] = problems;
    expect(p).toMatchObject({ code: expected.code, column: expected.column, row: 2, severity: expected.severity ?? 'error' });
    expect(p?.message.es.length).toBeGreaterThan(10);
    expect(p?.message.en.length).toBeGreaterThan(10);
    expect(p?.code).toMatch(/^[A-Z][A-Z0-9_]+$/);
  });

  it('names the value read and lists the allowed values for an unknown catalogue value', () => {
    const [p] = problemsWith({ formaPago: 'Trueque' });
    expect(p).toMatchObject({ code: 'UNKNOWN_CATALOGUE_VALUE', column: 'formaPago', value: 'Trueque' });
    expect(p?.message.es).toContain('CONTADO, CREDITO');
  });

  it('reads a tax treatment written with its own rate, and says so when the rate is not the one applied', () => {
    expect(problemsWith({ tipoAfectacion: 'Gravada 18%' })).toEqual([]);
    expect(problemsWith({ tipoAfectacion: 'Inafecto (0%)' })).toEqual([]);
    const [p] = problemsWith({ tipoAfectacion: 'Gravado 10%' });
    expect(p).toMatchObject({ code: 'UNKNOWN_CATALOGUE_VALUE', column: 'tipoAfectacion', value: 'Gravado 10%' });
    expect(p?.message.es).toBe(
      '«Gravado 10%»: la tasa escrita (10 %) no es la que corresponde a «Gravado» (18 %), la única que se aplica a esa afectación. Corrija la tasa o el «Tipo de afectación IGV».',
    );
    expect(problemsWith({ tipoAfectacion: 'Exonerado 18%' })[0]?.message.es).toContain('no es la que corresponde a «Exonerado» (0 %)');
  });

  it('names the operation and the document as a person does when a domestic sale has no RUC', () => {
    const [p] = problemsWith({ receptorTipoDocumento: 'DNI', receptorNumeroDocumento: '45678912' });
    expect(p).toMatchObject({ code: 'RECEPTOR_RUC_REQUIRED', column: 'receptorTipoDocumento' });
    expect(p?.message.es).toBe(
      'Con el tipo de operación «Venta interna», la factura exige que el cliente tenga RUC; este cliente tiene DNI. A un cliente sin RUC se le emite una boleta, y esta herramienta solo emite facturas: quite esta venta de la hoja y emita la boleta con su sistema de boletas. Si es una exportación o un cliente no domiciliado, indíquelo en el tipo de operación.',
    );
  });

  it('shows a domestic sale to a customer with 8 digits and no document type at the number the sheet has, with that number', () => {
    // The sheet has no «Tipo de documento»: the type comes from the 8 digits, so the column to fix is the number's.
    const [p] = problemsWith({ receptorTipoDocumento: undefined, receptorNumeroDocumento: '45678912' });
    expect(p).toMatchObject({ code: 'RECEPTOR_RUC_REQUIRED', column: 'receptorNumeroDocumento', value: '45678912', row: 2 });
    expect(p?.message.es).toContain('este cliente tiene DNI');
  });

  it('says where the second of two e-mails in one cell goes', () => {
    const [two] = problemsWith({ receptorCorreo: 'compras@andina.pe; conta@andina.pe' });
    expect(two).toMatchObject({ code: 'INVALID_EMAIL', column: 'receptorCorreo' });
    expect(two?.message.es).toContain(
      'tiene dos direcciones; el servicio recibe una por columna: deje la primera aquí y escriba la segunda en «Correo en copia».',
    );
    const [three] = problemsWith({ receptorCorreo: 'a@andina.pe, b@andina.pe, c@andina.pe' });
    expect(three?.message.es).toContain('tiene 3 direcciones; el servicio recibe una sola en esta columna (y otra en «Correo en copia»).');
    const [bad] = problemsWith({ receptorCorreo: 'compras@; conta@andina.pe' });
    expect(bad?.message.es).toContain('no es una dirección de correo válida');
  });

  it('says what a negative quantity or unit value means on an invoice: a credit note', () => {
    expect(problemsWith({ valorVentaUnitario: '-120' })[0]?.message.es).toBe(
      'El valor unitario no puede ser negativo (se leyó «-120»). Un descuento va restado del valor unitario de su línea; una devolución o un descuento posterior, en una nota de crédito.',
    );
    expect(problemsWith({ cantidad: '-2' })[0]?.message.es).toContain('una devolución se hace con una nota de crédito.');
    expect(problemsWith({ cantidad: '0' })[0]?.message.es).toBe('La cantidad debe ser mayor que cero (se leyó «0»).');
  });

  it("lists a long catalogue by its SUNAT codes, not by the service's names", () => {
    const [p] = problemsWith({ tipoAfectacion: 'Gravada con descuento' });
    expect(p?.message.es).toContain(
      'Códigos SUNAT que acepta: 10, 11, 12, 13, 14, 15, 16, 17, 20, 21, 30, 31, 32, 33, 34, 35, 36, 40; también el nombre que usa el servicio (como GRAVADO_OPERACION_ONEROSA).',
    );
    expect(p?.message.es).not.toContain('GRAVADO_RETIRO_POR_PUBLICIDAD');
  });

  it('reads the units as offices abbreviate them, and names a unit without a SUNAT code apart from the codes', () => {
    for (const unit of ['Serv.', 'Gl.', 'Cja', 'Cja.', 'Pqte.', 'Mt.', 'm²', 'Doc.']) expect(problemsWith({ unidadMedida: unit }), unit).toEqual([]);
    // The command line's words: its user edits the configuration file (remedies.ts words it for each caller).
    const [p] = problemsWith({ unidadMedida: 'Bolsa' }, [], { ...CONTEXT, wording: 'command-line' });
    expect(p).toMatchObject({ code: 'UNKNOWN_CATALOGUE_VALUE', column: 'unidadMedida', value: 'Bolsa' });
    // KILOS is the service's name of a unit with no SUNAT code: it is not listed among the codes.
    expect(p?.message.es).toContain('BX, DZN, HUR, SET, PK, PR, TNE; también el nombre que usa el servicio (como UNIDAD_BIENES) y KILOS.');
    expect(p?.message.es).toContain('Si el servicio acepta otra unidad, agréguela a las unidades del archivo de configuración.');
    expect(p?.message.es).not.toContain('catalogues');
  });

  it("leads an unknown value's message with the words a person writes, and their SUNAT codes", () => {
    const [p] = problemsWith({ moneda: 'EUR' });
    expect(p?.message.es).toContain('Escriba, por ejemplo: Soles (S/), Dólares (US$).');
    expect(p?.message.es).toContain('Valores que acepta el servicio: PEN, USD (o su código SUNAT).');
  });

  it('reports every problem of an invoice, not only the first, each on its own row', () => {
    const problems = problemsWith({ serie: 'B001', receptorNumeroDocumento: '20512333798', fechaEmision: '2026-12-01' }, [
      { descripcion: 'Fierro', cantidad: '-1', valorVentaUnitario: '0' },
    ]);
    expect(problems.map((p) => [p.code, p.row, p.column])).toEqual([
      ['SERIE_FORMAT', 2, 'serie'],
      ['ISSUE_DATE_IN_FUTURE', 2, 'fechaEmision'],
      ['RUC_CHECK_DIGIT', 2, 'receptorNumeroDocumento'],
      ['QUANTITY_NOT_POSITIVE', 3, 'cantidad'],
      ['UNIT_VALUE_ZERO', 3, 'valorVentaUnitario'],
    ]);
  });

  it('reports an invoice-level value on the row that gave it', () => {
    const problems = problemsWith({}, [{ descripcion: 'Fierro', cantidad: '1', valorVentaUnitario: '2', receptorCorreo: 'mal' }]);
    expect(problems).toEqual([expect.objectContaining({ code: 'INVALID_EMAIL', row: 3 })]);
  });

  it('does not repeat a missing-value problem for a cell already reported while reading', () => {
    const row = { ...VALID_ROW };
    delete row.cantidad;
    const cell = { severity: 'error' as const, code: 'NOT_A_NUMBER' as const, row: 2, column: 'cantidad', value: '1,2,3', message: { es: 'x', en: 'x' } };
    const draft = { ...draftOf([row]), problems: [cell] };
    expect(validateInvoice(draft, CONTEXT).problems).toEqual([cell]);
  });

  it('uses config defaults over the columns’ own defaults, and reports a bad default as such', () => {
    const ok = validateInvoice(draftOf([VALID_ROW]), { ...CONTEXT, defaults: { moneda: 'USD' } });
    expect(ok.moneda).toBe('USD');
    const bad = validateInvoice(draftOf([VALID_ROW]), { ...CONTEXT, defaults: { moneda: 'EUR' } });
    expect(bad.problems[0]?.message.es).toContain('valor por defecto de la configuración');
  });
});

describe('canonicalDecimal', () => {
  it.each([
    ['10', '10'],
    ['0012.50', '12.5'],
    ['+5', '5'],
    ['0.0', '0'],
    ['2.500', '2.5'],
    ['1e5', undefined],
    ['1,5', undefined],
    ['', undefined],
  ])('reads «%s» as %s', (input, expected) => {
    expect(canonicalDecimal(input)).toBe(expected);
  });
});

describe('limaToday', () => {
  it.each([
    ['2026-11-21T04:59:59Z', '2026-11-20'],
    ['2026-11-21T05:00:00Z', '2026-11-21'],
    ['2026-01-01T03:00:00Z', '2025-12-31'],
    ['2026-07-01T12:00:00Z', '2026-07-01'],
  ])('at %s it is %s in Lima (UTC-05:00 all year)', (instant, expected) => {
    expect(limaToday(Date.parse(instant))).toBe(expected);
  });
});

describe('amountRules', () => {
  it('finds in each amount exactly what quantityProblems and unitValueProblems find (a fine amount: nothing)', () => {
    const amounts = ['1', '12.5', '0.1', '0.0000000001', '0.00000000001', '999999999999', '999999999999.9999999999', '1000000000000', '1.12345678901'];
    amounts.push('0', '0.0', '00', '01', '1.0', '-1', '-0.5', '+3', 'abc', '1,5', '', '.5', '5.', '1e3');
    for (const value of amounts) {
      const { invoice } = resolveInvoice(draftOf([{ ...VALID_ROW, cantidad: value, valorVentaUnitario: value }]), CONTEXT);
      expect(amountRules(invoice, CONTEXT)).toEqual([...quantityProblems(2, value), ...unitValueProblems(2, value)]);
    }
    expect(quantityProblems(2, '999999999999.9999999999')).toEqual([]);
    expect(unitValueProblems(2, '1000000000000').map((p) => p.code)).toEqual(['UNIT_VALUE_INTEGER_DIGITS']);
  });
});

describe('epochDay', () => {
  it('gives the same answer every time it is asked, for real dates and for dates that do not exist', () => {
    for (let i = 0; i < 2; i++) {
      expect(epochDay('1970-01-02')).toBe(1);
      expect(epochDay('2026-02-30')).toBeUndefined();
      expect(epochDay('2024-02-29')).toBe(19782);
      expect(epochDay('26-02-01')).toBeUndefined();
    }
  });
});

describe('problem fields', () => {
  it('come in one order, whichever are present: severity, code, row, column, message, value', () => {
    expect(Object.keys(errorAt('NOT_A_NUMBER', 2, 'cantidad', 'x', 'es', 'en'))).toEqual(['severity', 'code', 'row', 'column', 'message', 'value']);
    expect(Object.keys(errorAt('NO_LINES', 2, undefined, 'x', 'es', 'en'))).toEqual(['severity', 'code', 'row', 'message', 'value']);
    expect(Object.keys(errorAt('NO_LINES', 2, 'descripcion', undefined, 'es', 'en'))).toEqual(['severity', 'code', 'row', 'column', 'message']);
    expect(Object.keys(errorAt('NO_LINES', 2, undefined, undefined, 'es', 'en'))).toEqual(['severity', 'code', 'row', 'message']);
  });
});

describe('a validated invoice', () => {
  it('lists its fields in one order, the optional ones only when present', () => {
    expect(Object.keys(validateInvoice(draftOf([VALID_ROW]), CONTEXT))).toEqual([
      'draft',
      'document',
      'totals',
      'problems',
      'valid',
      'issuerMissing',
      'issuerRuc',
      'moneda',
      'receptor',
    ]);
    const { moneda: _moneda, receptorNombreLegal: _nombre, ...row } = VALID_ROW;
    const { emisor: _emisor, ...dry } = CONTEXT;
    const bad = validateInvoice(draftOf([{ ...row, cantidad: 'x' }]), dry);
    expect(Object.keys(bad)).toEqual(['draft', 'problems', 'valid', 'issuerMissing', 'moneda', 'receptor']);
    expect(Object.keys(bad.receptor)).toEqual(['tipo', 'numero']);
  });
});

describe('a line that repeats an earlier line of the same invoice', () => {
  it('is a warning at the repeated row, naming the first; the invoice stays valid', () => {
    const result = validateInvoice(draftOf([VALID_ROW, { ...VALID_ROW }, { ...VALID_ROW, cantidad: '3' }]), CONTEXT);
    expect(result.valid).toBe(true);
    expect(result.problems.map((p) => `${p.severity} ${p.code} ${p.row ?? ''}`)).toEqual(['warning REPEATED_LINE 3']);
    expect(result.problems[0]?.message.es).toBe(
      `La fila 3 repite la fila 2 de la factura ${VALID_ROW.serie ?? ''}-${VALID_ROW.numero ?? ''}: la misma descripción, cantidad y valor unitario. Si se copió dos veces, quite una: la factura cobraría dos veces lo mismo. Si son dos ítems iguales, puede dejarlas (o sumar sus cantidades en una fila).`,
    );
  });
});

describe('a voided sale of a register', () => {
  it('is an error where the legal name or a description says «ANULADO»', () => {
    expect(problemsWith({ receptorNombreLegal: '*** ANULADO ***' }).map((p) => `${p.code} ${p.row ?? ''} ${p.column ?? ''}`)).toEqual([
      'VOIDED_SALE 2 receptorNombreLegal',
    ]);
    expect(problemsWith({}, [{ ...VALID_ROW, descripcion: 'Anulada' }]).map((p) => `${p.code} ${p.row ?? ''} ${p.column ?? ''}`)).toEqual([
      'VOIDED_SALE 3 descripcion',
    ]);
    expect(problemsWith({ receptorNombreLegal: 'Anulaciones y Servicios S.A.C.' })).toEqual([]);
  });
});

describe('repeated lines in a long invoice', () => {
  it('are each found in a long invoice, naming the first of its kind', () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({ ...VALID_ROW, descripcion: `Producto ${i % 20}` }));
    const problems = validateInvoice(draftOf(rows), CONTEXT).problems;
    expect(problems).toHaveLength(20);
    expect(problems.map((p) => p.row)).toEqual(Array.from({ length: 20 }, (_, i) => i + 22));
    expect(problems[0]?.message.es).toContain('La fila 22 repite la fila 2 de la factura');
  });
});

describe('a unit value with more decimals than SUNAT takes', () => {
  it('says how to round it, as a value that comes from a formula (a price with IGV divided by 1.18)', () => {
    const [problem] = unitValueProblems(7, '15.677966101694915');
    expect(problem?.code).toBe('UNIT_VALUE_DECIMAL_DIGITS');
    expect(problem?.message.es).toBe(
      'El valor unitario «15.677966101694915» tiene 15 decimales; SUNAT admite como máximo 10. Redondee el número a 10 decimales o menos; si sale de una fórmula (por ejemplo, el precio con IGV entre 1.18), póngala dentro de la función REDONDEAR de Excel con 10 decimales.',
    );
  });
});
