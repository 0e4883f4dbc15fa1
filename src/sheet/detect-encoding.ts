/** The text encodings a sales CSV comes in: UTF-8 (with or without BOM) or Excel's Windows-1252. */
export type CsvEncoding = 'utf-8' | 'windows-1252';

export interface DetectedEncoding {
  readonly encoding: CsvEncoding;
  readonly bom: boolean;
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];

export function hasUtf8Bom(head: Uint8Array): boolean {
  return UTF8_BOM.every((byte, i) => head[i] === byte);
}

/**
 * Decide the encoding from the first bytes of the file: a UTF-8 BOM, or bytes that decode as
 * strict UTF-8, mean UTF-8; anything else is taken as Windows-1252 (Excel's "CSV" on Spanish
 * Windows). A multi-byte sequence cut at the end of `head` is not counted against UTF-8.
 */
export function detectEncoding(head: Uint8Array): DetectedEncoding {
  if (hasUtf8Bom(head)) return { encoding: 'utf-8', bom: true };
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return { encoding: 'utf-8', bom: false };
  } catch {
    return { encoding: 'windows-1252', bom: false };
  }
}
