import { describe, expect, it } from 'vitest';
import { localized } from '../../src/i18n/localized-text.js';
import { visibleBidiControls } from '../../src/i18n/visible-bidi-controls.js';

describe('visibleBidiControls', () => {
  it('writes each bidirectional control as its code, so the text after it reads in order', () => {
    expect(visibleBidiControls('cantidad: «dos\u202e» no es un número.')).toBe('cantidad: «dos<U+202E>» no es un número.');
    const every = '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c';
    expect(visibleBidiControls(`«${every}»`)).toBe('«<U+202A><U+202B><U+202C><U+202D><U+202E><U+2066><U+2067><U+2068><U+2069><U+200E><U+200F><U+061C>»');
  });

  it('leaves every other character as it is: accents, right-to-left letters, other invisible ones', () => {
    for (const text of ['Razón social «Ñandú S.A.C.»', 'שלום «مرحبا»', 'a\u200bb\u00a0c', '']) expect(visibleBidiControls(text)).toBe(text);
  });

  it('is applied to every message, in both languages', () => {
    expect(localized('«\u202egpj.xlsx»', '"\u2067x\u2069"')).toEqual({ es: '«<U+202E>gpj.xlsx»', en: '"<U+2067>x<U+2069>"' });
  });
});
