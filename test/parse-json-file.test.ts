import { describe, expect, it } from 'vitest';
import { localized } from '../src/i18n/localized-text.js';
import { parseJsonFile } from '../src/parse-json-file.js';

const FILE = localized('El archivo de mapeo', 'The mapping file');
const failure = (text: string): unknown => {
  try {
    parseJsonFile(text, 'mapa.json', FILE);
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
};

describe('the text of a JSON file a person wrote', () => {
  it('is read with or without a byte-order mark', () => {
    expect(parseJsonFile('{"a": 1}', 'mapa.json', FILE)).toEqual({ a: 1 });
    expect(parseJsonFile('\uFEFF{"a": 1}', 'mapa.json', FILE)).toEqual({ a: 1 });
  });

  it('names the file and the line and column where it stops being JSON', () => {
    const cases: [string, string][] = [
      ['{\n  "a": 1,\n}', 'en la línea 3, columna 1'],
      ['{"a": 1', 'en la línea 1, columna 8'],
      ['\uFEFF{\n"clave": "x"\n"mail": "y"}', 'en la línea 3, columna 1'],
    ];
    for (const [text, where] of cases) {
      expect(failure(text)).toMatchObject({
        code: 'CONFIG',
        text: { es: `El archivo de mapeo mapa.json no es JSON válido ${where}: revise las comillas, las comas y las llaves cerca de ahí.` },
      });
    }
  });

  it('never repeats the text it could not read (a credentials file holds passwords)', () => {
    const error = failure('{"20512333797": {"mail": "a@b.pe", "clave": secreta-123}}') as { text: { es: string; en: string } };
    expect(error.text.es).toBe('El archivo de mapeo mapa.json no es JSON válido: revise las comillas, las comas y las llaves cerca de ahí.');
    expect(JSON.stringify(error.text)).not.toContain('secreta');
  });
});
