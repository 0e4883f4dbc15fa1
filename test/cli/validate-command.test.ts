import { copyFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/cli-process.js';
import { jsonSummary, runMain } from '../helpers/run-main.js';
import { splitInvoiceCsv } from '../helpers/split-invoice-csv.js';
import { tempDir } from '../helpers/temp-dir.js';
import { writeContasisCsv, writeContasisRegister } from '../helpers/contasis-register.js';
import { salesRow, writeSalesSheet } from '../helpers/write-sales-sheet.js';

let dir: { path: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  dir = await tempDir('validate-');
});
afterEach(async () => dir.cleanup());

async function sheetRows(path: string, name: string): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const ws = wb.getWorksheet(name);
  const rows: unknown[][] = [];
  ws?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('validate (the dry run)', () => {
  it('shows the notes about the sheet with the problems, as the workbook and the web do', async () => {
    // A title row, a totals row and a «Precio unitario» with nothing to check it against: three notes.
    const input = join(dir.path, 'registro.xlsx');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Ventas');
    ws.addRow(['REGISTRO DE VENTAS - NOVIEMBRE']);
    ws.addRow(['Serie', 'Número', 'Fecha', 'RUC cliente', 'Razón social', 'Descripción', 'Cantidad', 'Precio unitario']);
    ws.addRow(['F001', 1, new Date().toLocaleDateString('en-CA', { timeZone: 'America/Lima' }), '20512333797', 'Comercial Andina S.A.C.', 'Arroz', 2, 10]);
    ws.addRow([null, null, null, null, 'TOTAL', null, null, 20]);
    await wb.xlsx.writeFile(input);
    const run = await runMain(['validate', input]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Problemas (3; también en el libro de resultados):');
    expect(run.stdout).toMatch(/! Fila 2: Se omitió la fila 1 sobre los encabezados/);
    expect(run.stdout).toMatch(/! Fila 4, E «Razón social»: parece una fila de totales/);
    expect(run.stdout).toMatch(/! Fila 2: La columna «Precio unitario» \(H\) se lee sin IGV: a cada factura se le suma el 18 %/);
  });

  it('says on its own line that it checks the sheet again when an invoice comes back, and reports no part of it as valid', async () => {
    const input = join(dir.path, 'partida.csv');
    await writeFile(input, splitInvoiceCsv('spanish'));
    const run = await runMain(['validate', input, '--json']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'factura-import: Una factura vuelve a aparecer más abajo, después de otras facturas (desde la fila 5): se revisa la hoja otra vez para que ninguna parte de ella cuente como lista para enviar.\n',
    );
    expect(jsonSummary(run).byStatus).toMatchObject({ VALID: 1, INVALID: 2 });
  });

  it('does not call a sheet whose every invoice names its issuer one without an issuer', async () => {
    const input = join(dir.path, 'firma.xlsx');
    await writeSalesSheet(input, [salesRow(1, { emisorRuc: '20601111111' }), salesRow(2, { emisorRuc: '20602222226' })]);
    const named = jsonSummary(await runMain(['validate', input, '--json', '--quiet']));
    expect(named['notes']).toEqual([
      'Cada factura indica su emisor («RUC emisor»): se revisó todo; la razón social y los demás datos de cada emisor se tomarán de su login al enviar.',
    ]);
    // One invoice without it: the note says the issuer is missing, as before.
    await writeSalesSheet(input, [salesRow(1, { emisorRuc: '20601111111' }), salesRow(2)]);
    expect(jsonSummary(await runMain(['validate', input, '--json', '--quiet']))['notes']).toEqual([
      'Emisor no configurado (--config o --emisor-ruc/--emisor-nombre): se revisó todo lo demás; el emisor se tomará del login al enviar.',
    ]);
  });

  it('says the issuer is known by its RUC when only --emisor-ruc is given, not that it is missing', async () => {
    const input = join(dir.path, 'solo-ruc.xlsx');
    await writeSalesSheet(input, [salesRow(1)]);
    const run = jsonSummary(await runMain(['validate', input, '--json', '--quiet', '--emisor-ruc', '20512333797']));
    expect(run['notes']).toEqual([
      'Emisor: RUC 20512333797, sin razón social (--emisor-nombre o la configuración): se revisó todo; la razón social se tomará del login al enviar.',
    ]);
  });

  it('reads a «Precio unitario con IGV» column as the unit value only with --tipo-registro PRECIOS_CON_IGV, and says so without it', async () => {
    const input = join(dir.path, 'ventas.csv');
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Lima' });
    await writeFile(
      input,
      `Serie,Número,Fecha,RUC cliente,Razón social,Descripción,Cantidad,Precio unitario con IGV\nF001,1,${today},20512333797,Comercial Andina S.A.C.,Arroz,10,21.83\n`,
    );
    const refused = await runMain(['validate', input, '--quiet']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      'la columna «Precio unitario con IGV» (H) trae el precio con IGV. Si sus precios incluyen el IGV, ejecute con --tipo-registro PRECIOS_CON_IGV',
    );
    const run = await runMain(['validate', input, '--json', '--quiet', '--tipo-registro', 'PRECIOS_CON_IGV']);
    expect(run.code, run.stderr).toBe(0);
    expect(jsonSummary(run).byStatus['VALID']).toBe(1);
    // 10 × 21.83 with IGV: 218.30, of which 185.00 without it.
    const [, invoice] = await sheetRows(join(dir.path, 'ventas.resultados.xlsx'), 'Comprobantes');
    expect(invoice?.slice(7, 10)).toEqual([185, 33.3, 218.3]);

    // A mapping file that names that column as the unit value (as one written by hand, or the web
    // workspace's columnas.json) does not make it a price without IGV either.
    const map = join(dir.path, 'columnas.json');
    await writeFile(map, JSON.stringify({ valorVentaUnitario: 'Precio unitario con IGV' }));
    const mapped = await runMain(['validate', input, '--quiet', '--map', map]);
    expect(mapped.code).toBe(2);
    expect(mapped.stderr).toContain(
      'la columna «Precio unitario con IGV» (H) se usaría como valor unitario, que se lee sin IGV: cada factura saldría 18 % más alta. Si los precios de la hoja incluyen el IGV, ejecute con --tipo-registro PRECIOS_CON_IGV',
    );
    const both = await runMain(['validate', input, '--json', '--quiet', '--map', map, '--tipo-registro', 'PRECIOS_CON_IGV']);
    expect(both.code, both.stderr).toBe(0);
    const [, again] = await sheetRows(join(dir.path, 'ventas.resultados.xlsx'), 'Comprobantes');
    expect(again?.slice(7, 10)).toEqual([185, 33.3, 218.3]);

    // A mapping file can say it itself (the web workspace's columnas.json does); a flag may not contradict it.
    await writeFile(map, JSON.stringify({ valorVentaUnitario: 'Precio unitario con IGV', tipoRegistro: 'PRECIOS_CON_IGV' }));
    const said = await runMain(['validate', input, '--json', '--quiet', '--map', map]);
    expect(said.code, said.stderr).toBe(0);
    expect(jsonSummary(said).totals).toEqual([{ moneda: 'PEN', invoices: 1, base: '185.00', igv: '33.30', total: '218.30' }]);
    const contradicted = await runMain(['validate', input, '--quiet', '--map', map, '--tipo-registro', 'PRECIOS_SIN_IGV']);
    expect(contradicted.code).toBe(2);
    expect(contradicted.stderr).toContain(
      '--tipo-registro PRECIOS_SIN_IGV contradice el archivo de mapeo, que indica tipoRegistro PRECIOS_CON_IGV para sus columnas. Quite uno de los dos.',
    );
    await writeFile(map, JSON.stringify({ valorVentaUnitario: 'Precio unitario con IGV', tipoRegistro: 'con IGV' }));
    const unknown = await runMain(['validate', input, '--quiet', '--map', map]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('indica tipoRegistro «con IGV»; se acepta PRECIOS_SIN_IGV o PRECIOS_CON_IGV.');
  });

  it('reads text dates month first with --fechas MM/DD when the first rows do not show it, and day first with --fechas DD/MM', async () => {
    const input = join(dir.path, 'us.csv');
    // Sorted by date: the first rows' dates read either way; only the last one shows the order.
    const line = (numero: number, fecha: string): string => `F001,${numero},${fecha},20512333797,Comercial Andina S.A.C.,Arroz,10,18.50`;
    await writeFile(
      input,
      ['Serie,Número,Fecha,RUC cliente,Razón social,Descripción,Cantidad,Valor unitario', line(1, '11/03/2026'), line(2, '11/13/2026')].join('\n'),
    );
    const guessed = await runMain(['validate', input, '--json', '--quiet', '--out', join(dir.path, 'r0.xlsx')]);
    expect(jsonSummary(guessed).byStatus).toMatchObject({ VALID: 1, INVALID: 1 }); // one month-first date alone leaves the file day first
    expect(guessed.stdout).toContain('o indique --fechas MM/DD');

    const told = await runMain(['validate', input, '--json', '--quiet', '--fechas', 'MM/DD', '--out', join(dir.path, 'r1.xlsx')]);
    expect(told.code, told.stderr).toBe(0);
    expect(jsonSummary(told).byStatus).toMatchObject({ VALID: 2, INVALID: 0 });
    // 11/03/2026 is 3 November: the SUNAT window's warning names its date.
    expect(told.stdout).toContain('La fecha de emisión 03/11/2026');
    expect(told.stdout).not.toContain('11/03/2026');

    const dayFirst = await runMain(['validate', input, '--json', '--quiet', '--fechas', 'DD/MM', '--out', join(dir.path, 'r2.xlsx')]);
    expect(jsonSummary(dayFirst).byStatus).toMatchObject({ VALID: 1, INVALID: 1 });
    const refused = await runMain(['validate', input, '--fechas', 'M/D']);
    expect(refused.code).toBe(2);
  });

  it('says in Spanish why a mapping or config file cannot be read: missing, or a folder', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await copyFile(join(PROJECT_ROOT, 'fixtures/demo/ventas-noviembre.xlsx'), input);
    const missing = join(dir.path, 'columnas.json');
    const noMap = await runMain(['validate', input, '--quiet', '--map', missing]);
    expect(noMap.code).toBe(2);
    expect(noMap.stderr).toContain(`No se pudo leer el archivo de mapeo ${missing}: no existe.`);
    const noConfig = await runMain(['--config', dir.path, 'validate', input, '--quiet']);
    expect(noConfig.code).toBe(2);
    expect(noConfig.stderr).toContain(`No se pudo leer el archivo de configuración ${dir.path}: es una carpeta, no un archivo.`);
    expect(`${noMap.stderr}${noConfig.stderr}`).not.toMatch(/ENOENT|EISDIR/);
  });

  it('finds every demo invoice valid, exits 0 and writes the results workbook beside the input', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await copyFile(join(PROJECT_ROOT, 'fixtures/demo/ventas-noviembre.xlsx'), input);
    const run = await runMain(['validate', input, '--json', '--quiet']);
    expect(run.code).toBe(0);
    const summary = jsonSummary(run);
    expect(summary.invoices).toBe(50);
    expect(summary.byStatus['VALID']).toBe(50);
    expect(await readdir(dir.path)).toEqual(['ventas.resultados.xlsx', 'ventas.xlsx']);
    const invoices = await sheetRows(join(dir.path, 'ventas.resultados.xlsx'), 'Comprobantes');
    expect(invoices).toHaveLength(51);
    expect(invoices.slice(1).every((r) => r[10] === 'VÁLIDO')).toBe(true);
  });

  it("exits 1 and points at the exact row and column of each problem, in the sheet's own words", async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [salesRow(1), salesRow(2, { receptorNumeroDocumento: '20512333798' }), salesRow(3, { valorVentaUnitario: '0' }), salesRow(4)]);
    const run = await runMain(['validate', input, '--json', '--quiet']);
    expect(run.code).toBe(1);
    expect(jsonSummary(run).byStatus).toMatchObject({ VALID: 2, INVALID: 2 });
    const errors = await sheetRows(join(dir.path, 'ventas.resultados.xlsx'), 'Errores');
    const header = errors[0] as string[];
    const at = (name: string): number => header.indexOf(name);
    const found = errors.slice(1).map((r) => ({ row: r[at('Fila')], column: r[at('Columna')], letter: r[at('Letra')], value: r[at('Valor leído')] }));
    expect(found).toContainEqual({ row: 3, column: 'receptorNumeroDocumento', letter: 'N', value: '20512333798' });
    expect(found).toContainEqual(expect.objectContaining({ row: 4, column: 'valorVentaUnitario', letter: 'Y' }));
    const statuses = (await sheetRows(join(dir.path, 'ventas.resultados.xlsx'), 'Comprobantes')).slice(1).map((r) => r[10]);
    expect(statuses).toEqual(['VÁLIDO', 'INVÁLIDO', 'INVÁLIDO', 'VÁLIDO']);
  });

  it('shows the first problems on the terminal, each at its row and column letter', async () => {
    const input = join(dir.path, 'ventas.xlsx');
    await writeSalesSheet(input, [salesRow(1), salesRow(2, { receptorNumeroDocumento: '20512333798' })]);
    const run = await runMain(['validate', input, '--quiet']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('Problema (también en el libro de resultados):');
    expect(run.stdout).toMatch(/✗ Fila 3, N «receptorNumeroDocumento»: El RUC «20512333798» no es válido/);
  });

  // Was a defect: a U+202E (right-to-left override) in a cell reversed the rest of the message quoting
  // it, on the terminal, in the results workbook and on the page: «Cantidad: «dos.oremún nu se on «».
  it('writes a bidirectional control of a cell visibly in its message, which reads in order, and keeps the cell as typed', async () => {
    const input = join(dir.path, 'ventas.csv');
    await writeFile(
      input,
      'serie,numero,fechaEmision,receptorNumeroDocumento,receptorNombreLegal,descripcion,cantidad,valorVentaUnitario\n' +
        'F001,1,2026-01-05,20512333797,Comercial Andina S.A.C.,Arroz,dos\u202e,18.50\n',
    );
    const run = await runMain(['validate', input, '--quiet']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('«dos<U+202E>» no es un número');
    expect(run.stdout).not.toContain('\u202e');
    const errors = await sheetRows(join(dir.path, 'ventas.resultados.xlsx'), 'Errores');
    const header = errors[0] as string[];
    const row = errors.find((r) => r[header.indexOf('Código')] === 'NOT_A_NUMBER');
    expect(row?.[header.indexOf('Mensaje')]).toMatch(/«dos<U\+202E>» no es un número\.$/);
    expect(row?.[header.indexOf('Valor leído')]).toBe('dos\u202e');
    // The file to fix and send again: the cell as typed, its note readable.
    const toFix = await sheetRows(join(dir.path, 'ventas.corregir.xlsx'), 'Corregir');
    expect(toFix[1]?.[6]).toBe('dos\u202e');
    expect(toFix[1]?.[8]).toContain('cantidad: «dos<U+202E>» no es un número.');
  });

  it('gives a CSV the column letters Excel shows over it, on the terminal and in Errores', async () => {
    const input = join(dir.path, 'ventas.csv');
    const { writeFile } = await import('node:fs/promises');
    await writeFile(
      input,
      'Serie,Número,Fecha,RUC cliente,Razón social,Descripción,Cantidad,Precio unitario\n' +
        'F001,1,2026-11-20,20512333797,Comercial Andina S.A.C.,Arroz,2,18.50\n' +
        'F001,2,2026-11-20,20512333798,Comercial Andina S.A.C.,Arroz,2,18.50\n',
    );
    const run = await runMain(['validate', input, '--quiet']);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/✗ Fila 3, D «RUC cliente»: El RUC «20512333798» no es válido/);
    const errors = await sheetRows(join(dir.path, 'ventas.resultados.xlsx'), 'Errores');
    const header = errors[0] as string[];
    const ruc = errors.find((r) => r[header.indexOf('Valor leído')] === '20512333798');
    expect(ruc?.[header.indexOf('Letra')]).toBe('D');
  });

  it('stops before reading rows when required columns are missing, naming all of them, and writes no results (exit 2)', async () => {
    const input = join(dir.path, 'ventas.csv');
    const { writeFile } = await import('node:fs/promises');
    await writeFile(input, 'serie,numero,fechaEmision,descripcion\nF001,1,2026-11-20,Arroz\n');
    const run = await runMain(['validate', input]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('receptorNumeroDocumento');
    expect(run.stderr).toContain('cantidad');
    expect(run.stderr).not.toMatch(/\bat .*\.ts:\d+/);
    expect(await readdir(dir.path)).toEqual(['ventas.csv']);
  });

  it('says so, in English with --lang en, when the file does not exist', async () => {
    const run = await runMain(['validate', join(dir.path, 'nope.xlsx'), '--lang', 'en']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/nope\.xlsx/);
    expect(run.stderr).toMatch(/not|no such|does not exist/i);
  });

  it('reads a legacy export through its mapping file', async () => {
    const run = await runMain([
      'validate',
      join(PROJECT_ROOT, 'fixtures/legacy/export.csv'),
      '--map',
      join(PROJECT_ROOT, 'fixtures/legacy/mapping.json'),
      '--out',
      join(dir.path, 'legacy.resultados.xlsx'),
      '--json',
      '--quiet',
    ]);
    expect(run.code).toBe(0);
    expect(jsonSummary(run).byStatus['VALID']).toBe(30);
  });

  it('reads a register whose header takes two rows without a mapping file, and names the two «Número» it cannot tell apart', async () => {
    // A Contasis register: «Comprobante de Pago» and «Cliente» merged over «Serie», «Número» and «Tipo Doc.», «Número», «Razón Social».
    const register = join(dir.path, 'registro.xlsx');
    await writeContasisRegister(register);
    const run = await runMain(['validate', register]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/VÁLIDO\s+3\n/);
    expect(run.stdout).toContain(
      '! Fila 5: Los encabezados ocupan las filas 4 y 5 y se leen juntos: «Comprobante de Pago» → «Tipo», «Serie», «Número»; «Cliente» → «Tipo Doc.», «Número», «Razón Social». Columnas con el mismo encabezado: «Número» (D, bajo «Comprobante de Pago») → Número; «Número» (F, bajo «Cliente») → Documento del cliente.',
    );
    // The same as a CSV with two header rows, as Excel saves it.
    const csv = join(dir.path, 'registro.csv');
    await writeContasisCsv(csv);
    const fromCsv = await runMain(['validate', csv, '--json', '--quiet']);
    expect(fromCsv.code, fromCsv.stderr).toBe(0);
    expect(jsonSummary(fromCsv).byStatus['VALID']).toBe(3);
    // No title says whose the second «Número» is: refused, naming both, and the mapping file that reads it.
    const untitled = join(dir.path, 'registro-datos.xlsx');
    await writeContasisRegister(untitled, { customerTitle: 'Datos' });
    const refused = await runMain(['validate', untitled]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      '  - «Número» (D, bajo «Comprobante de Pago») y «Número» (F, bajo «Datos») se llaman igual: las dos se leerían como numero (Número)\nIndique cuál es cuál en un archivo de mapeo (--map mapping.json) que nombre cada una por su encabezado y su letra, por ejemplo {"numero": "Número (columna D)", "receptorNumeroDocumento": "Número (columna F)"}',
    );
    const mapping = join(dir.path, 'mapeo.json');
    await writeFile(mapping, JSON.stringify({ numero: 'Número (columna D)', receptorNumeroDocumento: 'Número (columna F)' }));
    const mapped = await runMain(['validate', untitled, '--map', mapping, '--json', '--quiet']);
    expect(mapped.code, mapped.stderr).toBe(0);
    expect(jsonSummary(mapped).byStatus['VALID']).toBe(3);
  });

  it('names two columns of a one-row header headed alike by their letters, with the mapping file that reads the sheet', async () => {
    // «Serie, Número, Tipo Doc., Número»: the second «Número» is the customer's document; nothing on the row says so.
    const input = join(dir.path, 'registro.csv');
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Lima' });
    await writeFile(
      input,
      [
        'Fecha,Serie,Número,Tipo Doc.,Número,Razón Social,Descripción,Cantidad,Valor unitario',
        `${today},F001,1,6,20512333797,Comercial Andina S.A.C.,Arroz,2,10`,
        `${today},F001,2,6,20602988431,Restaurante El Piurano S.A.C.,Azúcar,1,5`,
      ].join('\n'),
    );
    const refused = await runMain(['validate', input]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      '(fila de encabezados 1) hay columnas con el mismo encabezado que no se pueden distinguir:\n  - «Número» (C) y «Número» (E) se llaman igual: las dos se leerían como numero (Número)\nIndique cuál es cuál en un archivo de mapeo (--map mapping.json) que nombre cada una por su encabezado y su letra, por ejemplo {"numero": "Número (columna C)", "receptorNumeroDocumento": "Número (columna E)"}',
    );
    expect(refused.stderr).not.toContain('Faltan columnas obligatorias');
    const mapping = join(dir.path, 'mapeo.json');
    await writeFile(mapping, JSON.stringify({ numero: 'Número (columna C)', receptorNumeroDocumento: 'Número (columna E)' }));
    const mapped = await runMain(['validate', input, '--map', mapping, '--json', '--quiet']);
    expect(mapped.code, mapped.stderr).toBe(0);
    expect(jsonSummary(mapped).byStatus['VALID']).toBe(2);
  });
});
