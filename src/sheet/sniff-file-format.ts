/** What the first bytes of an input file say it is. */
export type SniffedFormat = 'zip' | 'text';

const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04]; // "PK\x03\x04"

/** An XLSX workbook is a zip archive; anything else is read as delimited text. */
export function sniffFileFormat(head: Uint8Array): SniffedFormat {
  return ZIP_LOCAL_HEADER.every((byte, i) => head[i] === byte) ? 'zip' : 'text';
}
