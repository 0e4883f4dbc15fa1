import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FacturaError, validateSheet } from '../../src/index.js';
import type { ImportEvent } from '../../src/index.js';
import { fixWindows1252C1 } from '../../src/sheet/csv-decode-stream.js';
import { repairGarbled } from '../../src/sheet/garbled-text.js';
import { tempDir } from '../helpers/temp-dir.js';

/** What a tool that took UTF-8 for Windows-1252 and saved it again as UTF-8 makes of a text (Windows-1252's own table: € ‚ “ ” – …). */
function garble(text: string): string {
  return fixWindows1252C1(new TextDecoder('windows-1252').decode(Buffer.from(text, 'utf8')));
}

let dir: { path: string; cleanup: () => Promise<void> };
beforeAll(async () => {
  dir = await tempDir('garbled-');
});
afterAll(async () => {
  await dir.cleanup();
});

describe('text garbled by a wrong conversion of character sets', () => {
  it('gives back every Spanish letter and sign it garbled, and leaves ordinary text alone', () => {
    for (const word of [
      'Número',
      'emisión',
      'añejo',
      'PEÑA',
      'ÁRBOL',
      'ÍNDICE',
      'ÓVALO',
      'ÚTIL',
      'É',
      'pingüino',
      '½ kg',
      '¿Qué?',
      'N° 5',
      '€ 10',
      '“Oferta” – 2×1',
    ]) {
      expect(repairGarbled(garble(word))).toBe(word);
    }
    for (const plain of ['São Paulo', 'Café', 'Crème brûlée', 'Nâ€', 'Comercial Andina S.A.C.', 'Ã', 'ÃRBOL']) expect(repairGarbled(plain)).toBeUndefined();
  });

  it('refuses a garbled name or description at its cell, naming the words it was', async () => {
    const path = join(dir.path, 'ventas.csv');
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Lima' });
    await writeFile(
      path,
      garble(
        `Serie,Numero,Fecha,RUC cliente,Cliente,Producto,Cantidad,Valor unitario\nF001,1,${today},20512333797,Comercial Peña S.A.C.,Arroz añejo,2,18.50\nF001,2,${today},20512333797,Comercial Andina S.A.C.,Azúcar rubia,1,7.20\nF001,3,${today},20512333797,Comercial Andina S.A.C.,Fideos,1,3.10\n`,
      ),
    );
    const problems: { row?: number; column?: string; code: string; message: string }[] = [];
    const summary = await validateSheet(path, {
      writeFiles: false,
      onEvent: (e: ImportEvent) => {
        if (e.type === 'problem') problems.push({ ...e.problem, message: e.problem.message.es });
      },
    });
    expect(summary.byStatus.INVALID).toBe(2);
    expect(summary.byStatus.VALID).toBe(1);
    const garbled = problems.filter((p) => p.code === 'GARBLED_TEXT');
    expect(garbled.map((p) => [p.row, p.column])).toEqual([
      [2, 'receptorNombreLegal'],
      [2, 'descripcion'],
      [3, 'descripcion'],
    ]);
    expect(garbled[1]?.message).toContain('«Arroz aÃ±ejo» tiene letras cambiadas: debería decir «Arroz añejo».');
  });

  it('says so when the headers are garbled, beside the columns it could not find', async () => {
    const path = join(dir.path, 'encabezados.csv');
    await writeFile(
      path,
      garble(
        'Serie,Número,Fecha de emisión,RUC cliente,Razón social,Descripción,Cantidad,Valor unitario\nF001,1,2026-11-27,20512333797,Comercial,Arroz,2,18.50\n',
      ),
    );
    const error = await validateSheet(path, { writeFiles: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FacturaError);
    expect((error as FacturaError).text.es).toContain(
      'Los encabezados tienen letras cambiadas («NÃºmero» debería decir «Número»): el archivo pasó por una conversión de caracteres equivocada y sus datos también la tienen.',
    );
  });
});
