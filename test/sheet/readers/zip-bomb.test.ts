import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FacturaError } from '../../../src/factura-error.js';
import { writeSharedStringsBomb } from '../../reliability/make-bad-corpus.js';
import { writeZip } from '../../reliability/zip-writer.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { readAll } from './read-all-rows.js';

async function failure(path: string): Promise<FacturaError> {
  try {
    await readAll(path);
  } catch (error) {
    if (error instanceof FacturaError) return error;
    throw error;
  }
  throw new Error(`expected ${path} to be refused`);
}

/** Overwrite the uncompressed size that the local header and the central directory declare for `part`. */
async function declareSize(path: string, part: string, bytes: number): Promise<void> {
  const zip = await readFile(path);
  const name = Buffer.from(part);
  let patched = 0;
  for (let at = zip.indexOf(name); at >= 0; at = zip.indexOf(name, at + 1)) {
    if (at >= 30 && zip.readUInt32LE(at - 30) === 0x04034b50) {
      zip.writeUInt32LE(bytes, at - 30 + 22);
      patched++;
    } else if (at >= 46 && zip.readUInt32LE(at - 46) === 0x02014b50) {
      zip.writeUInt32LE(bytes, at - 46 + 24);
      patched++;
    }
  }
  expect(patched).toBe(2);
  await writeFile(path, zip);
}

describe('openRowSource refuses an XLSX built to expand past what a workbook needs (zip bomb)', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  beforeAll(async () => {
    dir = await tempDir('factura-zip-bomb-');
  });
  afterAll(async () => {
    await dir.cleanup();
  });

  it('refuses shared strings declared to expand past 100 MB, before decompressing anything', async () => {
    const path = join(dir.path, 'shared-strings-150mb.xlsx');
    await writeSharedStringsBomb(path, 150 * 1024 * 1024);
    const error = await failure(path);
    expect(error.code).toBe('INPUT');
    expect(error.text.es).toContain(
      `El archivo ${path} no se leyó: su parte xl/sharedStrings.xml (los textos de las celdas) se expandiría a 150 MB, más que el límite de 100 MB.`,
    );
    expect(error.text.es).toContain('guárdelo como CSV');
    expect(error.text.en).toContain('its part xl/sharedStrings.xml (the text of the cells) would expand to 150 MB, more than the limit of 100 MB');
  });

  it('refuses a worksheet that expands a thousand times its compressed size', async () => {
    const path = join(dir.path, 'sheet-ratio.xlsx');
    const row = '<row><c t="inlineStr"><is><t>A</t></is></c></row>';
    const body = row.repeat(Math.floor((1024 * 1024) / row.length));
    await writeZip(path, [
      { name: 'xl/workbook.xml', data: '<workbook><sheets><sheet name="Ventas" sheetId="1" r:id="rId1"/></sheets></workbook>' },
      { name: 'xl/worksheets/sheet1.xml', repeated: { head: '<worksheet><sheetData>', body, times: 20, tail: '</sheetData></worksheet>' } },
    ]);
    const error = await failure(path);
    expect(error.text.es).toMatch(
      new RegExp(
        `^El archivo ${path} no se leyó: su parte xl/worksheets/sheet1\\.xml ocupa [\\d.]+ KB comprimida y se expandiría a 20 MB \\([\\d,]+ veces; un libro real se expande unas 10 veces\\)`,
      ),
    );
  });

  it('stops decompressing shared strings at the size the zip declares for them, when the zip lies', async () => {
    const path = join(dir.path, 'lying-shared-strings.xlsx');
    await writeSharedStringsBomb(path, 256 * 1024 * 1024);
    await declareSize(path, 'xl/sharedStrings.xml', 5000);
    const before = process.memoryUsage().rss;
    const error = await failure(path);
    expect(error.code).toBe('INPUT');
    expect(error.text.es).toContain(
      `El archivo ${path} no se leyó: su parte xl/sharedStrings.xml (los textos de las celdas) se expande a más de los 4.9 KB que declara el índice del archivo.`,
    );
    // 256 MB were there to decompress; refusing after the declared 5,000 bytes keeps memory flat.
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  // exceljs empties every part it does not parse (images, document properties) into a drain, which
  // decompressed all of it: 64 MB here, 4 GB for a part of 4 MB.
  it('stops decompressing a part the reader passes over at the size the zip declares for it, when the zip lies', async () => {
    const path = join(dir.path, 'lying-properties.xlsx');
    const body = '<Property>x</Property>'.repeat(50_000);
    await writeZip(path, [
      { name: 'docProps/custom.xml', repeated: { head: '<Properties>', body, times: 64, tail: '</Properties>' }, declaredSize: 5000 },
      { name: 'xl/workbook.xml', data: '<workbook><sheets><sheet name="Ventas" sheetId="1" r:id="rId1"/></sheets></workbook>' },
      {
        name: 'xl/worksheets/sheet1.xml',
        data: '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>serie</t></is></c></row></sheetData></worksheet>',
      },
    ]);
    const error = await failure(path);
    expect(error.code).toBe('INPUT');
    expect(error.text.es).toContain(
      `El archivo ${path} no se leyó: su parte docProps/custom.xml se expande a más de los 4.9 KB que declara el índice del archivo.`,
    );
  });

  it('refuses a part that the zip hides from its index', async () => {
    const path = join(dir.path, 'hidden-part.xlsx');
    await writeZip(path, [
      { name: 'xl/workbook.xml', data: '<workbook><sheets><sheet name="Ventas" sheetId="1" r:id="rId1"/></sheets></workbook>' },
      { name: 'xl/sharedStrings.xml', data: `<sst>${'<si><t>Arroz</t></si>'.repeat(1000)}</sst>` },
      { name: 'xl/worksheets/sheet1.xml', data: '<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>' },
    ]);
    const zip = await readFile(path);
    // Rename the shared strings in the central directory only: the streamed local entry is unlisted.
    const directoryStart = zip.readUInt32LE(zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06])) + 16);
    zip.write('xl/sharedStrings.xmX', zip.indexOf(Buffer.from('xl/sharedStrings.xml'), directoryStart));
    await writeFile(path, zip);
    const error = await failure(path);
    expect(error.text.es).toContain(
      `El archivo ${path} no se leyó: su parte xl/sharedStrings.xml (los textos de las celdas) no figura en el índice del archivo.`,
    );
  });
});
