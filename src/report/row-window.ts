import type { RowSource, SourceRow } from '../sheet/source-row.js';

/**
 * The source rows read and not yet accounted for, so that rows can be copied as their invoice's
 * outcome arrives, without a second pass over the input. Rows are held in reading order and let go
 * from the oldest: a row is released once its fate is known (settled by an outcome, with or
 * without something to say on it), and passed to `release` when it is to be copied.
 *
 * `ordered`: outcomes come in the sheet's order and each one's rows come after every earlier
 * one's (grouping's default mode: an invoice is a run of consecutive rows). Then an outcome also
 * settles every row before its last one that no outcome claimed (blank rows, a totals row, hidden
 * rows left out), and the window holds only the rows of the outcomes still to come: the invoice
 * being grouped, and those in flight in the pipeline (validation, sending at concurrency c, put back
 * in order). Not ordered (`--merge-split`: invoices come at the end of the sheet, their rows far
 * apart): a row unclaimed waits for the end, as grouping itself keeps every invoice until then.
 */
export interface RowWindow {
  /** The source with every row it yields held in the window. */
  tap(source: RowSource): RowSource;
  /** Lets go of the rows above `row` and hands over that row (the header), or undefined if not held. */
  takeRow(row: number): SourceRow | undefined;
  /** The fate of some rows: the ones in `copy` are copied, with their notes (if any). */
  settle(rows: readonly number[], copy: ReadonlyMap<number, string | undefined> | undefined): Promise<void>;
  /** The source is done: rows still held are settled (copied if they have notes, else dropped). */
  finish(): Promise<void>;
  /** The most rows ever held at once (for tests and measurements). */
  readonly peakHeld: number;
}

export interface RowWindowOptions {
  readonly ordered: boolean;
  /** A released row to copy, with its notes, in ascending row order; a promise when the next must wait. */
  readonly release: (row: SourceRow, notes: string | undefined) => Promise<void> | undefined;
}

/** Past this many released slots at the front, the queue is compacted. */
const COMPACT_AFTER = 4096;

export function createRowWindow(options: RowWindowOptions): RowWindow {
  /** Rows in reading order; a slot before `head` is emptied as its row is let go. */
  let queue: (SourceRow | undefined)[] = [];
  let head = 0;
  let peak = 0;
  /** Rows settled and not yet let go; `null`: nothing to copy. */
  const fates = new Map<number, { readonly notes: string | undefined } | null>();
  /** Ordered: every row up to here is settled. */
  let frontier = 0;
  /** The last row let go: a fate for a row at or before it comes too late. */
  let released = 0;

  const advance = (): void => {
    // Emptied now, not at the next compaction: a released row still in the queue stayed alive
    // for up to COMPACT_AFTER rows more, long enough for V8 to promote every row of the sheet to
    // the old generation (200,000 CSV rows: main thread's young collections 1.8 s → 0.9 s, full
    // collections 25 → 5).
    queue[head] = undefined;
    head += 1;
    if (head >= COMPACT_AFTER && head * 2 >= queue.length) {
      queue = queue.slice(head);
      head = 0;
    }
  };

  const drain = async (all: boolean): Promise<void> => {
    while (head < queue.length) {
      const row = queue[head] as SourceRow;
      const fate = fates.get(row.row);
      if (fate === undefined && !all && !(options.ordered && row.row <= frontier)) return;
      fates.delete(row.row);
      released = row.row;
      advance();
      if (fate === undefined || fate === null) continue;
      const copying = options.release(row, fate.notes);
      if (copying !== undefined) await copying;
    }
  };

  return {
    tap(source) {
      async function* batches(): AsyncIterable<readonly SourceRow[]> {
        for await (const batch of source.batches) {
          for (const r of batch) queue.push(r);
          if (queue.length - head > peak) peak = queue.length - head;
          yield batch;
        }
      }
      return { ...source, batches: batches() };
    },

    takeRow(row) {
      let found: SourceRow | undefined;
      while (head < queue.length && (queue[head] as SourceRow).row <= row) {
        const r = queue[head] as SourceRow;
        if (r.row === row) found = r;
        released = r.row;
        advance();
      }
      return found;
    },

    async settle(rows, copy) {
      let last = 0;
      for (const r of rows) {
        if (r > last) last = r;
        if (r <= released) {
          // Grouping yielded this row after a later one was let go: it would be missing from the copy.
          throw new Error(`row ${r} settled after row ${released} was released`);
        }
        const copied = copy?.has(r) === true;
        // Ordered, a row with nothing to copy needs no entry: the frontier settles it.
        if (copied) fates.set(r, { notes: copy?.get(r) });
        else if (!options.ordered) fates.set(r, null);
      }
      if (options.ordered && last > frontier) frontier = last;
      await drain(false);
    },

    finish: () => drain(true),

    get peakHeld() {
      return peak;
    },
  };
}
