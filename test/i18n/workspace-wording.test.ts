import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalizedText, Wording } from '../../src/index.js';
import { inUserTerms } from '../../src/i18n/in-user-terms.js';
import { REMEDIES } from '../../src/remedies.js';
import type { RemedyName } from '../../src/remedies.js';
import { messagesOf, remedyMessages } from '../helpers/remedy-sheets.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * The library's messages say what to do (a remedy) in their reader's words, chosen where each
 * message is built (remedies.ts): the command line's flags (--encoding, --map…), the workspace's
 * page (save in Excel and upload again, the «Columnas» button), a program's options. Real sheets
 * that draw each of those messages are checked through the library, in each wording: each remedy is
 * in a real message, and a run in the workspace's wording names no flag and no stored path, in its
 * events or in its workbooks.
 */
const HEADER = 'Serie;Número;Fecha;RUC cliente;Razón social;Descripción;Cantidad;Valor unitario';
const LINE = 'F001;1;20/11/2026;20512333797;Compañía Andina S.A.C.;Arroz;10;20';

let dir: { path: string; cleanup: () => Promise<void> };
beforeAll(async () => {
  dir = await tempDir('remedies-');
});
afterAll(async () => dir.cleanup());

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
  it('are each in a real message in each reader’s words, and the workspace’s names no flag, no mapping file and no configuration file', async () => {
    const said = {} as Record<Wording, LocalizedText[]>;
    for (const wording of ['library', 'command-line', 'workspace'] as const) said[wording] = await remedyMessages(dir.path, { writeFiles: false, wording });
    // Merging split invoices past the memory bound takes 10,000 invoices: not drawn here (invoice-grouper's tests).
    const drawn = (Object.keys(REMEDIES) as RemedyName[]).filter((name) => name !== 'mergeSplitGiven');
    for (const name of drawn) {
      for (const wording of ['library', 'command-line', 'workspace'] as const) {
        const remedy = REMEDIES[name][wording];
        expect(
          said[wording].some((m) => m.es.includes(remedy.es)),
          `${name} (${wording}): ${remedy.es}`,
        ).toBe(true);
        expect(
          said[wording].some((m) => m.en.includes(remedy.en)),
          `${name} (${wording}): ${remedy.en}`,
        ).toBe(true);
      }
    }
    const shown = said.workspace.map((m) => inUserTerms(m, { path: dir.path, fileName: 'ventas' }));
    expect(shown.filter((m) => FLAG.test(m.es) || FLAG.test(m.en))).toEqual([]);
    // Nor a mapping file, nor its JSON: the page's user chooses columns on the page.
    expect(shown.filter((m) => /archivo de mapeo|\{"/.test(m.es) || /mapping file|\{"/.test(m.en))).toEqual([]);
    expect(shown.some((m) => m.es.includes('guárdelo en Excel como «CSV UTF-8 (delimitado por comas)» y súbalo de nuevo'))).toBe(true);
    expect(shown.some((m) => m.es.includes('asígnela con el botón «Columnas».'))).toBe(true);
    // The page has no configuration file to change: it offers the cell, and «Recordar».
    expect(shown.filter((m) => m.es.includes('archivo de configuración') || m.en.includes('configuration file'))).toEqual([]);
    expect(shown.some((m) => m.es.includes('«BOLSA» no es un valor válido') && m.es.includes('«Recordar para las próximas hojas»'))).toBe(true);
    // The command line's are its flags and its files, as they always were.
    expect(said['command-line'].some((m) => m.es.includes('indíquelo en un archivo de mapeo (--map mapping.json)'))).toBe(true);
    expect(said['command-line'].some((m) => m.es.includes('Indique cuál leer con --sheet, por ejemplo --sheet "Noviembre".'))).toBe(true);
  });

  it('a run in the workspace’s wording says them so in its events, its results and its fix file, and names the upload as its user does', async () => {
    // Excel's «CSV» on Windows with an unknown column and an ambiguous quantity: three remedies and the file's path.
    const stored = join(dir.path, 'hoja-subida');
    await writeFile(stored, Buffer.from(`${HEADER};Zona de reparto\r\n${LINE.replace(';10;', ';1,500;')};Norte\r\n`, 'latin1'));
    const out = join(dir.path, 'resultados.xlsx');
    const fixOut = join(dir.path, 'corregir.xlsx');
    const cli = await messagesOf([stored], { out, fixAndResendOut: fixOut, wording: 'command-line' });
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
