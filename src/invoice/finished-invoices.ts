import type { RowRange } from './grouping-decision.js';

/** The number part of an invoice key when it is canonical digits (invoiceKey strips leading zeros). */
const CANONICAL_NUMBER = /^(?:0|[1-9]\d{0,14})$/;
/** A span (last − first row) kept in the slots; the largest value marks "kept in `other`". */
const MAX_SPAN = 0xfffe;
const ELSEWHERE = 0xffff;
const MAX_FIRST = 0xffffffff;

/**
 * The row ranges of the invoices grouping has finished, by invoice key (grouping-decision.ts's
 * invoiceKey, `SERIE-number`), in little memory: grouping asks it about every row and it keeps
 * every invoice of the file until the end, so a migration of a million invoices must not cost an
 * object per invoice.
 *
 * Each finished invoice gets a slot in two typed arrays (first row, span: 6 bytes). Per series,
 * the numbers map to slots as runs of consecutive numbers (a series mostly comes in ascending
 * numbers: F001-1, F001-2… is one run, whatever its length); a number that comes below the series'
 * last run (the sheet out of order) maps to its slot through a small Map. Anything else (a key
 * without a canonical number part, a span past 65,534 rows, a row past 2^32) is kept as the key and
 * its range. Splitting at the last `-` is exact: the key is rebuilt from its two parts, so equal
 * keys, and only equal keys, meet.
 */
export class FinishedInvoices {
  private readonly bySeries = new Map<string, SeriesNumbers>();
  private readonly other = new Map<string, RowRange>();
  private firsts = new Uint32Array(1024);
  private spans = new Uint16Array(1024);
  private slots = 0;

  get(key: string): RowRange | undefined {
    const parts = split(key);
    if (parts === undefined) return this.other.get(key);
    const slot = this.bySeries.get(parts.series)?.slotOf(parts.number);
    if (slot === undefined) return undefined;
    const span = this.spans[slot] ?? ELSEWHERE;
    if (span === ELSEWHERE) return this.other.get(key);
    const first = this.firsts[slot] ?? 0;
    return { first, last: first + span };
  }

  set(key: string, range: RowRange): void {
    const parts = split(key);
    if (parts === undefined) {
      this.other.set(key, range);
      return;
    }
    let numbers = this.bySeries.get(parts.series);
    if (numbers === undefined) this.bySeries.set(parts.series, (numbers = new SeriesNumbers()));
    let slot = numbers.slotOf(parts.number);
    if (slot === undefined) {
      slot = this.newSlot();
      numbers.add(parts.number, slot);
    }
    const span = range.last - range.first;
    if (Number.isInteger(range.first) && Number.isInteger(span) && range.first >= 0 && range.first <= MAX_FIRST && span >= 0 && span <= MAX_SPAN) {
      this.firsts[slot] = range.first;
      this.spans[slot] = span;
      if (this.other.size > 0) this.other.delete(key);
    } else {
      this.spans[slot] = ELSEWHERE;
      this.other.set(key, range);
    }
  }

  private newSlot(): number {
    if (this.slots === this.firsts.length) {
      const firsts = new Uint32Array(this.slots * 2);
      firsts.set(this.firsts);
      this.firsts = firsts;
      const spans = new Uint16Array(this.slots * 2);
      spans.set(this.spans);
      this.spans = spans;
    }
    return this.slots++;
  }
}

/**
 * One series' numbers → slots: runs of consecutive numbers with consecutive slots, ascending and
 * disjoint (binary search), and the numbers that came out of order.
 */
class SeriesNumbers {
  private readonly starts: number[] = [];
  private readonly lengths: number[] = [];
  private readonly bases: number[] = [];
  private readonly strays = new Map<number, number>();

  slotOf(n: number): number | undefined {
    const { starts } = this;
    let lo = 0;
    let hi = starts.length - 1;
    // The last run first: a sheet in ascending order asks about it (or past it) on every row.
    if (hi >= 0 && n >= (starts[hi] ?? 0)) lo = hi;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if ((starts[mid] ?? 0) <= n) lo = mid;
      else hi = mid - 1;
    }
    const start = starts[lo];
    if (start !== undefined && n >= start && n < start + (this.lengths[lo] ?? 0)) return (this.bases[lo] ?? 0) + (n - start);
    return this.strays.size === 0 ? undefined : this.strays.get(n);
  }

  /** A number not known yet, with its new slot. */
  add(n: number, slot: number): void {
    const last = this.starts.length - 1;
    const start = this.starts[last];
    const length = this.lengths[last] ?? 0;
    if (start !== undefined && n === start + length && slot === (this.bases[last] ?? 0) + length) this.lengths[last] = length + 1;
    else if (start === undefined || n >= start + length) {
      this.starts.push(n);
      this.lengths.push(1);
      this.bases.push(slot);
    } else this.strays.set(n, slot);
  }
}

function split(key: string): { series: string; number: number } | undefined {
  const dash = key.lastIndexOf('-');
  if (dash < 0) return undefined;
  const digits = key.slice(dash + 1);
  return CANONICAL_NUMBER.test(digits) ? { series: key.slice(0, dash), number: Number(digits) } : undefined;
}
