import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FacturaError } from '../../../src/factura-error.js';
import { HEADER_SEARCH_ROWS } from '../../../src/sheet/detect-header.js';
import type { ColumnName } from '../../../src/invoice/canonical-columns.js';
import type { LineRecord } from '../../../src/invoice/line-record.js';
import { columnLetter } from '../../../src/sheet/header-map.js';
import { loadMappingFile } from '../../../src/sheet/load-mapping-file.js';
import { readLineRecords } from '../../../src/sheet/read-line-records.js';
import type { SourceRow } from '../../../src/sheet/source-row.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { rowsFromArrays } from './rows-from-arrays.js';
import { allOf } from '../../helpers/batches.js';

async function collect(records: AsyncIterable<readonly LineRecord[]>): Promise<LineRecord[]> {
  return allOf(records);
}

async function failure(promise: Promise<unknown>): Promise<FacturaError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof FacturaError) return err;
    throw err;
  }
  throw new Error('expected a FacturaError');
}

const HEADER = [
  'serie',
  'numero',
  'fechaEmision',
  'receptorNumeroDocumento',
  'receptorNombreLegal',
  'descripcion',
  'cantidad',
  'valorVentaUnitario',
] satisfies ColumnName[];
const LINE = ['F001', '12', '20/11/2026', '20512333797', 'Comercial Andina S.A.C.', 'Arroz extra 5 kg', '2', '18.50'];

/** The error a sheet of `ventas.csv` is refused with. */
// These refusals are the command line's (its flags say what to do): remedies.ts words them for each caller.
const refusalOf = (rows: Parameters<typeof rowsFromArrays>[0]): Promise<FacturaError> =>
  failure(readLineRecords(rowsFromArrays(rows, { file: 'ventas.csv' }), { wording: 'command-line' }));

