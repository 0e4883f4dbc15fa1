import type { LocalizedText } from './localized-text.js';
import { localized } from './localized-text.js';
import { shownCount } from './shown-count.js';

/**
 * A list said in a message: its first `shown` items, joined by commas, and how many more there are
 * (««Cliente» (A), «Zona» (B) y 1,998 más»; with `what`, «y 3 nombres más»). A list of a hostile size (a
 * header of 200,000 columns, a mapping naming thousands) then stays a line, not megabytes of text in
 * the terminal, the results workbook and the page.
 */
export function firstAndMore(items: readonly string[], shown: number, what?: LocalizedText): LocalizedText {
  const list = items.slice(0, shown).join(', ');
  const more = items.length - Math.min(items.length, shown);
  if (more === 0) return localized(list, list);
  const noun = (text: string | undefined): string => (text === undefined || text === '' ? '' : ` ${text}`);
  return localized(`${list} y ${shownCount(more, 'es')}${noun(what?.es)} más`, `${list} and ${shownCount(more, 'en')}${noun(what?.en)} more`);
}
