import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { excelSepLine } from '../../../src/sheet/excel-sep-line.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { readAll, text } from './read-all-rows.js';

let dir: { path: string; cleanup: () => Promise<void> };
beforeAll(async () => {
  dir = await tempDir('sep-line-');
});
afterAll(async () => {
  await dir.cleanup();
});

const HEADER = ['serie', 'numero', 'descripcion', 'valorVentaUnitario'];

describe('a CSV whose first line is Excel’s «sep=» line', () => {
  it('takes the delimiter it declares and reads no row of it: no title skipped, no row with the wrong number of cells', async () => {
    const path = join(dir.path, 'ventas-sep.csv');
    await writeFile(path, `sep=;\r\n${HEADER.join(';')}\r\nF001;1;Arroz;18,50\r\nF001;2;Azúcar;7,20\r\n`);
    const { source, rows } = await readAll(path);
    expect(source.notes).toEqual([]);
    // Rows keep the file's line numbers: the header is on line 2.
    expect(rows.map((r) => [r.row, r.problems ?? []])).toEqual([
      [2, []],
      [3, []],
      [4, []],
    ]);
    expect(rows[1]?.cells).toEqual([text('F001'), text('1'), text('Arroz'), text('18,50')]);
  });

  it('lets the declared delimiter win over what the lines suggest', async () => {
    // Every description holds two semicolons: counting alone would take «;» for the delimiter.
    const path = join(dir.path, 'ventas-comas.csv');
    await writeFile(path, `"sep=,"\n${HEADER.join(',')}\nF001,1,Arroz; bolsa; 5 kg,18.50\nF001,2,Azúcar; bolsa; 1 kg,7.20\n`);
    const { rows } = await readAll(path);
    expect(rows[1]?.cells).toEqual([text('F001'), text('1'), text('Arroz; bolsa; 5 kg'), text('18.50')]);
  });

  it('is only a first line of exactly that form', () => {
    expect(excelSepLine('sep=;\r\nserie;numero')).toBe(';');
    expect(excelSepLine('\uFEFFSEP=\t\nserie')).toBe('\t');
    expect(excelSepLine('"sep=,"\nserie')).toBe(',');
    expect(excelSepLine('serie;numero\nsep=;\n')).toBeUndefined();
    expect(excelSepLine('sep=|\nserie|numero')).toBeUndefined();
    expect(excelSepLine('sep=; y más\nserie')).toBeUndefined();
  });
});
