/** Peru's civil time is UTC-05:00 all year (no daylight saving). */
const LIMA_OFFSET_MS = -5 * 60 * 60 * 1000;

/** The calendar date in Lima (`YYYY-MM-DD`) at the instant `nowMs` (epoch milliseconds). */
export function limaToday(nowMs: number): string {
  return new Date(nowMs + LIMA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The wall-clock time in Lima (`YYYY-MM-DD HH:mm:ss`) at the instant `epochMs`. */
export function limaDateTime(epochMs: number): string {
  return new Date(epochMs + LIMA_OFFSET_MS).toISOString().replace('T', ' ').slice(0, 19);
}
