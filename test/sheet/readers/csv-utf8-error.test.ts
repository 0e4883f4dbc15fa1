import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FacturaError } from '../../../src/factura-error.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { readAll } from './read-all-rows.js';

const utf8 = (text: string): Buffer => Buffer.from(text, 'utf8');
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

describe('a CSV that claims UTF-8 but is not: the message names the row and byte of the first bad byte', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  beforeAll(async () => {
    dir = await tempDir('factura-utf8-');
  });
  afterAll(async () => {
    await dir.cleanup();
  });

  async function refusal(name: string, bytes: Buffer): Promise<FacturaError> {
    const path = join(dir.path, name);
    await writeFile(path, bytes);
    try {
      await readAll(path, { encoding: 'utf-8', wording: 'command-line' });
    } catch (error) {
      if (error instanceof FacturaError) return error;
      throw error;
    }
    throw new Error(`expected ${path} to be refused`);
  }

  it('names row 3 and the byte offset, counting the BOM', async () => {
    const head = Buffer.concat([BOM, utf8('serie,numero,descripcion\nF001,1,Arroz\nF001,2,Compa')]);
    const error = await refusal('row-3.csv', Buffer.concat([head, Buffer.from([0xf1]), utf8('ía\n')]));
    expect(error.code).toBe('INPUT');
    expect(error.text.es).toBe(
      `El archivo ${join(dir.path, 'row-3.csv')} no es UTF-8 válido: la fila 3 tiene un byte 0xF1 que no es UTF-8 (byte ${head.length} del archivo). Si lo guardó Excel como "CSV", pruebe con --encoding windows-1252.`,
    );
    expect(error.text.en).toContain(`row 3 holds a byte 0xF1 that is not UTF-8 (byte ${head.length} of the file)`);
  });

  it('counts a quoted cell spanning lines as one row, and skips a real U+FFFD typed in a cell', async () => {
    const head = utf8('serie,numero,descripcion\nF001,1,"Arroz\nextra\r\nlargo"\nF001,2,\uFFFD ok\nF001,3,Ca');
    const error = await refusal('multiline.csv', Buffer.concat([head, Buffer.from([0xe9]), utf8('\n')]));
    expect(error.text.es).toContain(`la fila 4 tiene un byte 0xE9 que no es UTF-8 (byte ${head.length} del archivo)`);
  });

  it('finds a bad byte far past the first 64 KiB chunk, and one right after a character split between chunks', async () => {
    const row = 'F001,1,Ñandú con acento y más texto para llenar la fila\n';
    const rows = Array.from({ length: 3000 }, () => row).join('');
    const head = utf8(`serie,numero,descripcion\n${rows}F001,2,x`);
    const error = await refusal('far.csv', Buffer.concat([head, Buffer.from([0xff]), utf8('\n')]));
    expect(error.text.es).toContain(`la fila 3002 tiene un byte 0xFF que no es UTF-8 (byte ${head.length.toLocaleString('es-PE')} del archivo)`);

    // "é" (C3 A9) straddles the 65,536-byte boundary of the file stream's chunks; the bad byte follows it.
    const filler = utf8(`serie,numero,descripcion\nF001,1,${'a'.repeat(65_536 - 41)}\n`);
    const split = Buffer.concat([filler, utf8('F001,2,'), utf8('é'), Buffer.from([0x80])]);
    expect(split.indexOf(utf8('é'))).toBe(65_535);
    const splitError = await refusal('split.csv', split);
    expect(splitError.text.es).toContain(`la fila 3 tiene un byte 0x80 que no es UTF-8 (byte ${(split.length - 1).toLocaleString('es-PE')} del archivo)`);
  });

  it('names a character cut off at the very end of the file', async () => {
    const head = utf8('serie,numero,descripcion\nF001,1,Arroz\nF001,2,Caf');
    const error = await refusal('cut.csv', Buffer.concat([head, Buffer.from([0xc3])]));
    expect(error.text.es).toContain(`la fila 3 tiene un byte 0xC3 que no es UTF-8 (byte ${head.length} del archivo)`);
  });
});
