import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ColumnName, ColumnType } from '../../../src/invoice/canonical-columns.js';
import { normalizeCell } from '../../../src/sheet/normalize-cell.js';
import type { DecimalConvention } from '../../../src/sheet/normalize-decimal.js';
import { decimalEvidence, exactNumberText } from '../../../src/sheet/normalize-decimal.js';
import type { Normalized } from '../../../src/sheet/normalize-result.js';
import type { Cell } from '../../../src/sheet/source-row.js';

const text = (t: string): Cell => ({ kind: 'text', text: t });
const num = (value: number, numFmt?: string): Cell => (numFmt === undefined ? { kind: 'number', value } : { kind: 'number', value, numFmt });
const date = (iso: string): Cell => ({ kind: 'date', iso });

const TYPES: Readonly<Record<ColumnName, ColumnType>> = {
  fechaEmision: 'date',
  horaEmision: 'time',
  cantidad: 'decimal',
  valorVentaUnitario: 'decimal',
  receptorNumeroDocumento: 'identity',
  receptorUbigeo: 'identity',
  numero: 'integer',
  serie: 'code',
  descripcion: 'text',
  receptorCorreo: 'email',
  moneda: 'enum',
} as Record<ColumnName, ColumnType>;

function run(column: ColumnName, cell: Cell | null, convention?: DecimalConvention): Normalized {
  return normalizeCell(cell, TYPES[column], { row: 7, column }, convention, undefined, 'command-line');
}

function valueOf(n: Normalized): string | undefined {
  if (n.kind === 'problem') throw new Error(`unexpected problem: ${n.problem.message.en}`);
  return n.kind === 'value' ? n.value : undefined;
}