describe('finding the header row', () => {
  it('skips title rows above the header and reports them as a warning', async () => {
    const src = rowsFromArrays([['Reporte de ventas', null, 'Noviembre 2026'], [], HEADER, LINE], { file: 'ventas.xlsx' });
    const sheet = await readLineRecords(src);
    expect(sheet.header.row).toBe(3);
    expect(sheet.notes).toEqual([
      expect.objectContaining({
        severity: 'warning',
        code: 'TITLE_ROWS_SKIPPED',
        value: 'Reporte de ventas',
        message: {
          es: 'Se omitió la fila 1 sobre los encabezados («Reporte de ventas»…); los encabezados están en la fila 3.',
          en: 'Row 1 above the header was skipped («Reporte de ventas»…); the header is on row 3.',
        },
      }),
    ]);
    expect(await collect(sheet.records)).toEqual([
      {
        row: 4,
        problems: [],
        values: {
          serie: 'F001',
          numero: '12',
          fechaEmision: '2026-11-20',
          receptorNumeroDocumento: '20512333797',
          receptorNombreLegal: 'Comercial Andina S.A.C.',
          descripcion: 'Arroz extra 5 kg',
          cantidad: '2',
          valorVentaUnitario: '18.5',
        },
      },
    ]);
  });

  it('reads «F001-00000104» in the number column as 104 when the serie column says F001, and only then', async () => {
    const rows = [
      ['F001', 'F001-00000104', ...LINE.slice(2)],
      ['f001', 'F001 – 105', ...LINE.slice(2)],
      ['F001', 'F002-00000106', ...LINE.slice(2)],
    ];
    const records = await collect((await readLineRecords(rowsFromArrays([HEADER, ...rows]))).records);
    expect(records.map((r) => r.values.numero)).toEqual(['104', '105', undefined]);
    expect(records.map((r) => r.problems.map((p) => p.code))).toEqual([[], [], ['NOT_A_WHOLE_NUMBER']]);
  });

  it('matches Spanish aliases regardless of case, accents, spaces and punctuation', async () => {
    const header = ['SERIE', 'Número', 'FECHA_EMISION', 'R.U.C. cliente', 'RAZON SOCIAL', 'Descripción', 'Cant.', 'precio-unitario', 'U.M.'];
    const sheet = await readLineRecords(rowsFromArrays([header, [...LINE, 'NIU']]));
    expect(Object.fromEntries(Object.entries(sheet.header.columns).map(([k, v]) => [k, `${v.letter}:${v.header}`]))).toEqual({
      serie: 'A:SERIE',
      numero: 'B:Número',
      fechaEmision: 'C:FECHA_EMISION',
      receptorNumeroDocumento: 'D:R.U.C. cliente',
      receptorNombreLegal: 'E:RAZON SOCIAL',
      descripcion: 'F:Descripción',
      cantidad: 'G:Cant.',
      valorVentaUnitario: 'H:precio-unitario',
      unidadMedida: 'I:U.M.',
    });
    expect((await collect(sheet.records))[0]?.values.unidadMedida).toBe('NIU');
  });

  it('uses the mapping file over the aliases, and warns once about unknown columns', async () => {
    const header = ['DOC_SERIE', 'DOC_NRO', 'FEC_EMI', 'CLI_RUC', 'CLI_NOMBRE', 'ITEM_DESC', 'ITEM_CANT', 'ITEM_PU', 'USUARIO', 'Numero'];
    const mapping = {
      serie: 'DOC_SERIE',
      numero: 'doc nro',
      fechaEmision: 'FEC_EMI',
      receptorNumeroDocumento: 'CLI_RUC',
      receptorNombreLegal: 'CLI_NOMBRE',
      descripcion: 'ITEM_DESC',
      cantidad: 'ITEM_CANT',
      valorVentaUnitario: 'ITEM_PU',
    };
    const sheet = await readLineRecords(rowsFromArrays([header, [...LINE, 'jperez', '999']]), { mapping, wording: 'command-line' });
    expect(sheet.header.columns.numero).toEqual({ index: 1, header: 'DOC_NRO', letter: 'B' });
    expect(sheet.header.unknown.map((c) => `${c.letter}:${c.header}`)).toEqual(['I:USUARIO', 'J:Numero']);
    expect(sheet.notes).toHaveLength(1);
    expect(sheet.notes[0]).toMatchObject({ code: 'UNKNOWN_COLUMNS', severity: 'warning', value: 'USUARIO, Numero' });
    expect(sheet.notes[0]?.message.es).toBe(
      'Se ignoran columnas que no corresponden a ninguna columna conocida: «USUARIO» (I), «Numero» (J). Si alguna debe usarse, indíquela con --map mapping.json.',
    );
    expect((await collect(sheet.records))[0]?.values.numero).toBe('12');
  });

  it('names the first 20 unknown columns of a header and counts the rest, however wide the header', async () => {
    // A header of 200,000 unknown columns made this one note list every one of them: megabytes of text.
    const extra = Array.from({ length: 2_000 }, (_, i) => `c${i}`);
    const sheet = await readLineRecords(
      rowsFromArrays([
        [...HEADER, ...extra],
        [...LINE, ...extra.map(() => '')],
      ]),
    );
    const note = sheet.notes.find((n) => n.code === 'UNKNOWN_COLUMNS');
    expect(note?.message.es).toMatch(/: «c0» \([A-Z]+\), «c1» \([A-Z]+\), .*«c19» \([A-Z]+\) y 1,980 más\. Si alguna debe usarse/);
    expect(note?.message.en).toMatch(/«c19» \([A-Z]+\) and 1,980 more\./);
    expect(note?.message.es.length).toBeLessThan(600);
    expect(note?.value).toBe(`${extra.slice(0, 20).join(', ')}, …`);
  });

  it('loads a mapping file and names unknown canonical columns in it', async () => {
    const dir = await tempDir();
    try {
      const good = join(dir.path, 'map.json');
      await writeFile(good, '{"serie": "DOC_SERIE", "receptorNumeroDocumento": "CLI_RUC"}');
      expect(await loadMappingFile(good)).toEqual({ serie: 'DOC_SERIE', receptorNumeroDocumento: 'CLI_RUC' });
      const bad = join(dir.path, 'bad.json');
      await writeFile(bad, '{"serie": "DOC_SERIE", "ruc": "CLI_RUC", "fecha": "FEC"}');
      const err = await failure(loadMappingFile(bad));
      expect(err.code).toBe('CONFIG');
      expect(err.text.es).toContain('nombra columnas que no existen: «ruc», «fecha».');
      // A mapping naming thousands (sent to the workspace by hand): the first 20 named, the rest counted.
      const many = join(dir.path, 'many.json');
      await writeFile(many, JSON.stringify(Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`x${i}`, 'y']))));
      const manyErr = await failure(loadMappingFile(many));
      expect(manyErr.text.es).toContain('nombra columnas que no existen: «x0», «x1», ');
      expect(manyErr.text.es).toContain('«x19» y 4,980 más. Las columnas son: serie,');
      expect(manyErr.text.en).toContain('«x19» and 4,980 more. The columns are: serie,');
      expect(manyErr.text.es.length).toBeLessThan(1_500);
      const notJson = join(dir.path, 'broken.json');
      await writeFile(notJson, '{"serie": ');
      expect((await failure(loadMappingFile(notJson))).code).toBe('CONFIG');
      await writeFile(notJson, '{"serie": 5}');
      expect((await failure(loadMappingFile(notJson))).text.en).toContain('must be a JSON object of column → header text');
    } finally {
      await dir.cleanup();
    }
  });

  it('lists every missing required column in one error, with the accepted header names', async () => {
    const err = await refusalOf([
      ['Serie', 'Número', 'RUC', 'Razón social', 'Detalle'],
      ['F001', '1', '20512333797', 'X', 'Y'],
    ]);
    expect(err.code).toBe('INPUT');
    expect(err.text.es).toBe(
      [
        'Faltan columnas obligatorias en ventas.csv (fila de encabezados 1):',
        '  - fechaEmision (Fecha de emisión): se acepta «fechaEmision», «Fecha», «Fecha emisión», «Fecha de emisión», «F. emisión», «Fec. emisión», «Fch. emisión», «Fecha emi.» y 16 nombres más',
        '  - cantidad (Cantidad): se acepta «cantidad», «Cantidad», «Cant», «Cant.», «Qty», «Cantidad vendida», «Unidades», «Unidades vendidas»',
        '  - valorVentaUnitario (Valor unitario): se acepta «valorVentaUnitario», «Precio unitario», «Valor unitario», «Valor venta unitario», «P. unitario», «Precio», «PU», «Valor unit» y 20 nombres más',
        'Agregue las columnas, renómbrelas o indique cuáles usar con --map mapping.json. No se procesó ninguna factura.',
      ].join('\n'),
    );
    expect(err.text.en).toContain(
      '  - cantidad (Quantity): accepted headers «cantidad», «Cantidad», «Cant», «Cant.», «Qty», «Cantidad vendida», «Unidades», «Unidades vendidas»',
    );
    expect(err.text.en).toContain('«Fecha emi.» and 16 more');
  });

  // SUNAT's register layout (Formato 14.1): «Comprobante de pago» merged over «Tipo», «Serie», «Número». The refusal
  // listed «Serie» as missing though the row below says it, and no flag helped; then it said so, and asked for one row.
  it('reads a header of two rows as one: the customer’s «Número» under «Cliente» is the customer’s document', async () => {
    const groups = [
      'Fecha de emisión',
      'Comprobante de pago',
      'Comprobante de pago',
      'Comprobante de pago',
      'Cliente',
      'Cliente',
      'Concepto',
      'Base imponible',
    ];
    const names = ['Fecha de emisión', 'Tipo', 'Serie', 'Número', 'Número', 'Razón social', 'Concepto', 'Base imponible'];
    const sale = ['27/11/2026', '01', 'F001', '501', '20602988431', 'Restaurante El Piurano S.A.C.', 'Mantenimiento', '1000'];
    const sheet = await readLineRecords(rowsFromArrays([groups, names, sale], { file: 'ventas.csv' }));
    expect(sheet.header).toMatchObject({ row: 2, groupRow: 1 });
    expect((await collect(sheet.records)).map((r) => [r.row, r.values.numero, r.values.receptorNumeroDocumento, r.values.receptorNombreLegal])).toEqual([
      [3, '501', '20602988431', 'Restaurante El Piurano S.A.C.'],
    ]);
    // A column missing from both rows is asked for as the header of two rows, not as «Serie» and «Número» missing on row 1.
    const err = await refusalOf([groups.slice(0, 6), names.slice(0, 6), sale.slice(0, 6)]);
    expect(err.text.es).toContain('Faltan columnas obligatorias en ventas.csv (encabezados en las filas 1 y 2):\n  - descripcion (Descripción)');
    expect(err.text.es).not.toContain('  - serie');
    expect(err.text.en).toContain('(header on rows 1 and 2)');
  });

  it('reads a header of two rows under a title that says nothing of whose columns they are, when no two of them are headed alike', async () => {
    // «Fecha de emisión», «Concepto» and «Base imponible» merged down (blank on row 2, as Excel saves a CSV), «Datos» across.
    const sheet = await readLineRecords(
      rowsFromArrays(
        [
          ['Fecha de emisión', 'Datos', null, null, null, 'Concepto', 'Base imponible'],
          [null, 'Serie', 'Número', 'RUC', 'Razón social', null, null],
          ['27/11/2026', 'F001', '501', '20602988431', 'Restaurante El Piurano S.A.C.', 'Mantenimiento', '1000'],
        ],
        { file: 'ventas.csv' },
      ),
    );
    expect(sheet.header).toMatchObject({ row: 2, groupRow: 1 });
    expect((await collect(sheet.records)).map((r) => r.values)).toEqual([
      expect.objectContaining({ fechaEmision: '2026-11-27', numero: '501', receptorNumeroDocumento: '20602988431', descripcion: 'Mantenimiento' }),
    ]);
  });

  it('names the columns of the sheet it did not recognise, and the mapping line that would use one', async () => {
    const only = await refusalOf([
      ['Serie', 'Número', 'Fecha', 'RUC', 'Razón social', 'Glosa del producto', 'Cantidad', 'Precio unitario', 'Total'],
      ['F001', '1', '20/11/2026', '20512333797', 'X', 'Arroz', '2', '18.50', '43.66'],
    ]);
    // The sheet's own amount («Total») is not among them: it is read, to check the invoice's totals.
    expect(only.text.es).toContain(
      'Columnas de la hoja que no se reconocieron: «Glosa del producto» (F). Si una de ellas es la que falta, indíquelo en un archivo de mapeo (--map mapping.json) con el nombre de la columna y el encabezado de la hoja, por ejemplo {"descripcion": "Glosa del producto"}.',
    );
    // Two missing, or two not recognised: the example does not pair them.
    const two = await refusalOf([
      ['Serie', 'Número', 'Día de la venta', 'RUC', 'Razón social', 'Glosa del producto', 'Cantidad', 'Precio unitario'],
      ['F001', '1', '20/11/2026', '20512333797', 'X', 'Arroz', '2', '18.50'],
    ]);
    expect(two.text.es).toContain('no se reconocieron: «Día de la venta» (C), «Glosa del producto» (F).');
    // More than eight not recognised: the first eight named, the rest counted (it said «…» before).
    const wide = await refusalOf([
      ['Serie', 'Número', 'Día de la venta', 'RUC', 'Razón social', ...Array.from({ length: 10 }, (_, i) => `Zona ${i}`), 'Cantidad', 'Precio unitario'],
      ['F001', '1', '20/11/2026', '20512333797', 'X', ...Array.from({ length: 10 }, () => ''), '2', '18.50'],
    ]);
    expect(wide.text.es).toContain('no se reconocieron: «Día de la venta» (C), «Zona 0» (F), ');
    expect(wide.text.es).toContain('«Zona 6» (L) y 3 más. Si una de ellas');
    expect(wide.text.en).toContain('«Zona 6» (L) and 3 more. If one of them');
    expect(two.text.es).toContain('por ejemplo {"fechaEmision": "encabezado tal como está en la hoja"}');
  });

  it('says that a line amount («Importe») is not the unit value the service needs', async () => {
    const err = await refusalOf([
      ['Serie', 'Número', 'Fecha', 'RUC', 'Razón social', 'Descripción', 'Cantidad', 'Importe'],
      ['F001', '1', '27/11/2026', '20512333797', 'X', 'Arroz', '2', '236.00'],
    ]);
    expect(err.text.es).toContain(
      '  - valorVentaUnitario (Valor unitario): la columna «Importe» (H) trae el importe de la línea, no el valor de una unidad; el servicio necesita el valor unitario sin IGV (el importe sin IGV entre la cantidad). Agregue esa columna; se acepta «valorVentaUnitario»',
    );
  });

  it('says once that a «Precio unitario» is read without IGV, unless the sheet’s own totals check it, a mapping chose it, or prices include IGV', async () => {
    const header = ['Serie', 'Número', 'Fecha', 'RUC', 'Razón social', 'Descripción', 'Cantidad'];
    const line = ['F001', '1', '27/11/2026', '20512333797', 'X', 'Arroz', '2', '118'];
    const notes = async (price: string, more: { total?: boolean; importe?: boolean; mapping?: Record<string, string>; pricesWithIgv?: boolean } = {}) => {
      const amount = more.total === true ? 'Total' : more.importe === true ? 'Importe' : undefined;
      const rows = [amount !== undefined ? [...header, price, amount] : [...header, price], amount !== undefined ? [...line, '236.00'] : line];
      const sheet = await readLineRecords(rowsFromArrays(rows), {
        wording: 'command-line',
        ...(more.mapping !== undefined ? { mapping: more.mapping } : {}),
        ...(more.pricesWithIgv === true ? { pricesWithIgv: true } : {}),
      });
      await collect(sheet.records);
      return sheet.notes.filter((n) => n.code === 'UNIT_PRICE_WITHOUT_IGV');
    };
    const [note, ...more] = await notes('Precio unitario');
    expect(more).toEqual([]);
    expect(note).toMatchObject({ severity: 'warning', row: 1, value: 'Precio unitario' });
    expect(note?.message.es).toBe(
      'La columna «Precio unitario» (H) se lee sin IGV: a cada factura se le suma el 18 %. Si esos precios ya incluyen el IGV, ejecute con --tipo-registro PRECIOS_CON_IGV (en el espacio de trabajo web, elija «Valor unitario con IGV» para esa columna); si no, llámela «Valor unitario» y este aviso desaparece.',
    );
    expect(await notes('P.U.')).toHaveLength(1);
    expect(await notes('Valor unitario')).toEqual([]);
    expect(await notes('Precio unitario sin IGV')).toEqual([]);
    expect(await notes('Precio unitario', { total: true })).toEqual([]);
    // «Importe» is written with IGV and without: it fits either reading, so it checks nothing of this.
    expect(await notes('Precio unitario', { importe: true })).toHaveLength(1);
    expect(await notes('Precio unitario', { mapping: { valorVentaUnitario: 'Precio unitario' } })).toEqual([]);
    expect(await notes('Precio unitario', { pricesWithIgv: true })).toEqual([]);
  });

  it('refuses two source columns that map to the same column, naming both', async () => {
    const err = await failure(
      readLineRecords(
        rowsFromArrays([
          [...HEADER, 'RUC cliente'],
          [...LINE, '20512333797'],
        ]),
      ),
    );
    expect(err.code).toBe('INPUT');
    expect(err.text.es).toContain('«receptorNumeroDocumento» (D) y «RUC cliente» (I) corresponden ambas a receptorNumeroDocumento (Documento del cliente)');
  });

  it('reads a register’s «Nº» row counter beside «Serie» and «Número» as a column it ignores, not as a second number', async () => {
    const sheet = await readLineRecords(
      rowsFromArrays([
        ['Nº', 'Fecha Emisión', 'Serie', 'Número', 'RUC', 'Razón Social', 'Descripción', 'Cant.', 'Valor unitario'],
        ['1', '27/11/2026', 'F001', '4001', '20512333797', 'Comercial Andina S.A.C.', 'Galletas', '10', '4.50'],
        ['2', '27/11/2026', 'F001', '4001', '20512333797', 'Comercial Andina S.A.C.', 'Chocolate', '2', '21.00'],
      ]),
    );
    expect(sheet.header.columns.numero).toEqual({ index: 3, header: 'Número', letter: 'D' });
    expect(sheet.header.unknown).toEqual([{ index: 0, header: 'Nº', letter: 'A' }]);
    expect((await allOf(sheet.records)).map((r) => r.values.numero)).toEqual(['4001', '4001']);
    // Two fuller headers for the number are still two columns for one: named, never guessed.
    const err = await failure(
      readLineRecords(
        rowsFromArrays([
          ['Correlativo', 'Fecha Emisión', 'Serie', 'Número', 'RUC', 'Razón Social', 'Descripción', 'Cant.', 'Valor unitario'],
          ['1', '27/11/2026', 'F001', '4001', '20512333797', 'Comercial Andina S.A.C.', 'Galletas', '10', '4.50'],
        ]),
      ),
    );
    expect(err.text.es).toContain('«Correlativo» (A) y «Número» (D) corresponden ambas a numero');
  });

  it('refuses a mapping file whose header text names two source columns', async () => {
    const header = ['DOC_SERIE', 'DOC_NRO', 'FEC_EMI', 'CLI_RUC', 'CLI_RUC', 'Razón social', 'Descripción', 'Cantidad', 'Precio'];
    const mapping = { serie: 'DOC_SERIE', numero: 'DOC_NRO', fechaEmision: 'FEC_EMI', receptorNumeroDocumento: 'CLI_RUC' };
    const err = await failure(
      readLineRecords(rowsFromArrays([header, ['F001', '1', '20/11/2026', '20512333797', '20512333797', 'X', 'Y', '1', '2']]), { mapping }),
    );
    expect(err.text.en).toContain('  - «CLI_RUC» (D) and «CLI_RUC» (E) are headed alike: both would be read as receptorNumeroDocumento (Customer document)');
    // The mapping line that names one of them by its letter.
    expect(err.text.en).toContain('for example {"receptorNumeroDocumento": "CLI_RUC (column D)"}');
  });

  it('says which columns were expected when no row looks like a header', async () => {
    const err = await failure(readLineRecords(rowsFromArrays([['Hola'], ['a', 'b', 'c'], ['1', '2', '3']], { file: 'x.csv' }), { wording: 'command-line' }));
    expect(err.code).toBe('INPUT');
    expect(err.text.es).toBe(
      'No se encontró la fila de encabezados en x.csv: ninguna de sus 3 filas nombra al menos 3 columnas conocidas. Se esperan columnas como serie, numero, fechaEmision, receptorNumeroDocumento, receptorNombreLegal, descripcion, cantidad, valorVentaUnitario (vea «factura-import template»), o un archivo --map que las nombre.',
    );
  });

  it('finds a header under 39 note rows', async () => {
    const notes = Array.from({ length: 39 }, (_, i) => [`Nota ${i + 1}: reporte generado por el sistema`]);
    const sheet = await readLineRecords(rowsFromArrays([...notes, HEADER, LINE]));
    expect(sheet.header.row).toBe(40);
    expect(sheet.notes[0]?.message.es).toMatch(/^Se omitieron las filas 1-39 sobre los encabezados/);
  });

  it(`looks for the header only in the first ${HEADER_SEARCH_ROWS} rows`, async () => {
    const titles = Array.from({ length: HEADER_SEARCH_ROWS }, (_, i) => [`título ${i + 1}`]);
    const err = await failure(readLineRecords(rowsFromArrays([...titles, HEADER, LINE])));
    expect(err.text.en).toContain(`none of the first ${HEADER_SEARCH_ROWS} rows`);
  });

  it('refuses a sheet with a header but no invoice rows, and an empty one', async () => {
    const err = await failure(readLineRecords(rowsFromArrays([HEADER, [], ['', '  ']], { file: 'solo-encabezado.csv' })));
    expect(err.code).toBe('INPUT');
    expect(err.text.en).toBe(
      'solo-encabezado.csv: the sheet has a header (row 1) but no invoice rows. Write the sales below the header, one row per invoice line (the template has two example invoices on its «Ejemplo» sheet).',
    );
    expect(err.text.es).toBe(
      'solo-encabezado.csv tiene fila de encabezados (fila 1) pero ninguna fila de facturas. Escriba las ventas debajo de los encabezados, una fila por cada línea de factura (la plantilla trae dos facturas de ejemplo en su hoja «Ejemplo»).',
    );
    expect((await failure(readLineRecords(rowsFromArrays([], { file: 'vacio.csv' })))).text.es).toBe('vacio.csv está vacío: no tiene ninguna fila.');
  });
});

