/**
 * A set of source rows (positive integers) as a growable bitset: one bit per row up to the
 * largest, so a million rows cost 125 KB instead of a Map entry each.
 */
export interface RowSet {
  /** Adds the row; true when it was not there yet. */
  add(row: number): boolean;
  has(row: number): boolean;
  readonly size: number;
  /** The largest row added (0 when none). */
  readonly last: number;
}

export function createRowSet(): RowSet {
  let bits = new Uint8Array(1024);
  let size = 0;
  let last = 0;
  return {
    add(row) {
      if (!Number.isInteger(row) || row < 0) throw new RangeError(`not a row number: ${row}`);
      const byte = row >>> 3;
      if (byte >= bits.length) {
        let length = bits.length;
        while (length <= byte) length *= 2;
        const grown = new Uint8Array(length);
        grown.set(bits);
        bits = grown;
      }
      const mask = 1 << (row & 7);
      if (((bits[byte] ?? 0) & mask) !== 0) return false;
      bits[byte] = (bits[byte] ?? 0) | mask;
      size += 1;
      if (row > last) last = row;
      return true;
    },
    has(row) {
      if (!Number.isInteger(row) || row < 0) return false;
      const byte = row >>> 3;
      return byte < bits.length && ((bits[byte] ?? 0) & (1 << (row & 7))) !== 0;
    },
    get size() {
      return size;
    },
    get last() {
      return last;
    },
  };
}
