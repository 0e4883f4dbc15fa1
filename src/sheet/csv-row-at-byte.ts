import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { parse, type Options } from 'csv-parse';

/**
 * The row (1-based, as a spreadsheet numbers CSV records) holding byte `byteOffset` of `file`:
 * the bytes before it are parsed again by csv-parse with the reader's own `options`, streamed, so a
 * quoted cell spanning several lines above counts as one row. Used only to word an error (a byte
 * that is not UTF-8), so the text before the offset is decoded leniently.
 */
export async function csvRowAtByte(file: string, byteOffset: number, options: Options): Promise<number> {
  if (byteOffset <= 0) return 1;
  const decoder = new TextDecoder('utf-8');
  let last = 0;
  const decode = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (chunk.length > 0) last = chunk[chunk.length - 1] ?? 0;
      callback(null, decoder.decode(chunk, { stream: true }));
    },
    flush(callback) {
      callback(null, decoder.decode());
    },
  });
  const parser = parse(options);
  let records = 0;
  parser.on('data', () => {
    records++;
  });
  const unclosedQuote = await pipeline(createReadStream(file, { start: 0, end: byteOffset - 1 }), decode, parser).then(
    () => false,
    () => true,
  );
  // The record holding the byte is the next one if the text before it ends a record (a line break,
  // or inside a quote that was never closed there); otherwise it is the partial last one, already counted.
  const endsRecord = unclosedQuote || last === 0x0a || last === 0x0d;
  return endsRecord ? records + 1 : records;
}