describe('reading line records', () => {
  it('pulls rows lazily: no more than the header window before the first record is asked for', async () => {
    const rows = [HEADER, ...Array.from({ length: 1000 }, (_, i) => [...LINE.slice(0, 1), String(i + 1), ...LINE.slice(2)])];
    const src = rowsFromArrays(rows);
    const sheet = await readLineRecords(src);
    expect(src.pulled()).toBe(HEADER_SEARCH_ROWS);
    const records = await collect(sheet.records);
    expect(records).toHaveLength(1000);
    expect(records[999]).toMatchObject({ row: 1001, values: { numero: '1000' } });
  });

  it('reads the same records whatever the batches the rows come in', async () => {
    // Title rows, a blank row under the header, lines, a blank row: the header and the first
    // records fall inside one batch or across several.
    const rows = [['Ventas de octubre'], [], HEADER, [], ...Array.from({ length: 300 }, (_, i) => [...LINE.slice(0, 1), String(i + 1), ...LINE.slice(2)]), []];
    const one = await collect((await readLineRecords(rowsFromArrays(rows))).records);
    expect(one).toHaveLength(300);
    for (const batch of [2, 3, 7, 104, 256, 1000]) {
      expect(await collect((await readLineRecords(rowsFromArrays(rows, { batch }))).records)).toEqual(one);
    }
  });

  it('decides the decimal comma from the values and then reads ambiguous ones by it', async () => {
    const rows = [HEADER, [...LINE.slice(0, 6), '1,234', '1.234,50'], [...LINE.slice(0, 6), '2', '12.5']];
    const records = await collect((await readLineRecords(rowsFromArrays(rows))).records);
    expect(records[0]?.values).toMatchObject({ cantidad: '1.234', valorVentaUnitario: '1234.5' });
    expect(records[1]?.problems.map((p) => `${p.code} ${p.row ?? ''} ${p.column ?? ''} ${p.value ?? ''}`)).toEqual([
      'MIXED_DECIMAL_SEPARATOR 3 valorVentaUnitario 12.5',
    ]);
  });

  it('reports an ambiguous number when the convention is unknown, and obeys a forced one', async () => {
    const rows = (): string[][] => [HEADER, [...LINE.slice(0, 6), '1,500', '2']];
    const auto = await collect((await readLineRecords(rowsFromArrays(rows()))).records);
    expect(auto[0]?.problems.map((p) => p.code)).toEqual(['AMBIGUOUS_DECIMAL']);
    expect(auto[0]?.values.cantidad).toBeUndefined();
    const point = await collect((await readLineRecords(rowsFromArrays(rows()), { decimalComma: false })).records);
    expect(point[0]?.values.cantidad).toBe('1500');
    const comma = await collect((await readLineRecords(rowsFromArrays(rows()), { decimalComma: true })).records);
    expect(comma[0]?.values.cantidad).toBe('1.5');
  });

  it('reads the dates month first when the first rows write them so, with a note naming the date that shows it', async () => {
    const at = (numero: string, fecha: string): string[] => [LINE[0] ?? '', numero, fecha, ...LINE.slice(3)];
    const rows = [HEADER, at('1', '11/03/2026'), at('2', '11/13/2026'), at('3', '11/13/2026'), at('4', '11/14/2026 10:30'), at('5', 'Nov 6, 2026')];
    const sheet = await readLineRecords(rowsFromArrays(rows));
    const records = await collect(sheet.records);
    expect(records.map((r) => r.values.fechaEmision)).toEqual(['2026-11-03', '2026-11-13', '2026-11-13', '2026-11-14', '2026-11-06']);
    expect(records.flatMap((r) => r.problems)).toEqual([]);
    expect(sheet.notes.map((n) => `${n.code} ${n.row ?? ''} ${n.column ?? ''} ${n.value ?? ''}`)).toEqual(['DATES_MONTH_FIRST 3 fechaEmision 11/13/2026']);
    expect(sheet.notes[0]?.message.es).toBe(
      'Fila 3: las fechas de «fechaEmision» están escritas con el mes primero (MM/DD/AAAA), como «11/13/2026»; se leen así en todo el archivo. Revise en los resultados que las fechas sean las correctas.',
    );
  });

  it('keeps the dates day first when the first rows show both orders, one month-first date only, or it comes after them', async () => {
    const at = (numero: string, fecha: string): string[] => [LINE[0] ?? '', numero, fecha, ...LINE.slice(3)];
    // One date alone (on both rows of its invoice) may be a day-first date mistyped: the others stay day first.
    const once = await readLineRecords(rowsFromArrays([HEADER, at('1', '03/11/2026'), at('2', '11/13/2026'), at('2', '11/13/2026')]));
    expect(once.notes).toEqual([]);
    expect((await collect(once.records)).map((r) => r.values.fechaEmision)).toEqual(['2026-11-03', undefined, undefined]);
    const mixed = await readLineRecords(rowsFromArrays([HEADER, at('1', '11/13/2026'), at('2', '20/11/2026'), at('3', '03/11/2026')]));
    const read = await collect(mixed.records);
    expect(mixed.notes).toEqual([]);
    expect(read.map((r) => r.values.fechaEmision)).toEqual([undefined, '2026-11-20', '2026-11-03']);
    expect(read[0]?.problems[0]?.message.es).toContain('Si esta columna trae el mes primero (MM/DD/AAAA), sus fechas con día 12 o menos se leyeron al revés');
    // Past the rows read with the header (the file streams), the order is no longer in question.
    const late = [HEADER, ...Array.from({ length: 400 }, (_, i) => at(String(i + 1), '11/03/2026')), at('401', '11/13/2026')];
    const sheet = await readLineRecords(rowsFromArrays(late, { batch: 100 }));
    const records = await collect(sheet.records);
    expect(sheet.notes).toEqual([]);
    expect(records[0]?.values.fechaEmision).toBe('2026-03-11');
    expect(records.at(-1)?.problems.map((p) => p.code)).toEqual(['INVALID_DATE']);
  });

  it('keeps the reader’s row problems and skips blank rows', async () => {
    async function* rows(): AsyncGenerator<SourceRow[]> {
      await Promise.resolve();
      yield [{ row: 1, cells: HEADER.map((t) => ({ kind: 'text', text: t })) }];
      yield [{ row: 2, cells: [null, { kind: 'text', text: ' ' }] }];
      yield [
        {
          row: 3,
          cells: LINE.map((t) => ({ kind: 'text', text: t })),
          problems: [{ severity: 'error', code: 'RAGGED_ROW', row: 3, message: { es: 'x', en: 'x' } }],
        },
      ];
    }
    const sheet = await readLineRecords({ file: 'a.csv', format: 'csv', notes: [], batches: rows() });
    const records = await collect(sheet.records);
    expect(records.map((r) => [r.row, r.problems.map((p) => p.code)])).toEqual([[3, ['RAGGED_ROW']]]);
  });
});

