import type { Lang } from './localized-text.js';

const FORMATS: Readonly<Record<Lang, Intl.NumberFormat>> = { es: new Intl.NumberFormat('es-PE'), en: new Intl.NumberFormat('en-US') };

/**
 * A count (of invoices, rows, problems) as a person reads it: thousands marked, «33,226», as the
 * amounts beside it and the web workspace (Peru writes a comma between thousands). Row numbers are
 * not counts: they stay as the spreadsheet shows them («fila 33226»).
 */
export function shownCount(n: number, lang: Lang): string {
  return FORMATS[lang].format(n);
}