describe('normalising cells by column type', () => {
  const passing: [string, ColumnName, Cell | null, string | undefined, DecimalConvention?][] = [
    ['a date cell', 'fechaEmision', date('2026-11-20T00:00:00'), '2026-11-20'],
    ['a date as English writes it', 'fechaEmision', text('November 3, 2026'), '2026-11-03'],
    ['a date as English abbreviates it', 'fechaEmision', text('Nov 20 2026'), '2026-11-20'],
    ['a date cell with a time', 'fechaEmision', date('2026-11-20T15:45:10'), '2026-11-20'],
    ['an Excel serial', 'fechaEmision', num(46346), '2026-11-20'],
    ['an Excel serial with a time fraction', 'fechaEmision', num(46346.75), '2026-11-20'],
    ['DD/MM/YYYY', 'fechaEmision', text('20/11/2026'), '2026-11-20'],
    ['D/M/YYYY', 'fechaEmision', text('5/3/2026'), '2026-03-05'],
    ['DD-MM-YYYY', 'fechaEmision', text('13-02-2026'), '2026-02-13'],
    ['YYYY-MM-DD', 'fechaEmision', text('2026-11-20'), '2026-11-20'],
    ['YYYY-MM-DD with a time', 'fechaEmision', text('2026-11-20 10:30:00'), '2026-11-20'],
    ['DD/MM/YYYY with a time', 'fechaEmision', text('29/02/2024 08:15'), '2024-02-29'],
    ["Excel's d-mmm-yyyy", 'fechaEmision', text('3-nov-2026'), '2026-11-03'],
    ["Excel's dd-mmm.-yyyy", 'fechaEmision', text('03-Nov.-2026'), '2026-11-03'],
    ['a Spanish date in words', 'fechaEmision', text('3 de setiembre de 2026'), '2026-09-03'],
    ['an English month name', 'fechaEmision', text('15 Dec 2026 10:30'), '2026-12-15'],
    ['a blank date', 'fechaEmision', text('   '), undefined],
    ['HH:mm', 'horaEmision', text('9:05'), '09:05:00'],
    ['HH:mm:ss', 'horaEmision', text('14:30:15'), '14:30:15'],
    ['a p. m. time', 'horaEmision', text('3:05 p. m.'), '15:05:00'],
    ['a date cell holding a time', 'horaEmision', date('1899-12-30T10:30:00'), '10:30:00'],
    ['a date-time cell', 'horaEmision', date('2026-11-20T18:00:05'), '18:00:05'],
    ['a fractional serial', 'horaEmision', num(0.4375), '10:30:00'],
    ['a float-noise number', 'cantidad', num(0.1 + 0.2), '0.3'],
    ['a tiny number', 'cantidad', num(1e-7), '0.0000001'],
    ['a large number', 'valorVentaUnitario', num(123456789012.5), '123456789012.5'],
    ['a plain text number', 'cantidad', text('1234.56'), '1234.56'],
    ['1,234.56', 'cantidad', text('1,234.56'), '1234.56'],
    ['1.234,56', 'cantidad', text('1.234,56'), '1234.56'],
    ['1234,56', 'cantidad', text('1234,56'), '1234.56'],
    ['digits with thousands spaces', 'cantidad', text('1 234,5'), '1234.5'],
    // The apostrophe Peruvian accounting writes for millions or thousands.
    ["1'234,567.89", 'valorVentaUnitario', text("1'234,567.89"), '1234567.89'],
    ["1'234.567,89 in a decimal-comma file", 'valorVentaUnitario', text("1'234.567,89"), '1234567.89', 'comma'],
    ["S/ 1'250.00", 'valorVentaUnitario', text("S/ 1'250.00"), '1250'],
    ['1’234.50 with a typographic apostrophe', 'cantidad', text('1’234.50'), '1234.5'],
    ['(120.00), a negative as accounting writes it', 'valorVentaUnitario', text('(120.00)'), '-120'],
    ['(S/ 1,250.50)', 'valorVentaUnitario', text('(S/ 1,250.50)'), '-1250.5'],
    ['1,234 in a decimal-comma file', 'cantidad', text('1,234'), '1.234', 'comma'],
    ['1,234 in a decimal-point file', 'cantidad', text('1,234'), '1234', 'point'],
    ['1.234 in a decimal-comma file', 'valorVentaUnitario', text('1.234'), '1234', 'comma'],
    ['a whole number with no separator', 'cantidad', text('12'), '12'],
    ['a number with its sign', 'numero', text('N° 103'), '103'],
    ['a number with Nº and padding', 'numero', text('Nº00000104'), '104'],
    ['a number with Nro.', 'numero', text('Nro. 105'), '105'],
    ['a RUC as text', 'receptorNumeroDocumento', text(' 20512333797 '), '20512333797'],
    ['a RUC as a whole number cell', 'receptorNumeroDocumento', num(20512333797), '20512333797'],
    ['a DNI with its leading zero as text', 'receptorNumeroDocumento', text('04567890'), '04567890'],
    ['a RUC spaced for reading', 'receptorNumeroDocumento', text('20 512 333 797'), '20512333797'],
    ['a RUC dotted for reading', 'receptorNumeroDocumento', text('20.512.333.797'), '20512333797'],
    ['a DNI with a hyphen', 'receptorNumeroDocumento', text('0456-7890'), '04567890'],
    ['an ubigeo in pairs', 'receptorUbigeo', text('15 01 01'), '150101'],
    ['a DNI number cell formatted 00000000, as Excel shows it', 'receptorNumeroDocumento', num(4567890, '00000000'), '04567890'],
    ['an ubigeo number cell formatted 000000', 'receptorUbigeo', num(10101, '000000'), '010101'],
    ['grouped digits of another length, kept as written', 'receptorNumeroDocumento', text('001-234567'), '001-234567'],
    ['a RUC after its type', 'receptorNumeroDocumento', text('RUC 20512333797'), '20512333797'],
    ['a RUC after its dotted type and a colon', 'receptorNumeroDocumento', text('R.U.C.: 20512333797'), '20512333797'],
    ['a RUC of 10 digits after its type, for the RUC rule to explain', 'receptorNumeroDocumento', text('RUC 2051233379'), '2051233379'],
    ['a DNI after its type and «N°»', 'receptorNumeroDocumento', text('DNI N° 04567890'), '04567890'],
    ['a DNI label over 11 digits, kept as written', 'receptorNumeroDocumento', text('DNI 20512333797'), 'DNI 20512333797'],
    ['a passport number, kept as written', 'receptorNumeroDocumento', text('RUCX 123'), 'RUCX 123'],
    ['an ubigeo as text', 'receptorUbigeo', text('010101'), '010101'],
    ['an ubigeo number cell with 6 digits', 'receptorUbigeo', num(150101), '150101'],
    ['a number', 'numero', num(123), '123'],
    ['a padded number', 'numero', text('00001234'), '1234'],
    ['a series', 'serie', text(' F001 '), 'F001'],
    ['a numeric series', 'serie', num(1), '1'],
    ['text with inner whitespace', 'descripcion', text('  Arroz   extra\u00a0 5 kg \n'), 'Arroz extra 5 kg'],
    ['text with tabs and line breaks', 'descripcion', text('Arroz\textra\r\n5 kg'), 'Arroz extra 5 kg'],
    ['empty text', 'descripcion', text(''), undefined],
    ['a blank cell', 'descripcion', null, undefined],
    ['an e-mail', 'receptorCorreo', text(' ventas@cliente.pe '), 'ventas@cliente.pe'],
    ['an enum as written', 'moneda', text(' Soles '), 'Soles'],
  ];
  it.each(passing)('reads %s', (_what, column, input, expected, convention) => {
    expect(valueOf(run(column, input, convention))).toBe(expected);
  });

  const failing: [string, ColumnName, Cell, string, string, string, DecimalConvention?][] = [
    [
      'an Excel date saved as a number in a CSV',
      'fechaEmision',
      text('46350'),
      'INVALID_DATE',
      '46350',
      'Fila 7, Fecha de emisión: «46350» no es una fecha: parece una fecha de Excel guardada como número (46350 = 24/11/2026). Dé a la columna formato de fecha (DD/MM/AAAA) en Excel y vuelva a guardar el CSV, o escriba la fecha.',
    ],
    [
      'month-first 02/13/2026',
      'fechaEmision',
      text('02/13/2026'),
      'INVALID_DATE',
      '02/13/2026',
      'Fila 7, Fecha de emisión: «02/13/2026» no es una fecha: el mes 13 no existe. Las fechas se leen con el día primero (DD/MM/AAAA). Si esta columna trae el mes primero (MM/DD/AAAA), sus fechas con día 12 o menos se leyeron al revés: guarde las fechas como DD/MM/AAAA o con formato de fecha, o indique --fechas MM/DD.',
    ],
    [
      '31/02/2026',
      'fechaEmision',
      text('31/02/2026'),
      'INVALID_DATE',
      '31/02/2026',
      'Fila 7, Fecha de emisión: «31/02/2026» no es una fecha que exista: febrero de 2026 tiene 28 días.',
    ],
    [
      'a 2-digit year',
      'fechaEmision',
      text('20/11/26'),
      'INVALID_DATE',
      '20/11/26',
      'Fila 7, Fecha de emisión: «20/11/26» tiene el año con 2 dígitos; escriba el año completo (DD/MM/AAAA).',
    ],
    [
      'a month name with a 2-digit year',
      'fechaEmision',
      text('03-nov-26'),
      'INVALID_DATE',
      '03-nov-26',
      'Fila 7, Fecha de emisión: «03-nov-26» tiene el año con 2 dígitos; escriba el año completo (DD/MM/AAAA).',
    ],
    [
      'a month name on a day it does not have',
      'fechaEmision',
      text('31-feb-2026'),
      'INVALID_DATE',
      '31-feb-2026',
      'Fila 7, Fecha de emisión: «31-feb-2026» no es una fecha que exista: febrero de 2026 tiene 28 días.',
    ],
    [
      'a word that is not a month',
      'fechaEmision',
      text('3 de foo de 2026'),
      'INVALID_DATE',
      '3 de foo de 2026',
      'Fila 7, Fecha de emisión: «3 de foo de 2026» no es una fecha; escriba DD/MM/AAAA (por ejemplo 20/11/2026) o AAAA-MM-DD.',
    ],
    [
      'words',
      'fechaEmision',
      text('mañana'),
      'INVALID_DATE',
      'mañana',
      'Fila 7, Fecha de emisión: «mañana» no es una fecha; escriba DD/MM/AAAA (por ejemplo 20/11/2026) o AAAA-MM-DD.',
    ],
    [
      'a number too large to be a serial',
      'fechaEmision',
      num(20261120),
      'INVALID_DATE',
      '20261120',
      'Fila 7, Fecha de emisión: el número 20261120 no es una fecha; escriba la fecha como DD/MM/AAAA o dé a la celda formato de fecha.',
    ],
    [
      '25:00',
      'horaEmision',
      text('25:00'),
      'INVALID_TIME',
      '25:00',
      'Fila 7, Hora de emisión: «25:00» no es una hora; escriba HH:MM o HH:MM:SS (por ejemplo 14:30:00).',
    ],
    [
      'a date without time',
      'horaEmision',
      date('2026-11-20T00:00:00'),
      'INVALID_TIME',
      '2026-11-20',
      'Fila 7, Hora de emisión: la celda contiene una fecha (2026-11-20) y no una hora; escriba la hora como HH:MM:SS.',
    ],
    [
      'an ambiguous 1,234',
      'cantidad',
      text('1,234'),
      'AMBIGUOUS_DECIMAL',
      '1,234',
      'Fila 7, Cantidad: «1,234» puede leerse como 1234 o como 1.234, y el archivo no deja ver si usa coma o punto decimal. Indique --decimal-comma o --no-decimal-comma, o escriba el número sin separador de miles.',
    ],
    [
      'a point in a decimal-comma file',
      'valorVentaUnitario',
      text('12.5'),
      'MIXED_DECIMAL_SEPARATOR',
      '12.5',
      'Fila 7, Valor unitario: «12.5» usa punto decimal, pero este archivo escribe los decimales con coma (1.234,56). Escriba el número como el resto del archivo.',
      'comma',
    ],
    [
      'a comma in a decimal-point file',
      'valorVentaUnitario',
      text('12,5'),
      'MIXED_DECIMAL_SEPARATOR',
      '12,5',
      'Fila 7, Valor unitario: «12,5» usa coma decimal, pero este archivo escribe los decimales con punto (1,234.56). Escriba el número como el resto del archivo.',
      'point',
    ],
    ['text that is not a number', 'cantidad', text('diez'), 'NOT_A_NUMBER', 'diez', 'Fila 7, Cantidad: «diez» no es un número.'],
    [
      'a RUC in scientific text',
      'receptorNumeroDocumento',
      text('2.05123E+10'),
      'SCIENTIFIC_NOTATION',
      '2.05123E+10',
      'Fila 7, Documento del cliente: «2.05123E+10» está en notación científica y el número perdió dígitos (un RUC tiene 11). Dé a la columna formato de texto y vuelva a escribir el número completo.',
    ],
    [
      'a RUC cell formatted scientific',
      'receptorNumeroDocumento',
      num(20512300000, '0.00E+00'),
      'SCIENTIFIC_NOTATION',
      '20512300000',
      'Fila 7, Documento del cliente: «20512300000» está en notación científica y el número perdió dígitos (un RUC tiene 11). Dé a la columna formato de texto y vuelva a escribir el número completo.',
    ],
    [
      'a DNI number cell of 7 digits',
      'receptorNumeroDocumento',
      num(4567890),
      'LOST_LEADING_ZERO',
      '4567890',
      'Fila 7, Documento del cliente: «4567890» perdió su cero inicial porque la celda es numérica (un DNI tiene 8 dígitos). Dé a la columna formato de texto y escriba el número con sus ceros.',
    ],
    [
      'an ubigeo number cell of 5 digits',
      'receptorUbigeo',
      num(10101),
      'LOST_LEADING_ZERO',
      '10101',
      'Fila 7, Ubigeo del cliente: «10101» perdió su cero inicial porque la celda es numérica (un ubigeo tiene 6 dígitos). Dé a la columna formato de texto y escriba el número con sus ceros.',
    ],
    [
      'a negative numero',
      'numero',
      text('-5'),
      'NOT_A_WHOLE_NUMBER',
      '-5',
      'Fila 7, Número: «-5» no es un número entero sin signo (solo dígitos, por ejemplo 1234).',
    ],
    [
      'a numero with decimals',
      'numero',
      num(12.5),
      'NOT_A_WHOLE_NUMBER',
      '12.5',
      'Fila 7, Número: «12.5» no es un número entero sin signo (solo dígitos, por ejemplo 1234).',
    ],
    [
      'an #N/A cell',
      'descripcion',
      { kind: 'error', error: '#N/A', formula: 'VLOOKUP(A2,B:C,2,0)' },
      'CELL_ERROR',
      '#N/A',
      'Fila 7, Descripción: la celda contiene el error #N/A (fórmula =VLOOKUP(A2,B:C,2,0)); corrija la celda.',
    ],
    [
      'a formula without a result',
      'cantidad',
      { kind: 'error', error: 'NO_CACHED_RESULT', formula: 'B2*2' },
      'FORMULA_WITHOUT_RESULT',
      '=B2*2',
      'Fila 7, Cantidad: la fórmula =B2*2 no da un valor que se pueda leer: da un error (como #N/A, cuando BUSCARV no encuentra lo que busca) o el archivo se guardó sin calcularla. Ábralo en Excel: si la celda muestra un error, corrija la fórmula o escriba el dato; si no, guarde el archivo para que se calcule.',
    ],
    [
      'a NUL byte in a description',
      'descripcion',
      text('Arroz\u0000 extra'),
      'CONTROL_CHARACTER',
      'Arroz\uFFFD extra',
      'Fila 7, Descripción: «Arroz\uFFFD extra» contiene un carácter de control invisible (U+0000) que una factura electrónica no admite; borre la celda y escriba el texto de nuevo.',
    ],
    [
      'a control character in a RUC',
      'receptorNumeroDocumento',
      text('20512333797\u0007'),
      'CONTROL_CHARACTER',
      '20512333797\uFFFD',
      'Fila 7, Documento del cliente: «20512333797\uFFFD» contiene un carácter de control invisible (U+0007) que una factura electrónica no admite; borre la celda y escriba el texto de nuevo.',
    ],
    [
      'a TRUE cell in a text column',
      'descripcion',
      { kind: 'boolean', value: true },
      'UNEXPECTED_BOOLEAN',
      'TRUE',
      'Fila 7, Descripción: la celda contiene un valor lógico (VERDADERO), no un texto.',
    ],
  ];
  it.each(failing)('reports %s as a problem naming row, column and value', (_what, column, input, code, value, es, convention) => {
    const n = run(column, input, convention);
    expect(n.kind).toBe('problem');
    if (n.kind !== 'problem') return;
    expect(n.problem).toMatchObject({ severity: 'error', code, row: 7, column, message: { es } });
    expect(n.problem.message.en).toMatch(/^Row 7, /);
    expect(n.problem.value).toBe(value);
  });
});

