import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FacturaError } from '../../../src/factura-error.js';
import type { OpenRowSourceOptions } from '../../../src/sheet/open-row-source.js';
import { PROJECT_ROOT } from '../../helpers/cli-process.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { writeZip } from '../../reliability/zip-writer.js';
import { fixture, readAll } from './read-all-rows.js';

async function failure(path: string, options?: OpenRowSourceOptions): Promise<FacturaError> {
  try {
    await readAll(path, options);
  } catch (error) {
    if (error instanceof FacturaError) return error;
    throw error;
  }
  throw new Error(`expected ${path} to be refused`);
}

/** An .ods of one sheet, «Ventas», with `rows` rows of one cell, and no manifest (as some producers write it). */
async function writeOds(path: string, rows: number): Promise<void> {
  const row = '<table:table-row><table:table-cell office:value-type="string"><text:p>Arroz</text:p></table:table-cell></table:table-row>';
  await writeZip(path, [
    { name: 'mimetype', data: 'application/vnd.oasis.opendocument.spreadsheet' },
    {
      name: 'content.xml',
      data: `<office:document-content><office:body><office:spreadsheet><table:table table:name="Ventas">${row.repeat(rows)}</table:table></office:spreadsheet></office:body></office:document-content>`,
    },
  ]);
}

