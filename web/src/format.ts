import { shownAmount } from '../../src/i18n/shown-amount.js';
import { shownCount } from '../../src/i18n/shown-count.js';

/** Numbers and dates as a Peruvian accountant reads them: counts and amounts as the terminal writes them (src/i18n). */
const when = new Intl.DateTimeFormat('es-PE', { dateStyle: 'medium', timeStyle: 'short' });

export const formatCount = (n: number): string => shownCount(n, 'es');
/** An exact decimal string from the server ("134580.46"), its digits kept: never through a float. */
export const formatAmount = (s: string): string => shownAmount(s, 'es');
export const formatDate = (iso: string): string => when.format(new Date(iso));
export const plural = (n: number, one: string, many: string): string => `${formatCount(n)} ${n === 1 ? one : many}`;
