/**
 * A moment as the wall clock of `timeZone` shows it, as the Date that exceljs writes with those
 * same digits (spreadsheet dates have no time zone; exceljs writes a Date's UTC fields).
 */
export function wallClock(moment: Date, timeZone: string): Date {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(moment);
  const get = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value ?? '0');
  return new Date(Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'), moment.getUTCMilliseconds()));
}