describe('column letters', () => {
  it('counts like a spreadsheet', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnLetter)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});

describe('common Spanish headers of accounting exports', () => {
  it('recognises the headings of the registers offices keep, SUNAT’s own among them', async () => {
    // A review's sheets: each of these headers stopped the run as a missing column.
    const sheet = await readLineRecords(
      rowsFromArrays([
        [
          'Serie',
          'N° comprobante',
          'Fecha Emis.',
          'RUC/DNI Cliente',
          'Apellidos y nombres, denominación o razón social',
          'Descripción del bien o servicio',
          'Unidades',
          'Valor Unit. sin IGV',
        ],
        ['F001', '7', '20/11/2026', '20512333797', 'ACME S.A.C.', 'Arroz', '2', '18.50'],
      ]),
    );
    expect(sheet.header.unknown).toEqual([]);
    const [record] = await allOf(sheet.records);
    expect(record?.values).toMatchObject({
      fechaEmision: '2026-11-20',
      receptorNumeroDocumento: '20512333797',
      receptorNombreLegal: 'ACME S.A.C.',
      descripcion: 'Arroz',
      cantidad: '2',
      valorVentaUnitario: '18.5',
    });
  });

  it('recognises «N° RUC», «Nº», «Fecha documento», «Cantidad vendida» and «Precio unitario sin IGV»', async () => {
    const sheet = await readLineRecords(
      rowsFromArrays([
        ['Serie documento', 'Nº', 'Fecha documento', 'N° RUC', 'Razón social', 'Descripción', 'Cantidad vendida', 'Precio unitario sin IGV'],
        ['F001', '7', '2026-11-20', '20512333797', 'ACME S.A.C.', 'Arroz', '2', '18.50'],
      ]),
    );
    expect(Object.keys(sheet.header.columns).sort()).toEqual(
      (
        [
          'cantidad',
          'descripcion',
          'fechaEmision',
          'numero',
          'receptorNombreLegal',
          'receptorNumeroDocumento',
          'serie',
          'valorVentaUnitario',
        ] satisfies ColumnName[]
      ).sort(),
    );
  });

  it('leaves an «Item» column alone: registers number their lines so, beside the product code', async () => {
    // «Item | Código | Descripción» stopped the run: both headings named the product code.
    const sheet = await readLineRecords(
      rowsFromArrays([
        ['Serie', 'Número', 'Fecha', 'RUC cliente', 'Razón social', 'Item', 'Código', 'Descripción', 'Cantidad', 'Valor unitario'],
        ['F001', '7', '20/11/2026', '20512333797', 'ACME S.A.C.', '1', 'ARR-05', 'Arroz', '2', '18.50'],
        ['F001', '7', '20/11/2026', '20512333797', 'ACME S.A.C.', '2', 'ACE-01', 'Aceite', '1', '7.90'],
      ]),
    );
    expect(sheet.header.unknown.map((c) => c.header)).toEqual(['Item']);
    expect((await allOf(sheet.records)).map((r) => r.values.codigoProducto)).toEqual(['ARR-05', 'ACE-01']);
    // Alone, its line numbers are not sent as product codes.
    const alone = await readLineRecords(
      rowsFromArrays([
        ['Serie', 'Número', 'Fecha', 'RUC cliente', 'Razón social', 'Item', 'Descripción', 'Cantidad', 'Valor unitario'],
        ['F001', '7', '20/11/2026', '20512333797', 'ACME S.A.C.', '1', 'Arroz', '2', '18.50'],
      ]),
    );
    expect((await allOf(alone.records))[0]?.values.codigoProducto).toBeUndefined();
  });
});