describe('a cell that only says it is empty', () => {
  // «-» or «N/A» in an optional «Correo» or «Hora» made the invoice invalid («"-" no es una dirección de correo válida»).
  it.each(['-', '--', '---', ' — ', 'N/A', 'n/a', 'NA', 'N.A.', 'No aplica'])('reads «%s» as a blank cell in every column', (shown) => {
    for (const column of ['receptorCorreo', 'horaEmision', 'receptorUbigeo', 'cantidad', 'descripcion', 'fechaEmision'] as const) {
      expect(run(column, text(shown))).toEqual({ kind: 'absent' });
    }
  });

  it('keeps «-» in the invoice’s key a problem: a blank serie and number would make the row a line of the invoice above', () => {
    expect(run('numero', text('-')).kind).toBe('problem');
    expect(run('serie', text('--'))).not.toEqual({ kind: 'absent' });
  });

  // A blank catalogue cell takes its default: «N/A» in «Tipo IGV» (no IGV) was read as «gravado», 18 % more.
  it('keeps the mark in a catalogue’s column, which a blank would fill with its default', () => {
    expect(run('moneda', text('N/A'))).not.toEqual({ kind: 'absent' });
    expect(run('moneda', text('-'))).not.toEqual({ kind: 'absent' });
  });

  it('reads what has more than the mark as before: «S/N», «-5», «N/A 2»', () => {
    expect(run('descripcion', text('S/N'))).toEqual({ kind: 'value', value: 'S/N' });
    expect(run('cantidad', text('-5'))).toMatchObject({ kind: 'value', value: '-5' });
    expect(run('descripcion', text('N/A 2'))).toEqual({ kind: 'value', value: 'N/A 2' });
  });
});

