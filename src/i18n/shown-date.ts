/**
 * A date as Peru writes it, for a person to read: `2026-11-03` → «03/11/2026», and a date-time
 * `2026-11-03T10:30:00` → «03/11/2026 10:30:00» (midnight left out). Any other text is returned as it is.
 */
export function shownDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}:\d{2}:\d{2}))?$/.exec(iso);
  if (m === null) return iso;
  const [, year, month, day, time] = m;
  const date = `${day}/${month}/${year}`;
  return time === undefined || time === '00:00:00' ? date : `${date} ${time}`;
}
