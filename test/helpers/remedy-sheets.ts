import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { LocalizedText, ValidateOptions } from '../../src/index.js';
import { FacturaError, validateSheet } from '../../src/index.js';
import { PROJECT_ROOT } from './cli-process.js';
import { writeContasisRegister } from './contasis-register.js';

/**
 * Real sheets that draw each message whose remedy (what to do) depends on whom it speaks to
 * (remedies.ts): each with the options it is read with. Written under `dir`.
 */
const HEADER = 'Serie;Número;Fecha;RUC cliente;Razón social;Descripción;Cantidad;Valor unitario';
const LINE = 'F001;1;20/11/2026;20512333797;Compañía Andina S.A.C.;Arroz;10;20';

export type RemedySheet = readonly [string, ValidateOptions?];

async function workbook(path: string, build: (wb: ExcelJS.Workbook) => void): Promise<string> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  await wb.xlsx.writeFile(path);
  return path;
}

export async function remedySheets(dir: string): Promise<RemedySheet[]> {
  const csv = async (name: string, bytes: string | Buffer): Promise<string> => {
    const path = join(dir, name);
    await writeFile(path, bytes);
    return path;
  };
  const rows = (n: number): string => Array.from({ length: n }, (_, i) => LINE.replace('F001;1;', `F001;${i + 1};`)).join('\r\n');
  const withIgv = `${HEADER.replace('Valor unitario', 'Precio unitario con IGV')}\r\n${LINE}\r\n`;
  const perLine = await Promise.all(
    (['Total', 'Importe'] as const).map((amount) =>
      csv(`${amount}-por-linea.csv`, `${HEADER.replace(';Cantidad;Valor unitario', `;${amount}`)}\r\nF001;1;20/11/2026;20512333797;Andina;Asesoría;236\r\n`),
    ),
  );
  const hiddenRow = await workbook(join(dir, 'oculta.xlsx'), (wb) => {
    const ws = wb.addWorksheet('Ventas');
    ws.addRow(HEADER.split(';'));
    ws.addRow(LINE.split(';'));
    ws.addRow(['', '', '', '', '', 'Aceite', '2', '9']);
    ws.getRow(3).hidden = true;
  });
  const hiddenSheets = await workbook(join(dir, 'hojas-ocultas.xlsx'), (wb) => {
    const ws = wb.addWorksheet('Ventas', { state: 'hidden' });
    ws.addRow(HEADER.split(';'));
    ws.addRow(LINE.split(';'));
  });
  // Two sheets of sales, saved showing the second: which one is meant cannot be told.
  const twoMonths = await workbook(join(dir, 'dos-meses.xlsx'), (wb) => {
    for (const name of ['Octubre', 'Noviembre']) {
      const ws = wb.addWorksheet(name);
      ws.addRow(HEADER.split(';'));
      ws.addRow(LINE.split(';'));
    }
    wb.views = [{ x: 0, y: 0, width: 10000, height: 20000, firstSheet: 0, activeTab: 1, visibility: 'visible' }];
  });
  const register = join(dir, 'registro.xlsx');
  await writeContasisRegister(register);
  const sheets: (string | RemedySheet)[] = [
    // A price with IGV as the only price, alone and mapped as the unit value.
    await csv('con-igv.csv', withIgv),
    [await csv('con-igv-mapeado.csv', withIgv), { mapping: { valorVentaUnitario: 'Precio unitario con IGV' } }],
    // Excel's «CSV» on Windows, an unknown column, and a quantity either convention reads.
    await csv('windows.csv', Buffer.from(`${HEADER};Zona de reparto\r\n${LINE.replace(';10;', ';1,500;')};Norte\r\n`, 'latin1')),
    // UTF-8 for its first 64 KB, then a byte that is not.
    await csv(
      'mixto.csv',
      Buffer.concat([
        Buffer.from(`${HEADER}\r\n${rows(1200)}\r\nF001;1201;20/11/2026;20512333797;Compa`),
        Buffer.from([0xf1]),
        Buffer.from('ia;Arroz;1;1\r\n'),
      ]),
    ),
    // A unit the catalogue does not know: the command line's user adds it to the configuration file, the page's corrects the cell.
    await csv('unidad.csv', `${HEADER};Unidad\r\n${LINE};BOLSA\r\n`),
    await csv('sin-cantidad.csv', `${HEADER.replace(';Cantidad', '')}\r\nF001;1;20/11/2026;20512333797;Andina;Arroz;20\r\n`),
    await csv('dos-cantidades.csv', `${HEADER};Cant.\r\n${LINE};10\r\n`),
    await csv('sin-encabezados.csv', 'Hola;mundo\r\n1;2\r\n'),
    // An invoice whose rows come back after another invoice's.
    await csv('partida.csv', `${HEADER}\r\n${LINE}\r\n${LINE.replace('F001;1;', 'F001;2;')}\r\n${LINE}\r\n`),
    // The sheet's total is the lines' amount with IGV in them, read without; and the other way round.
    await csv('total-con-igv.csv', `${HEADER};Total\r\n${LINE};200\r\n`),
    [await csv('total-sin-igv.csv', `${HEADER};Total\r\n${LINE};236\r\n`), { tipoRegistro: 'PRECIOS_CON_IGV' }],
    // A date only month first reads, in a sheet read day first.
    await csv('fechas.csv', `${HEADER}\r\n${LINE}\r\n${LINE.replace('F001;1;20/11/2026', 'F001;2;11/21/2026')}\r\n`),
    // A mapping naming a header the sheet does not have: a required column, an optional one.
    [await csv('mapeo-ausente.csv', `${HEADER}\r\n${LINE}\r\n`), { mapping: { serie: 'Serie de la factura' } }],
    [await csv('correo-ausente.csv', `${HEADER}\r\n${LINE}\r\n`), { mapping: { receptorCorreo: 'Correo electrónico' } }],
    // A required column missing, and a column nobody recognised that may be it.
    await csv('sin-ruc.csv', `${HEADER.replace('RUC cliente', 'Identificador')}\r\n${LINE}\r\n`),
    // A register of line amounts that may include IGV, without a quantity or a unit value.
    ...perLine,
    // A cover page first, the data on another sheet (real-world fixture 22).
    join(PROJECT_ROOT, 'fixtures/real-world/22-datos-en-otra-hoja.xlsx'),
    // A hidden line of an invoice, left out and read; only hidden sheets, and one asked for by name.
    hiddenRow,
    [hiddenRow, { includeHidden: true }],
    hiddenSheets,
    [hiddenSheets, { sheet: 'Ventas' }],
    twoMonths,
    // A header of two rows (Contasis), and one row heading two columns alike.
    register,
    await csv(
      'numero-dos-veces.csv',
      'Serie;Número;Fecha;Tipo Doc.;Número;Razón social;Descripción;Cantidad;Valor unitario\r\nF001;1;20/11/2026;6;20512333797;X;Arroz;1;2\r\n',
    ),
  ];
  return sheets.map((s) => (typeof s === 'string' ? [s] : s));
}

/** Every message a check of the sheet gives: its problems, or the error that stops it. */
export async function messagesOf([path, options]: RemedySheet, more: ValidateOptions = { writeFiles: false }): Promise<LocalizedText[]> {
  const said: LocalizedText[] = [];
  try {
    await validateSheet(path, { ...options, ...more, onEvent: (e) => (e.type === 'problem' ? said.push(e.problem.message) : undefined) });
  } catch (error) {
    if (!(error instanceof FacturaError)) throw error;
    said.push(error.text);
  }
  return said;
}

/** Every message of every remedy sheet, in one wording. */
export async function remedyMessages(dir: string, more: ValidateOptions = { writeFiles: false }): Promise<LocalizedText[]> {
  return (await Promise.all((await remedySheets(dir)).map((s) => messagesOf(s, more)))).flat();
}
