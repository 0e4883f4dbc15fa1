/** Numbers and dates as a Peruvian accountant reads them. */
const count = new Intl.NumberFormat('es-PE');
const money = new Intl.NumberFormat('es-PE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const when = new Intl.DateTimeFormat('es-PE', { dateStyle: 'medium', timeStyle: 'short' });

export const formatCount = (n: number): string => count.format(n);
/** An exact decimal string ("134580.46") for display; the digits come from the server, never a float sum. */
export const formatAmount = (s: string): string => {
  const n = Number(s);
  return Number.isFinite(n) ? money.format(n) : s;
};
export const formatDate = (iso: string): string => when.format(new Date(iso));
export const plural = (n: number, one: string, many: string): string => `${formatCount(n)} ${n === 1 ? one : many}`;