describe('exact decimals and the decimal convention', () => {
  it('keeps what a person typed, without exponent or float noise', () => {
    expect([0.1 + 0.2, 1.005 * 1000, 1e21, -0, 2.5e-10, 100].map(exactNumberText)).toEqual([
      '0.3',
      '1005',
      '1000000000000000000000',
      '0',
      '0.00000000025',
      '100',
    ]);
    expect(exactNumberText(Number.NaN)).toBeUndefined();
  });

  it('learns the convention only from values one convention alone can read', () => {
    expect(['1.234,56', '12,5', ',75', '1.234.567'].map(decimalEvidence)).toEqual(['comma', 'comma', 'comma', 'comma']);
    expect(['1,234.56', '12.5', '1,234,567'].map(decimalEvidence)).toEqual(['point', 'point', 'point']);
    expect(["1'234.50", "1'234,50"].map(decimalEvidence)).toEqual(['point', 'comma']);
    expect(['1,234', '1.234', '12', 'abc'].map(decimalEvidence)).toEqual([undefined, undefined, undefined, undefined]);
  });
});

describe('normalising, for any value', () => {
  it('gives back any decimal of up to 15 significant digits that a number cell stored', () => {
    const typed = fc
      .tuple(fc.bigInt({ min: 0n, max: 999_999_999_999_999n }), fc.integer({ min: 0, max: 10 }))
      .map(([digits, scale]) => new Decimal(digits.toString()).div(new Decimal(10).pow(scale)).toFixed());
    fc.assert(fc.property(typed, (text) => exactNumberText(Number(text)) === new Decimal(text).toFixed()));
  });

  it('reads any plain decimal text, padded with zeros at either end or not, as Decimal#toFixed writes it, in either convention', () => {
    const plain = fc
      .tuple(fc.stringMatching(/^\d{1,25}$/), fc.option(fc.stringMatching(/^\d{1,15}$/), { nil: undefined }))
      .map(([int, frac]) => (frac === undefined ? int : `${int}.${frac}`));
    fc.assert(
      fc.property(plain, fc.constantFrom<DecimalConvention | undefined>('point', 'comma', undefined), (typed, convention) => {
        const written = convention === 'comma' ? typed.replace('.', ',') : typed;
        // Without a convention a text that the other one reads differently (1.500) is ambiguous.
        const n = run('cantidad', text(written), convention);
        if (n.kind !== 'value') return convention === undefined;
        return n.value === new Decimal(typed).toFixed();
      }),
    );
    expect(['010.50', '3.00', '0.0', '000', '0.050', '12.5'].map((t) => valueOf(run('cantidad', text(t), 'point')))).toEqual([
      '10.5',
      '3',
      '0',
      '0',
      '0.05',
      '12.5',
    ]);
    expect(valueOf(run('cantidad', text('010,50'), 'comma'))).toBe('10.5');
  });

  it('reads a date text the same every time, and names the row of each problem', () => {
    const at = (row: number, t: string): Normalized => normalizeCell(text(t), 'date', { row, column: 'fechaEmision' }, undefined);
    for (const row of [3, 4]) {
      expect(at(row, '2026-11-20')).toEqual({ kind: 'value', value: '2026-11-20' });
      expect(at(row, '20/11/2026 10:30')).toEqual({ kind: 'value', value: '2026-11-20' });
      const bad = at(row, '31/02/2026');
      expect(bad.kind === 'problem' ? [bad.problem.row, bad.problem.code] : bad).toEqual([row, 'INVALID_DATE']);
    }
  });

  it('reads every real date written DD/MM/YYYY, D/M/YYYY or YYYY-MM-DD to the same YYYY-MM-DD', () => {
    const day = fc.date({ min: new Date(Date.UTC(1990, 0, 1)), max: new Date(Date.UTC(2099, 11, 31)), noInvalidDate: true });
    fc.assert(
      fc.property(day, (d) => {
        const iso = d.toISOString().slice(0, 10);
        const [y, m, dd] = iso.split('-');
        const forms = [`${dd}/${m}/${y}`, `${Number(dd)}/${Number(m)}/${y}`, `${dd}-${m}-${y}`, iso, `${iso} 23:59`];
        return forms.every((f) => valueOf(run('fechaEmision', text(f))) === iso);
      }),
    );
  });
});
