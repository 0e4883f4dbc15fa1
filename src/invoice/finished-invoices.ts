import type { RowRange } from './grouping-decision.js';

/** Largest span (last − first row) and first row packed into one small integer. */
const SPAN_SLOTS = 16;
const MAX_PACKED_FIRST = 2 ** 26;
/** The number part of an invoice key when it is canonical digits (invoiceKey strips leading zeros). */
const CANONICAL_NUMBER = /^(?:0|[1-9]\d{0,14})$/;

/**
 * The row ranges of the invoices grouping has finished, by invoice key (grouping-decision.ts's
 * invoiceKey, `SERIE-number`), in little memory: a sheet of a million invoices keeps one entry per
 * invoice until the end. A key whose number part is canonical digits is stored as series → number →
 * one small integer (first row × 16 + span), with no string or object per invoice; anything else
 * (a span of 16 rows or more, a row past 2^26, a key without a number part) as the key and its range.
 * Splitting at the last `-` is exact: the key is rebuilt from its two parts, so equal keys, and only
 * equal keys, meet.
 */
export class FinishedInvoices {
  private readonly bySeries = new Map<string, Map<number, number>>();
  private readonly other = new Map<string, RowRange>();

  get(key: string): RowRange | undefined {
    const parts = split(key);
    if (parts !== undefined) {
      const packed = this.bySeries.get(parts.series)?.get(parts.number);
      if (packed !== undefined) {
        const first = Math.floor(packed / SPAN_SLOTS);
        return { first, last: first + (packed % SPAN_SLOTS) };
      }
    }
    return this.other.get(key);
  }

  set(key: string, range: RowRange): void {
    const parts = split(key);
    const span = range.last - range.first;
    if (parts !== undefined && Number.isInteger(range.first) && range.first >= 0 && range.first < MAX_PACKED_FIRST && span >= 0 && span < SPAN_SLOTS) {
      let numbers = this.bySeries.get(parts.series);
      if (numbers === undefined) this.bySeries.set(parts.series, (numbers = new Map<number, number>()));
      numbers.set(parts.number, range.first * SPAN_SLOTS + span);
      this.other.delete(key);
      return;
    }
    if (parts !== undefined) this.bySeries.get(parts.series)?.delete(parts.number);
    this.other.set(key, range);
  }
}

function split(key: string): { series: string; number: number } | undefined {
  const dash = key.lastIndexOf('-');
  if (dash < 0) return undefined;
  const digits = key.slice(dash + 1);
  return CANONICAL_NUMBER.test(digits) ? { series: key.slice(0, dash), number: Number(digits) } : undefined;
}
