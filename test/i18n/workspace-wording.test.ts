import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalizedText, ValidateOptions } from '../../src/index.js';
import { FacturaError, validateSheet } from '../../src/index.js';
import { inUserTerms, WORKSPACE_REMEDIES, WORKSPACE_REMEDY_PATTERNS } from '../../src/i18n/in-user-terms.js';
import { PROJECT_ROOT } from '../helpers/cli-process.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * The library's messages name command-line flags as the way out (--encoding, --map…); in the
 * workspace's wording they say what to do there instead (in-user-terms.ts). Real sheets that draw
 * each of those messages are checked through the library: each phrase the workspace replaces is
 * still written so, and a run in the workspace's wording names no flag and no stored path, in its
 * events or in its workbooks.
 */
const HEADER = 'Serie;Número;Fecha;RUC cliente;Razón social;Descripción;Cantidad;Valor unitario';
const LINE = 'F001;1;20/11/2026;20512333797;Compañía Andina S.A.C.;Arroz;10;20';

let dir: { path: string; cleanup: () => Promise<void> };
beforeAll(async () => {
  dir = await tempDir('remedies-');
});
afterAll(async () => dir.cleanup());

async function workbook(name: string, build: (wb: ExcelJS.Workbook) => void): Promise<string> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  const path = join(dir.path, name);
  await wb.xlsx.writeFile(path);
  return path;
}

/** Every message a check of the sheet gives: its problems, or the error that stops it. */
async function messagesOf([path, options]: readonly [string, ValidateOptions?], more: ValidateOptions = { writeFiles: false }): Promise<LocalizedText[]> {
  const said: LocalizedText[] = [];
  try {
    await validateSheet(path, { ...options, ...more, onEvent: (e) => (e.type === 'problem' ? said.push(e.problem.message) : undefined) });
  } catch (error) {
    if (!(error instanceof FacturaError)) throw error;
    said.push(error.text);
  }
  return said;
}

async function sheets(): Promise<(readonly [string, ValidateOptions?])[]> {
  const csv = async (name: string, bytes: string | Buffer): Promise<string> => {
    const path = join(dir.path, name);
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
  const sheets: (string | readonly [string, ValidateOptions])[] = [
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
    // A hidden line of an invoice, and only hidden sheets.
    await workbook('oculta.xlsx', (wb) => {
      const ws = wb.addWorksheet('Ventas');
      ws.addRow(HEADER.split(';'));
      ws.addRow(LINE.split(';'));
      ws.addRow(['', '', '', '', '', 'Aceite', '2', '9']);
      ws.getRow(3).hidden = true;
    }),
    await workbook('hojas-ocultas.xlsx', (wb) => {
      const ws = wb.addWorksheet('Ventas', { state: 'hidden' });
      ws.addRow(HEADER.split(';'));
      ws.addRow(LINE.split(';'));
    }),
  ];
  return sheets.map((s) => (typeof s === 'string' ? [s] : s));
}

/** Every text cell of a workbook, sheet by sheet. */
async function workbookTexts(path: string): Promise<string[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const texts: string[] = [];
  for (const sheet of book.worksheets) sheet.eachRow((row) => row.eachCell((cell) => (typeof cell.value === 'string' ? texts.push(cell.value) : undefined)));
  return texts;
}

const FLAG = / --[a-z]/;

describe('the command-line remedies in the workspace', () => {
  it('are each still in a real message, and none is left once the page has put it in its own terms', async () => {
    const said = (await Promise.all((await sheets()).map((s) => messagesOf(s)))).flat();
    for (const [cli] of WORKSPACE_REMEDIES) {
      expect(
        said.some((m) => m.es.includes(cli.es)),
        cli.es,
      ).toBe(true);
      expect(
        said.some((m) => m.en.includes(cli.en)),
        cli.en,
      ).toBe(true);
    }
    for (const [cli] of WORKSPACE_REMEDY_PATTERNS) {
      expect(
        said.some((m) => cli.es.test(m.es)),
        String(cli.es),
      ).toBe(true);
      expect(
        said.some((m) => cli.en.test(m.en)),
        String(cli.en),
      ).toBe(true);
    }
    const shown = said.map((m) => inUserTerms(m, { wording: 'workspace', path: dir.path, fileName: 'ventas' }));
    expect(shown.filter((m) => FLAG.test(m.es) || FLAG.test(m.en))).toEqual([]);
    // Nor a mapping file, nor its JSON: the page's user chooses columns on the page.
    expect(shown.filter((m) => /archivo de mapeo|\{"/.test(m.es) || /mapping file|\{"/.test(m.en))).toEqual([]);
    expect(shown.some((m) => m.es.includes('guárdelo en Excel como «CSV UTF-8 (delimitado por comas)» y súbalo de nuevo'))).toBe(true);
    // The page has no configuration file to change: it offers the cell, and «Recordar».
    expect(shown.filter((m) => m.es.includes('archivo de configuración') || m.en.includes('configuration file'))).toEqual([]);
    expect(shown.some((m) => m.es.includes('«BOLSA» no es un valor válido') && m.es.includes('«Recordar para las próximas hojas»'))).toBe(true);
  });

  it('a run in the workspace’s wording says them so in its events, its results and its fix file, and names the upload as its user does', async () => {
    // Excel's «CSV» on Windows with an unknown column and an ambiguous quantity: three remedies and the file's path.
    const stored = join(dir.path, 'hoja-subida');
    await writeFile(stored, Buffer.from(`${HEADER};Zona de reparto\r\n${LINE.replace(';10;', ';1,500;')};Norte\r\n`, 'latin1'));
    const out = join(dir.path, 'resultados.xlsx');
    const fixOut = join(dir.path, 'corregir.xlsx');
    const cli = await messagesOf([stored], { out, fixAndResendOut: fixOut });
    expect(cli.some((m) => FLAG.test(m.es) && m.es.includes(stored))).toBe(true);
    expect((await workbookTexts(out)).some((t) => t.includes('--map mapping.json'))).toBe(true);
    expect(await workbookTexts(out)).toEqual(expect.arrayContaining(['Comando', 'Diario']));

    const said = await messagesOf([stored], { out, fixAndResendOut: fixOut, wording: 'workspace', fileName: 'ventas de noviembre.csv' });
    expect(said).toHaveLength(cli.length);
    expect(said.filter((m) => FLAG.test(m.es) || FLAG.test(m.en) || m.es.includes(stored))).toEqual([]);
    expect(said.some((m) => m.es.includes('El archivo «ventas de noviembre.csv» no está en UTF-8'))).toBe(true);
    expect(said.some((m) => m.es.includes('asígnela con el botón «Columnas»'))).toBe(true);
    for (const path of [out, fixOut]) {
      const texts = await workbookTexts(path);
      expect(
        texts.filter((t) => FLAG.test(t) || t.includes(dir.path)),
        path,
      ).toEqual([]);
    }
    const results = await workbookTexts(out);
    expect(results).toContain('ventas de noviembre.csv');
    // The command and the journal's file are the command line's: not in the workspace's Resumen.
    expect(results).not.toContain('Comando');
    expect(results).not.toContain('Diario');
    expect(results.some((t) => t.includes('Escriba el número sin separador de miles.'))).toBe(true);
  });
});
