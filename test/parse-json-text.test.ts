import { describe, expect, it } from 'vitest';
import { parseJsonText } from '../src/parse-json-text.js';

describe('the text of a JSON file a person wrote', () => {
  it('is read with or without a byte-order mark', () => {
    expect(parseJsonText('{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJsonText('\uFEFF{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
  });

  it('says the line and column where it stops being JSON', () => {
    const cases: [string, string][] = [
      ['{\n  "a": 1,\n}', ' en la línea 3, columna 1'],
      ['{"a": 1', ' en la línea 1, columna 8'],
      ['\uFEFF{\n"clave": "x"\n"mail": "y"}', ' en la línea 3, columna 1'],
    ];
    for (const [text, where] of cases) expect(parseJsonText(text)).toMatchObject({ ok: false, where: { es: where } });
  });

  it('never repeats the text it could not read (a credentials file holds passwords)', () => {
    const result = parseJsonText('{"20512333797": {"mail": "a@b.pe", "clave": secreta-123}}');
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).not.toContain('secreta');
  });
});
