/**
 * The text encodings a sales text file comes in: UTF-8 (with or without BOM), Excel's
 * Windows-1252 "CSV", or Excel's "Texto Unicode" (UTF-16, little-endian, tab-separated).
 */
export type CsvEncoding = 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';

export interface DetectedEncoding {
  readonly encoding: CsvEncoding;
  readonly bom: boolean;
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];

function hasUtf8Bom(head: Uint8Array): boolean {
  return UTF8_BOM.every((byte, i) => head[i] === byte);
}

/** A byte-order mark alone: the file is empty. */
export function isOnlyBom(head: Uint8Array): boolean {
  return (hasUtf8Bom(head) && head.length === 3) || (head.length === 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)));
}

/**
 * UTF-16 without a BOM: text in Latin letters has a zero byte in every other position (odd ones
 * for little-endian). Decided on the first 512 bytes: at least 90% of one parity zero, and almost
 * none of the other.
 */
function utf16WithoutBom(head: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  const n = Math.min(head.length, 512) & ~1;
  if (n < 4) return undefined;
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i < n; i += 2) {
    if (head[i] === 0) evenZero++;
    if (head[i + 1] === 0) oddZero++;
  }
  const pairs = n / 2;
  if (oddZero >= pairs * 0.9 && evenZero <= pairs * 0.05) return 'utf-16le';
  if (evenZero >= pairs * 0.9 && oddZero <= pairs * 0.05) return 'utf-16be';
  return undefined;
}

/**
 * Decide the encoding from the first bytes of the file: a UTF-16 BOM (FF FE / FE FF) or the zero
 * bytes of UTF-16 without one mean UTF-16 (Excel's "Texto Unicode"); a UTF-8 BOM, or bytes that
 * decode as strict UTF-8, mean UTF-8; anything else is taken as Windows-1252 (Excel's "CSV" on
 * Spanish Windows). A multi-byte sequence cut at the end of `head` is not counted against UTF-8.
 */
export function detectEncoding(head: Uint8Array): DetectedEncoding {
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bom: true };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', bom: true };
  if (hasUtf8Bom(head)) return { encoding: 'utf-8', bom: true };
  const utf16 = utf16WithoutBom(head);
  if (utf16 !== undefined) return { encoding: utf16, bom: false };
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return { encoding: 'utf-8', bom: false };
  } catch {
    return { encoding: 'windows-1252', bom: false };
  }
}
