/**
 * Writes the exceljs-made and CSV reader fixtures into fixtures/readers/ (committed; tests only
 * read them). Run: npx tsx test/sheet/readers/make-reader-fixtures.ts
 * (It lives under test/ rather than fixtures/ so that the type-checked lint covers it.)
 * The openpyxl and LibreOffice fixtures come from fixtures/readers/make-openpyxl.py and
 * fixtures/readers/make-libreoffice.sh.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../../fixtures/readers');

function exceljsCases(date1904: boolean): ExcelJS.Workbook {
  const wb = new ExcelJS.Workbook();
  wb.properties.date1904 = date1904;
  const hidden = wb.addWorksheet('Oculta', { state: 'hidden' });
  hidden.addRow(['hoja oculta, no leer']);
  const ws = wb.addWorksheet('Ventas');
  ws.addRow(['Ventas de noviembre']);
  ws.addRow(['fecha', 'ruc', 'descripcion', 'precio', 'total', 'pagado', 'nota', 'enlace']);
  ws.addRow([
    new Date(Date.UTC(2024, 10, 5)),
    20123456789,
    { richText: [{ text: 'Caja ' }, { font: { bold: true }, text: 'grande' }, { text: ' x 12' }] },
    0.1 + 0.2,
    { formula: 'D3*2', result: 0.6000000000000001 },
    true,
    { error: '#N/A' },
    { text: 'Factura F001-1', hyperlink: 'https://example.com/f001-1' },
  ]);
  ws.getCell('A3').numFmt = 'dd/mm/yyyy';
  ws.getCell('D3').numFmt = '0.00';
  // row 4 left blank on purpose
  ws.getRow(5).values = [
    new Date(Date.UTC(2024, 10, 30, 13, 45, 10)),
    '00123',
    'Servicio',
    1234.5,
    { formula: 'D5*2' }, // no cached result
    false,
    { error: '#DIV/0!' },
    { formula: 'A5+1', result: new Date(Date.UTC(2024, 11, 1, 13, 45, 10)) },
  ];
  ws.getCell('A5').numFmt = 'yyyy-mm-dd hh:mm:ss';
  ws.getCell('H5').numFmt = 'yyyy-mm-dd hh:mm:ss';
  ws.getRow(6).values = [null, null, ''];
  ws.getCell('A6').numFmt = 'dd/mm/yyyy'; // styled but empty: a blank row
  ws.getRow(7).values = ['=no es fórmula', 0, { formula: '"F"&"002"', result: 'F002' }, { error: '#REF!' }];
  const other = wb.addWorksheet('Resumen');
  other.addRow(['otra hoja']);
  return wb;
}

async function main(): Promise<void> {
  const exceljsDir = join(root, 'exceljs');
  await mkdir(exceljsDir, { recursive: true });
  await exceljsCases(false).xlsx.writeFile(join(exceljsDir, 'cases-1900.xlsx'));
  await exceljsCases(true).xlsx.writeFile(join(exceljsDir, 'cases-1904.xlsx'));

  const onlyHidden = new ExcelJS.Workbook();
  onlyHidden.addWorksheet('Uno', { state: 'hidden' }).addRow(['x']);
  onlyHidden.addWorksheet('Dos', { state: 'veryHidden' }).addRow(['y']);
  await onlyHidden.xlsx.writeFile(join(exceljsDir, 'only-hidden.xlsx'));

  const csvDir = join(root, 'csv');
  await mkdir(csvDir, { recursive: true });
  const write = (name: string, bytes: Buffer | string): Promise<void> => writeFile(join(csvDir, name), bytes);
  const utf8 = 'serie,numero,cliente,total\nF001,1,Panadería Ñuñoa,118.00\nF001,2,"Comercial ""El Sol"", S.A.C.",59.00\n';
  await write('utf8.csv', utf8);
  await write('utf8-bom.csv', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(utf8)]));
  // Excel "CSV (delimitado por comas)" on Spanish Windows: ';', Windows-1252, CRLF, decimal commas.
  // “ ” – € are bytes 0x93 0x94 0x96 0x80 in Windows-1252 (latin1 cannot encode them).
  await write(
    'windows-1252-semicolon.csv',
    Buffer.concat([
      Buffer.from('serie;numero;descripción;precio\r\nF001;1;Café ', 'latin1'),
      Buffer.from([0x93]),
      Buffer.from('premium', 'latin1'),
      Buffer.from([0x94, 0x20, 0x96]),
      Buffer.from(' 1 kg;1.234,56\r\nF001;2;Año ', 'latin1'),
      Buffer.from([0x80]),
      Buffer.from(';0,50\r\n', 'latin1'),
    ]),
  );
  await write('tab.csv', 'serie\tnumero\tdescripcion\nF001\t1\tuno, dos; tres\nF001\t2\tcuatro\n');
  await write('embedded-newlines.csv', 'serie;numero;descripcion\r\nF001;1;"Línea uno\r\nlínea dos; con punto y coma"\r\nF001;2;"otra\nmás"\r\nF001;3;fin\r\n');
  await write('mixed-endings.csv', 'serie,numero\r\nF001,1\nF001,2\r\nF001,3\rF001,4\n');
  await write('blank-rows.csv', 'Ventas de noviembre\n\nserie,numero,total\nF001,1,10\n\n,,\nF001,2,20\n\n');
  await write('ragged.csv', 'serie,numero,total\nF001,1\nF001,2,20,extra\nF001,3,30,\nF001,4,40\n');
  await write('unclosed-quote.csv', 'serie,numero,descripcion\nF001,1,ok\nF001,2,"sin cerrar\nF001,3,otra\n');
  await write('header-only.csv', 'serie,numero,total\r\n');
  await write('empty.csv', '');
  await write('bom-only.csv', Buffer.from([0xef, 0xbb, 0xbf]));
  await write('not-a-zip.xlsx', 'serie,numero\nF001,1\n');
  // A real workbook cut in half, as an interrupted download leaves it.
  const whole = await exceljsCases(false).xlsx.writeBuffer();
  await writeFile(join(exceljsDir, 'truncated.xlsx'), Buffer.from(whole).subarray(0, Math.floor(whole.byteLength / 2)));
  console.log('written to', root);
}

await main();