describe('openRowSource refuses files it cannot read, naming the file', () => {
  let empty: { path: string };
  beforeAll(async () => {
    empty = { path: await mkdtemp(join(tmpdir(), 'factura-readers-')) };
  });
  afterAll(async () => {
    await rm(empty.path, { recursive: true, force: true });
  });

  it('a file that does not exist', async () => {
    const error = await failure('/no/such/ventas.csv');
    expect(error.code).toBe('INPUT');
    expect(error.text.es).toBe('No se encontró el archivo /no/such/ventas.csv.');
  });

  it('a folder', async () => {
    const error = await failure(empty.path);
    expect(error.text.es).toContain(`${empty.path} es una carpeta, no un archivo`);
  });

  it('an empty file and a file holding only a BOM', async () => {
    for (const name of ['csv/empty.csv', 'csv/bom-only.csv']) {
      const error = await failure(fixture(name));
      expect(error.text.es).toBe(`El archivo ${fixture(name)} está vacío: no tiene ninguna fila.`);
    }
  });

  it('a CSV with an unclosed quote, naming the row where the quote started', async () => {
    const error = await failure(fixture('csv/unclosed-quote.csv'));
    expect(error.code).toBe('INPUT');
    expect(error.text.es).toContain(`El archivo ${fixture('csv/unclosed-quote.csv')} tiene una comilla (") sin cerrar que empieza en la fila 3`);
    expect(error.text.en).toContain('unclosed quote (") starting at row 3');
  });

  it('a .xlsx that is neither a zip nor text: a broken file', async () => {
    const error = await failure(join(PROJECT_ROOT, 'fixtures/bad/junk.xlsx'));
    expect(error.text.es).toContain('se llama .xlsx pero no es un libro de Excel (no es un archivo zip)');
  });

  // An accountant's walk: a CSV named .xlsx was refused, telling to «export it as CSV», which it was.
  it('reads a CSV named .xlsx as the CSV it is, saying so', async () => {
    const { source, rows } = await readAll(fixture('csv/not-a-zip.xlsx'));
    expect(source.format).toBe('csv');
    expect(rows.map((r) => r.cells.map((c) => (c?.kind === 'text' ? c.text : c)))).toEqual([
      ['serie', 'numero'],
      ['F001', '1'],
    ]);
    expect(source.notes.map((n) => [n.code, n.message.es])).toEqual([
      [
        'TEXT_NAMED_XLSX',
        `El archivo ${fixture('csv/not-a-zip.xlsx')} se llama .xlsx pero es un texto separado por comas o punto y coma (CSV), no un libro de Excel: se lee como CSV.`,
      ],
    ]);
  });

  it('an Excel binary workbook (.xlsb), named as what it is', async () => {
    const dir = await tempDir('factura-xlsb-');
    try {
      const path = join(dir.path, 'ventas.xlsb');
      await writeZip(path, [
        { name: '[Content_Types].xml', data: '<Types/>' },
        { name: 'xl/workbook.bin', data: 'binario' },
        { name: 'xl/worksheets/sheet1.bin', data: 'binario' },
      ]);
      const error = await failure(path);
      expect(error.text.es).toBe(
        `El archivo ${path} es un «Libro binario de Excel» (.xlsb), que no se puede leer. Ábralo en Excel y guárdelo como «Libro de Excel (.xlsx)», o expórtelo como CSV.`,
      );
    } finally {
      await dir.cleanup();
    }
  });

  it('a truncated zip, as an interrupted download leaves it', async () => {
    const error = await failure(fixture('exceljs/truncated.xlsx'));
    expect(error.text.es).toContain(`El archivo ${fixture('exceljs/truncated.xlsx')}`);
    expect(error.text.es).toContain('está incompleto');
  });

  it('an .ods whose zip declares its cells smaller than they are, before SheetJS inflates them', async () => {
    const dir = await tempDir('factura-lying-ods-');
    try {
      const path = join(dir.path, 'ventas.ods');
      await writeOds(path, 2000);
      const zip = await readFile(path);
      // Declare 5,000 bytes for content.xml, in its local header and in the central directory.
      const name = Buffer.from('content.xml');
      for (let at = zip.indexOf(name); at >= 0; at = zip.indexOf(name, at + 1)) {
        if (zip.readUInt32LE(at - 30) === 0x04034b50) zip.writeUInt32LE(5000, at - 30 + 22);
        else if (zip.readUInt32LE(at - 46) === 0x02014b50) zip.writeUInt32LE(5000, at - 46 + 24);
      }
      await writeFile(path, zip);
      const error = await failure(path);
      expect(error.code).toBe('INPUT');
      // In Spanish, as an XLSX's lying directory is refused: it said yauzl's «too many bytes in the stream».
      expect(error.text.es).toContain(
        `El archivo ${path} no se leyó: su parte content.xml se expande a más de los 4.9 KB que declara el índice del archivo. Un archivo así está dañado`,
      );
      expect(error.text.es).not.toMatch(/too many bytes/);
      expect(error.text.en).toContain(`The file ${path} was not read: its part content.xml expands to more than the 4.9 KB the file's index declares.`);
    } finally {
      await dir.cleanup();
    }
  });

  // Some producers leave out the manifest: SheetJS's «Unsupported ZIP file» reached the user inside the Spanish words.
  it("an .ods without its manifest, said in Spanish words (SheetJS's English only in the English text)", async () => {
    const dir = await tempDir('factura-ods-no-manifest-');
    try {
      const path = join(dir.path, 'ventas.ods');
      await writeOds(path, 1);
      const error = await failure(path);
      expect(error.code).toBe('INPUT');
      expect(error.text.es).toBe(
        `El archivo ${path} parece una hoja de LibreOffice (.ods), pero no se pudo leer: es un archivo comprimido (zip) al que le falta la lista de sus partes (META-INF/manifest.xml) que LibreOffice siempre escribe: sin ella no se sabe qué contiene. Ábralo en LibreOffice y guárdelo como "Excel 2007-365 (.xlsx)", o expórtelo como CSV.`,
      );
      expect(error.text.en).toContain('(Unsupported ZIP file)');
    } finally {
      await dir.cleanup();
    }
  });

  it('a workbook whose sheets are all hidden', async () => {
    const error = await failure(fixture('exceljs/only-hidden.xlsx'), { wording: 'command-line' });
    expect(error.text.es).toBe(
      `El archivo ${fixture('exceljs/only-hidden.xlsx')} solo tiene hojas ocultas ("Uno", "Dos"). Muestre la hoja con las ventas o elíjala con --sheet.`,
    );
  });

  it('a sheet option naming a sheet that does not exist, listing the sheets there are', async () => {
    const error = await failure(fixture('libreoffice/cases-1900.xlsx'), { sheet: 'Diciembre' });
    expect(error.text.es).toBe(
      `El archivo ${fixture('libreoffice/cases-1900.xlsx')} no tiene una hoja llamada "Diciembre". Sus hojas son: "Notas", "Ventas", "Resumen".`,
    );
  });

  it('leaves no file handle open after a CSV fails halfway, nor after complete XLSX reads', async () => {
    await failure(fixture('csv/unclosed-quote.csv'));
    await readAll(fixture('exceljs/cases-1900.xlsx'));
    const before = (await readdir('/proc/self/fd')).length;
    for (let i = 0; i < 5; i++) await failure(fixture('csv/unclosed-quote.csv'));
    for (let i = 0; i < 3; i++) await readAll(fixture('exceljs/cases-1900.xlsx'));
    for (let i = 0; i < 3; i++) await readAll(fixture('libreoffice/cases-1900.xlsx'), { sheet: 'Ventas' });
    // Our own handles are closed when a read returns. exceljs keeps a temporary file for a workbook saved in
    // LibreOffice's order, and its `tmp` library closes that one in a background cleanup nothing can await:
    // wait for it to go (bounded), rather than count it as a leak or loosen the count.
    await vi.waitFor(async () => expect((await readdir('/proc/self/fd')).length).toBeLessThanOrEqual(before), { timeout: 5000, interval: 50 });
  });
});
