import { Transform } from 'node:stream';
import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';
import type { CsvEncoding } from './detect-encoding.js';

/** Where a byte offset of the file falls, as a spreadsheet row (1-based), for error messages. */
export type RowAtByte = (byteOffset: number) => Promise<number>;

/**
 * A streaming byte → text transform with the WHATWG TextDecoder. A UTF-8 BOM is dropped.
 * Node 20's TextDecoder('windows-1252') decodes bytes 0x80-0x9F as Latin-1 control characters
 * (U+0080-U+009F) instead of € ‚ „ … “ ” – — and friends (measured on Node 20.20: 0x80 gives
 * U+0080), so those are mapped to the characters of the Windows-1252 table afterwards; where
 * Node decodes them correctly, there is nothing left to map. UTF-8 is decoded strictly: bytes that
 * are not UTF-8 further down the file end the run with advice to force Windows-1252, naming the
 * byte offset of the first invalid sequence, its value, and (with `rowAt`) the row it is on,
 * instead of silently turning accented letters into replacement characters.
 */
export function createCsvDecodeStream(encoding: CsvEncoding, file: string, rowAt?: RowAtByte): Transform {
  const decoder = new TextDecoder(encoding, { fatal: encoding === 'utf-8' });
  const fix = encoding === 'windows-1252' ? fixWindows1252C1 : (text: string): string => text;
  /** Bytes taken in so far, and bytes already given out as text (a sequence split between chunks waits in the decoder). */
  let offset = 0;
  let decoded = 0;
  /** The last bytes seen, which may hold the start of a sequence the decoder is still waiting on. */
  let tail = Buffer.alloc(0);
  const fail = async (cause: unknown, pending: Buffer): Promise<FacturaError> => {
    const bad = decoded + firstInvalidByte(pending);
    const value = pending[bad - decoded];
    const row = rowAt === undefined ? undefined : await rowAt(bad).catch(() => undefined);
    const hex = `0x${(value ?? 0).toString(16).toUpperCase().padStart(2, '0')}`;
    const what =
      row === undefined
        ? localized(`hay un byte ${hex} que no es UTF-8`, `there is a byte ${hex} that is not UTF-8`)
        : localized(`la fila ${row} tiene un byte ${hex} que no es UTF-8`, `row ${row} holds a byte ${hex} that is not UTF-8`);
    const at = localized(`byte ${bad.toLocaleString('es-PE')} del archivo`, `byte ${bad.toLocaleString('en-US')} of the file`);
    return new FacturaError(
      'INPUT',
      localized(
        `El archivo ${file} no es UTF-8 válido: ${what.es} (${at.es}). Si lo guardó Excel como "CSV", pruebe con --encoding windows-1252.`,
        `The file ${file} is not valid UTF-8: ${what.en} (${at.en}). If Excel saved it as "CSV", try --encoding windows-1252.`,
      ),
      { cause },
    );
  };
  /** Count what the decoder gave out (a BOM it dropped counts too), and keep the undecoded rest. */
  const advance = (chunk: Buffer, text: string): void => {
    if (encoding !== 'utf-8') return;
    if (offset === 0 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) decoded += 3;
    offset += chunk.length;
    decoded += Buffer.byteLength(text, 'utf8');
    const left = offset - decoded;
    tail = left === 0 ? Buffer.alloc(0) : Buffer.concat([tail, chunk]).subarray(-left);
  };
  const waiting = (): Buffer => tail.subarray(tail.length - (offset - decoded));
  return new Transform({
    readableObjectMode: false,
    transform(chunk: Buffer, _encoding, callback) {
      let text: string;
      try {
        text = decoder.decode(chunk, { stream: true });
      } catch (error) {
        void fail(error, Buffer.concat([waiting(), chunk])).then((e) => {
          callback(e);
        });
        return;
      }
      advance(chunk, text);
      callback(null, fix(text));
    },
    flush(callback) {
      try {
        callback(null, fix(decoder.decode()));
      } catch (error) {
        void fail(error, waiting()).then((e) => {
          callback(e);
        });
      }
    },
  });
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
