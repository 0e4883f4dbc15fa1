import { isUtf8 } from 'node:buffer';
import { Transform, type TransformCallback } from 'node:stream';
import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';
import type { Wording } from '../remedies.js';
import { remedy } from '../remedies.js';
import type { CsvEncoding } from './detect-encoding.js';

/** Where a byte offset of the file falls, as a spreadsheet row (1-based), for error messages. */
export type RowAtByte = (byteOffset: number) => Promise<number>;

/**
 * The bytes of a CSV as UTF-8 for csv-parse, streamed. A UTF-8 BOM is dropped.
 *
 * - UTF-8 is checked, not decoded: each chunk's bytes pass on as they are once `isUtf8` (native)
 *   says they are valid, and csv-parse decodes each field once. Decoding every chunk to a string
 *   that the stream then encoded back to bytes cost ≈ 2 % of a CSV run (BENCHMARKS.md). A
 *   character split between two chunks waits for the next one. Bytes that are not UTF-8 end the
 *   run with advice to force Windows-1252, naming the byte offset of the first invalid one, its
 *   value, and (with `rowAt`) the row it is on, instead of silently turning accented letters into
 *   replacement characters.
 * - UTF-16 and Windows-1252 are decoded with the WHATWG TextDecoder (a BOM dropped). Node 20's
 *   TextDecoder('windows-1252') decodes bytes 0x80-0x9F as Latin-1 control characters
 *   (U+0080-U+009F) instead of € ‚ „ … “ ” – — and friends (measured on Node 20.20: 0x80 gives
 *   U+0080), so those are mapped to the characters of the Windows-1252 table afterwards; where
 *   Node decodes them correctly, there is nothing left to map.
 */
export function createCsvDecodeStream(encoding: CsvEncoding, file: string, rowAt?: RowAtByte, wording?: Wording): Transform {
  return encoding === 'utf-8' ? checkUtf8(file, rowAt, wording) : decode(encoding);
}

/** Decodes the other encodings to text (which the stream gives on as UTF-8 bytes). */
function decode(encoding: Exclude<CsvEncoding, 'utf-8'>): Transform {
  const decoder = new TextDecoder(encoding);
  const fix = encoding === 'windows-1252' ? fixWindows1252C1 : (text: string): string => text;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, fix(decoder.decode(chunk, { stream: true })));
    },
    flush(callback) {
      callback(null, fix(decoder.decode()));
    },
  });
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const NOTHING = Buffer.alloc(0);

function checkUtf8(file: string, rowAt: RowAtByte | undefined, wording: Wording | undefined): Transform {
  /** The bytes not passed on yet (a character cut by the chunk's end, or a first chunk shorter than a BOM), and where they start in the file. */
  let held = NOTHING;
  let heldAt = 0;
  let bomChecked = false;
  /** Passes on `bytes` up to `end` when they are UTF-8 and holds the rest; the error otherwise. */
  const pass = (bytes: Buffer, end: number, callback: TransformCallback): void => {
    const body = bytes.subarray(0, end);
    if (!isUtf8(body)) {
      void invalidUtf8(file, heldAt, body, rowAt, wording).then((error) => {
        callback(error);
      });
      return;
    }
    heldAt += end;
    held = end === bytes.length ? NOTHING : Buffer.from(bytes.subarray(end));
    callback(null, body.length > 0 ? body : undefined);
  };
  /** `bytes` without a BOM at the start of the file, once enough of it has come to tell (`final`: no more will). */
  const withoutBom = (bytes: Buffer, final: boolean): Buffer | undefined => {
    if (bomChecked) return bytes;
    if (bytes.length < BOM.length && !final) return undefined;
    bomChecked = true;
    if (!bytes.subarray(0, BOM.length).equals(BOM)) return bytes;
    heldAt += BOM.length;
    return bytes.subarray(BOM.length);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const joined = held.length === 0 ? chunk : Buffer.concat([held, chunk]);
      const bytes = withoutBom(joined, false);
      if (bytes === undefined) {
        held = Buffer.from(joined);
        callback();
      } else pass(bytes, completeCharacters(bytes), callback);
    },
    flush(callback) {
      // Nothing more comes: a character still cut off is invalid, and `pass` says so.
      const bytes = withoutBom(held, true) ?? held;
      pass(bytes, bytes.length, callback);
    },
  });
}

/**
 * The length of `bytes` without a last character that the chunk's end cut off (its lead byte and
 * the continuation bytes after it, at most 3): that one waits for the next chunk. Invalid bytes are
 * left in, for `isUtf8` to refuse.
 */
function completeCharacters(bytes: Buffer): number {
  const end = bytes.length;
  for (let i = end - 1; i >= 0 && i >= end - 4; i--) {
    const byte = bytes[i] as number;
    if (byte < 0x80) return end; // ASCII: nothing cut off
    if (byte < 0xc0) continue; // a continuation byte: its lead byte is further back
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
    return i + length > end ? i : end;
  }
  return end;
}

/** The error for `bytes` (which start `at` bytes into the file, on a character boundary) that are not all UTF-8. */
async function invalidUtf8(file: string, at: number, bytes: Buffer, rowAt: RowAtByte | undefined, wording: Wording | undefined): Promise<FacturaError> {
  const encoding = remedy('excelCsvEncoding', wording);
  const offset = firstInvalidByte(bytes);
  const bad = at + offset;
  const value = bytes[offset];
  const row = rowAt === undefined ? undefined : await rowAt(bad).catch(() => undefined);
  const hex = `0x${(value ?? 0).toString(16).toUpperCase().padStart(2, '0')}`;
  const what =
    row === undefined
      ? localized(`hay un byte ${hex} que no es UTF-8`, `there is a byte ${hex} that is not UTF-8`)
      : localized(`la fila ${row} tiene un byte ${hex} que no es UTF-8`, `row ${row} holds a byte ${hex} that is not UTF-8`);
  const where = localized(`byte ${bad.toLocaleString('es-PE')} del archivo`, `byte ${bad.toLocaleString('en-US')} of the file`);
  return new FacturaError(
    'INPUT',
    localized(
      `El archivo ${file} no es UTF-8 válido: ${what.es} (${where.es}). ${encoding.es}`,
      `The file ${file} is not valid UTF-8: ${what.en} (${where.en}). ${encoding.en}`,
    ),
  );
}

/**
 * The index in `bytes` (which start on a character boundary) of the first byte that does not
 * begin a valid UTF-8 sequence: the bytes are decoded leniently, and the first U+FFFD that the
 * bytes did not really spell (EF BF BD) marks it. A sequence cut off at the end counts as invalid.
 */
function firstInvalidByte(bytes: Buffer): number {
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  let byte = 0;
  let from = 0;
  for (let at = text.indexOf('\uFFFD'); at >= 0; at = text.indexOf('\uFFFD', at + 1)) {
    byte += Buffer.byteLength(text.slice(from, at), 'utf8');
    from = at;
    if (!(bytes[byte] === 0xef && bytes[byte + 1] === 0xbf && bytes[byte + 2] === 0xbd)) return byte;
  }
  return bytes.length;
}

/** Windows-1252 bytes 0x80-0x9F (WHATWG index); the five undefined ones stay as they are. */
const WINDOWS_1252_C1 = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d,
  0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/** Replace U+0080-U+009F left by a Latin-1 decoding with the Windows-1252 characters they stand for. */
export function fixWindows1252C1(text: string): string {
  return text.replace(/[\u0080-\u009f]/g, (ch) => String.fromCharCode(WINDOWS_1252_C1[ch.charCodeAt(0) - 0x80] ?? ch.charCodeAt(0)));
}
