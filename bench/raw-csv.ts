/**
 * Baseline: the fastest csv-parse reads the file. Rows only, no work: fs stream → csv-parse (same
 * record/field options as the project's reader: BOM stripped, ragged rows allowed), count records.
 * Usage: node --import tsx bench/raw-csv.ts FILE   → prints {"rows":N}
 */
import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';

const file = process.argv[2];
if (file === undefined) throw new Error('usage: raw-csv.ts FILE');
const parser = createReadStream(file).pipe(parse({ bom: true, relax_column_count: true, relax_quotes: true, record_delimiter: ['\r\n', '\n', '\r'] }));
let rows = 0;
for await (const record of parser as AsyncIterable<string[]>) if (record.length > 0) rows += 1;
console.log(JSON.stringify({ rows }));
