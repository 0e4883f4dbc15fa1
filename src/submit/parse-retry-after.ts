/**
 * A `Retry-After` header as milliseconds to wait: either delta-seconds (`120`) or an HTTP date
 * (`Wed, 21 Oct 2026 07:28:00 GMT`, measured from `now`). Undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | readonly string[] | undefined, now: number): number | undefined {
  const text = (Array.isArray(value) ? (value as readonly string[])[0] : (value as string | undefined))?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/[a-z]/i.test(text)) return undefined; // a bare number with a sign or decimals is not a date either
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
