import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream';
import { CsvError, parse, type Options } from 'csv-parse';
import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';
import type { Problem } from '../invoice/problem.js';
import { createCsvDecodeStream } from './csv-decode-stream.js';
import { csvRowAtByte } from './csv-row-at-byte.js';
import type { CsvEncoding } from './detect-encoding.js';
import { columnLetter } from './header-map.js';
import type { CsvDelimiter } from './sniff-delimiter.js';
import { readableBatches } from './readable-batches.js';
import type { Wording } from '../remedies.js';
import { BATCH_ROWS, type Cell, type SourceRow } from './source-row.js';

export interface CsvReadOptions {
  readonly encoding: CsvEncoding;
  readonly delimiter: CsvDelimiter;
  /** The first line is Excel's `sep=` line (excel-sep-line.ts): not a row of the sheet, passed over (its line still counts). */
  readonly sepLine?: boolean;
  /** Whom the messages speak to (remedies.ts). */
  readonly wording?: Wording;
}

/**
 * Stream the records of a CSV file as SourceRows, in batches (the records csv-parse has parsed when
 * the batch is asked for, at most BATCH_ROWS): fs stream → TextDecoder → csv-parse, never the whole file in memory. One record is one row even when a quoted field holds newlines; blank
 * records are skipped but counted, so row numbers stay the ones a spreadsheet shows. A row with
 * fewer or more cells than the table carries a RAGGED_ROW warning. Parse errors (an unclosed
 * quote…) reject the iteration with a FacturaError naming the file and the row; every stream is
 * destroyed when the iteration ends, fails, or is abandoned.
 */
export async function* readCsvRows(file: string, options: CsvReadOptions): AsyncGenerator<SourceRow[]> {
  const parseOptions: Options = {
    delimiter: options.delimiter,
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
  };
  const parser = parse(parseOptions);
  const source = createReadStream(file);
  const rowAt = (byte: number): Promise<number> => csvRowAtByte(file, byte, parseOptions);
  // pipeline propagates an error of any stage to the parser (ending the for-await below) and
  // destroys all three streams; the callback only keeps the error from being unhandled.
  pipeline(source, createCsvDecodeStream(options.encoding, file, rowAt, options.wording), parser, () => undefined);

  let row = 0;
  let expected: number | undefined;
  try {
    for await (const records of readableBatches<string[]>(parser, BATCH_ROWS)) {
      const batch: SourceRow[] = [];
      for (const record of records) {
        row++;
        if (row === 1 && options.sepLine === true) continue;
        // One pass over the fields: the cells, and how many there are up to the last non-blank one.
        const cells: (Cell | null)[] = [];
        let found = 0;
        for (let i = 0; i < record.length; i++) {
          const text = record[i] as string;
          if (text === '') cells.push(null);
          else {
            cells.push({ kind: 'text', text });
            found = i + 1;
          }
        }
        if (found === 0) continue;
        if (expected === undefined && record.length > 1) expected = record.length;
        if (expected !== undefined && record.length !== expected && (record.length < expected || found > expected)) {
          batch.push({ row, cells, problems: [raggedRow(row, expected, record)] });
        } else batch.push({ row, cells });
      }
      if (batch.length > 0) yield batch;
    }
  } catch (error) {
    throw toInputError(error, file, row + 1);
  } finally {
    // Wait for the descriptor to be closed, so a failed or abandoned read leaves nothing open.
    const closed = source.closed ? Promise.resolve() : once(source, 'close');
    source.destroy();
    parser.destroy();
    await closed;
  }
}

/**
 * A row with another number of cells than the table. When one of its cells runs over several lines
 * of the file, the likely cause is a quote (") opened in that cell and closed only lines further
 * down, which pulled the next line into it: the message says which cell, with its start.
 */
function raggedRow(row: number, expected: number, record: readonly string[]): Problem {
  const found = record.length;
  const spanning = record.findIndex((text) => text.includes('\n') || text.includes('\r'));
  const start = spanning < 0 ? '' : ((record[spanning] ?? '').split(/\r\n|\n|\r/, 1)[0]?.slice(0, 40) ?? '');
  const where = spanning < 0 ? undefined : columnLetter(spanning);
  return {
    severity: 'warning',
    code: 'RAGGED_ROW',
    row,
    value: String(found),
    message: localized(
      `La fila ${row} tiene ${found} celdas; se esperaban ${expected} como en las filas anteriores. ` +
        (where === undefined
          ? 'Revise si falta o sobra un separador.'
          : `Su celda ${where} («${start}…») sigue en las líneas siguientes del archivo: revise si en ella se abrió una comilla (") que no se cerró, o si falta o sobra un separador.`),
      `Row ${row} has ${found} cells; ${expected} were expected, as in the rows above. ` +
        (where === undefined
          ? 'Check for a missing or extra separator.'
          : `Its cell ${where} ("${start}…") runs on into the next lines of the file: check whether a quote (") opened in it was never closed, or for a missing or extra separator.`),
    ),
  };
}

function toInputError(error: unknown, file: string, row: number): unknown {
  if (error instanceof FacturaError) return error;
  if (error instanceof CsvError && error.code === 'CSV_QUOTE_NOT_CLOSED') {
    return new FacturaError(
      'INPUT',
      localized(
        `El archivo ${file} tiene una comilla (") sin cerrar que empieza en la fila ${row}: el resto del archivo quedaría dentro de una sola celda. Cierre la comilla y vuelva a intentarlo.`,
        `The file ${file} has an unclosed quote (") starting at row ${row}: the rest of the file would fall into one cell. Close the quote and try again.`,
      ),
      { cause: error },
    );
  }
  if (error instanceof CsvError) {
    return new FacturaError(
      'INPUT',
      localized(`No se pudo leer el archivo ${file} en la fila ${row}: ${error.message}`, `Could not read the file ${file} at row ${row}: ${error.message}`),
      { cause: error },
    );
  }
  return new FacturaError(
    'INPUT',
    localized(`No se pudo leer el archivo ${file} (fila ${row}): ${describe(error)}`, `Could not read the file ${file} (row ${row}): ${describe(error)}`),
    { cause: error },
  );
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
