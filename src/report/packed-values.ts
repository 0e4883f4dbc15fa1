import type { TableValue } from './render-row-xml.js';

/**
 * Cell values on their way to the results thread, packed so that they are cheap to clone.
 * postMessage's structured clone costs per string: a batch of 256 fix-file rows of 27 cells was
 * 6,912 strings, and posting them as arrays took 3.2 s of the main thread on a 200,000-row
 * all-invalid sheet against 1.3 s without them. So the text values go as one string and their
 * lengths, and the few other values (numbers, dates, booleans, errors) apart.
 */
export interface PackedValues {
  /** The text values, one after the other. */
  readonly text: string;
  /** Every value in order: a text value's length in `text` (≥ 0), NULL_VALUE, or OTHER_VALUE for the next of `others`. */
  readonly cells: Int32Array;
  /** The values that are neither text nor null, in order. */
  readonly others: readonly TableValue[];
}

/**
 * Rows in one pack, one message to the results thread: the run's results rows and the fix file's
 * copied rows alike. A pack holds its text values until it is posted, and on a sheet read slowly
 * (XLSX with inline strings: each cell's text is new) 256 rows outlived two young collections: the
 * main thread promoted 111-113 MB on a 100,000-row sheet with packs of 256, 51 MB with 128, 41 MB
 * with 64 (`--trace-gc-nvp`); 128 keeps most of that without four times the messages.
 */
export const ROWS_PER_PACK = 128;

export const NULL_VALUE = -1;
export const OTHER_VALUE = -2;

/** Collects values into packs. */
export interface ValuePacker {
  add(value: TableValue): void;
  /** Values added since the last take. */
  readonly size: number;
  /** The values so far (and starts a new pack). */
  take(): PackedValues;
}

export function createValuePacker(): ValuePacker {
  // The text values are joined once, at take: a string grown by += is a rope of thousands of
  // pieces, which postMessage then flattens at about twice the cost of a join, after costing
  // twice as much to build (6,912 values: ~0.8 ms to flatten against ~0.45 ms to join).
  let texts: string[] = [];
  let cells: number[] = [];
  let others: TableValue[] = [];
  return {
    add(value) {
      if (typeof value === 'string') {
        texts.push(value);
        cells.push(value.length);
      } else if (value === null) cells.push(NULL_VALUE);
      else {
        others.push(value);
        cells.push(OTHER_VALUE);
      }
    },
    get size() {
      return cells.length;
    },
    take() {
      const packed: PackedValues = { text: texts.join(''), cells: Int32Array.from(cells), others };
      texts = [];
      cells = [];
      others = [];
      return packed;
    },
  };
}

/** Reads a pack's values back in the order they were added. */
export interface PackedReader {
  /** The next value (null past the end). */
  next(): TableValue;
  /** Index of the next value (the number read so far). */
  readonly at: number;
  /** Whether every value has been read. */
  readonly done: boolean;
}

export function readPacked(packed: PackedValues): PackedReader {
  const { text, cells, others } = packed;
  let cell = 0;
  let offset = 0;
  let other = 0;
  return {
    next() {
      const length = cells[cell++] ?? NULL_VALUE;
      if (length >= 0) {
        const value = text.slice(offset, offset + length);
        offset += length;
        return value;
      }
      return length === OTHER_VALUE ? (others[other++] ?? null) : null;
    },
    get at() {
      return cell;
    },
    get done() {
      return cell >= cells.length;
    },
  };
}
