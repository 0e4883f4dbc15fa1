import { Transform } from 'node:stream';
import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';
import type { CsvEncoding } from './detect-encoding.js';

/**
 * A streaming byte → text transform with the WHATWG TextDecoder. A UTF-8 BOM is dropped.
 * Node 20's TextDecoder('windows-1252') decodes bytes 0x80-0x9F as Latin-1 control characters
 * (U+0080-U+009F) instead of € ‚ „ … “ ” – — and friends (measured on Node 20.20: 0x80 gives
 * U+0080), so those are mapped to the characters of the Windows-1252 table afterwards; where
 * Node decodes them correctly, there is nothing left to map. UTF-8 is decoded strictly: bytes that
 * are not UTF-8 further down the file end the run with advice to force Windows-1252, instead of
 * silently turning accented letters into replacement characters.
 */
export function createCsvDecodeStream(encoding: CsvEncoding, file: string): Transform {
  const decoder = new TextDecoder(encoding, { fatal: encoding === 'utf-8' });
  const fix = encoding === 'windows-1252' ? fixWindows1252C1 : (text: string): string => text;
  let offset = 0;
  const fail = (cause: unknown): FacturaError =>
    new FacturaError(
      'INPUT',
      localized(
        `El archivo ${file} no es UTF-8 válido (cerca del byte ${offset}). Si lo guardó Excel como "CSV", pruebe con --encoding windows-1252.`,
        `The file ${file} is not valid UTF-8 (near byte ${offset}). If Excel saved it as "CSV", try --encoding windows-1252.`,
      ),
      { cause },
    );
  return new Transform({
    readableObjectMode: false,
    transform(chunk: Buffer, _encoding, callback) {
      try {
        const text = fix(decoder.decode(chunk, { stream: true }));
        offset += chunk.length;
        callback(null, text);
      } catch (error) {
        callback(fail(error));
      }
    },
    flush(callback) {
      try {
        callback(null, fix(decoder.decode()));
      } catch (error) {
        callback(fail(error));
      }
    },
  });
}

/** Windows-1252 bytes 0x80-0x9F (WHATWG index); the five undefined ones stay as they are. */
const WINDOWS_1252_C1 = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/** Replace U+0080-U+009F left by a Latin-1 decoding with the Windows-1252 characters they stand for. */
export function fixWindows1252C1(text: string): string {
  return text.replace(/[\u0080-\u009f]/g, (ch) => String.fromCharCode(WINDOWS_1252_C1[ch.charCodeAt(0) - 0x80] ?? ch.charCodeAt(0)));
}
