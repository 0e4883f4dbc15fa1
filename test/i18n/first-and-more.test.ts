import { describe, expect, it } from 'vitest';
import { firstAndMore } from '../../src/i18n/first-and-more.js';
import { localized } from '../../src/i18n/localized-text.js';

describe('firstAndMore', () => {
  it('names every item of a short list, in both languages', () => {
    expect(firstAndMore(['«a»', '«b»'], 20)).toEqual({ es: '«a», «b»', en: '«a», «b»' });
    expect(firstAndMore(['«a»', '«b»'], 2)).toEqual({ es: '«a», «b»', en: '«a», «b»' });
    expect(firstAndMore([], 3)).toEqual({ es: '', en: '' });
  });

  it('names the first ones of a long list and counts the rest, thousands marked', () => {
    const items = Array.from({ length: 2_003 }, (_, i) => `c${i}`);
    expect(firstAndMore(items, 3)).toEqual({ es: 'c0, c1, c2 y 2,000 más', en: 'c0, c1, c2 and 2,000 more' });
  });

  it('says what the rest are when told, in the language that has a word for it', () => {
    expect(firstAndMore(['a', 'b', 'c'], 1, localized('nombres', ''))).toEqual({ es: 'a y 2 nombres más', en: 'a and 2 more' });
  });
});
