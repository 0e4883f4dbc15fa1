/** One formatter per time zone: making one costs tens of microseconds, and a check names every invoice issued before. */
const FORMATTERS = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as Peru reads it: `2026-11-23T14:05:12Z` → `23/11/2026 09:05:12` (the Lima wall clock
 * the users live in): a run lock's start, and when the journal saw an invoice accepted. A text that
 * is no instant is given as it is.
 */
export function shownInstant(iso: string, timeZone = 'America/Lima'): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  let format = FORMATTERS.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('es-PE', {
      timeZone,
      hourCycle: 'h23',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    FORMATTERS.set(timeZone, format);
  }
  return format.format(new Date(t)).replace(',', '');
}
