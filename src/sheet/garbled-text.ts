/**
 * Text that went through a wrong conversion of character sets: UTF-8 read as Windows-1252 and
 * saved again (a CSV opened and re-saved by a tool that guessed wrong). Each accented letter then
 * reads as two: «Número» → «NÃºmero», «añejo» → «aÃ±ejo». An invoice carrying such text is a
 * legal document with broken words, so the cell is refused, and the words it was are shown.
 */

import { fixWindows1252C1 } from './csv-decode-stream.js';

/** What the second byte of a two-byte UTF-8 letter becomes in Windows-1252. */
const CONTINUATION =
  '[\\u0080-\\u00bf\\u0152\\u0153\\u0160\\u0161\\u0178\\u017d\\u017e\\u0192\\u02c6\\u02dc\\u2013\\u2014\\u2018-\\u201e\\u2020-\\u2022\\u2026\\u2030\\u2039\\u203a\\u20ac\\u2122]';
/**
 * «Ã» or «Â» and such a byte (the accented letters, ñ, ü, °, ½, ¿), or «â€» and one (typographic
 * quotes and dashes, which word processors put in descriptions; «€» itself is «â‚¬»).
 */
const GARBLED = new RegExp(`[\\u00c2\\u00c3]${CONTINUATION}|\\u00e2\\u20ac${CONTINUATION}|\\u00e2\\u201a\\u00ac`);

/**
 * Windows-1252's byte for each character it decodes 0x80-0xFF to: the platform's decoder, with the
 * table csv-decode-stream.ts completes it with (Node 20 gives 0x80-0x9F as control characters);
 * both spellings of those bytes are taken, since tools differ in which they wrote. Built once.
 */
let byteOf: Map<string, number> | undefined;

function windows1252Bytes(): Map<string, number> {
  if (byteOf === undefined) {
    const decoder = new TextDecoder('windows-1252');
    byteOf = new Map();
    for (let b = 0x80; b <= 0xff; b++) {
      const decoded = decoder.decode(Uint8Array.of(b));
      byteOf.set(decoded, b);
      byteOf.set(fixWindows1252C1(decoded), b);
    }
  }
  return byteOf;
}

/**
 * The text it was before the wrong conversion, when `text` shows one and undoing it gives valid
 * UTF-8; otherwise undefined (ordinary text, «São Paulo» included, is left alone).
 */
export function repairGarbled(text: string): string | undefined {
  if (!GARBLED.test(text)) return undefined;
  const bytes = windows1252Bytes();
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0x80) out.push(code);
    else {
      const b = bytes.get(ch);
      if (b === undefined) return undefined;
      out.push(b);
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(out));
  } catch {
    return undefined;
  }
}
