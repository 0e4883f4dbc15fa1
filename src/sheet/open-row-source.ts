import { open, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';
import type { Problem } from '../invoice/problem.js';
import { readCsvRows } from './csv-row-source.js';
import { detectEncoding, hasUtf8Bom, type CsvEncoding } from './detect-encoding.js';
import { sniffDelimiter, type CsvDelimiter } from './sniff-delimiter.js';
import { sniffFileFormat } from './sniff-file-format.js';
import type { RowSource } from './source-row.js';
import { openXlsxRows } from './open-xlsx-rows.js';

export interface OpenRowSourceOptions {
  /** XLSX: the sheet to read (default: the first visible one). */
  readonly sheet?: string;
  /** CSV: force the encoding instead of detecting it. */
  readonly encoding?: CsvEncoding;
  /** CSV: force the delimiter instead of sniffing it. */
  readonly delimiter?: CsvDelimiter;
}

/** How much of the file is looked at to tell the format, the encoding and the delimiter. */
const HEAD_BYTES = 64 * 1024;

/**
 * Open a sales sheet as a stream of rows, choosing the reader by content, not by name: a zip
 * (PK\x03\x04) is read as XLSX, anything else as CSV/text. Only the first 64 KiB are read here;
 * the rows stream from disk. Files that cannot be read at all reject with
 * FacturaError('INPUT') naming the file: not found, a directory, empty (0 bytes or only a BOM),
 * a `.xlsx` that is not a zip, a broken or truncated zip, a workbook with only hidden sheets,
 * a `sheet` that does not exist. Problems found later (an unclosed quote) reject the iteration.
 */
export async function openRowSource(path: string, options: OpenRowSourceOptions = {}): Promise<RowSource> {
  const head = await readHead(path);
  if (head.length === 0 || (hasUtf8Bom(head) && head.length === 3)) throw emptyFile(path);

  if (sniffFileFormat(head) === 'zip') {
    const { sheet, notes, rows, autoFilter } = await openXlsxRows(path, options.sheet);
    return { file: path, format: 'xlsx', sheet, notes, rows, ...(autoFilter ? { autoFilter } : {}) };
  }
  if (extname(path).toLowerCase() === '.xlsx' || extname(path).toLowerCase() === '.xlsm') throw notAZip(path);

  const detected = detectEncoding(head);
  const encoding = options.encoding ?? detected.encoding;
  const delimiter = options.delimiter ?? sniffDelimiter(decodeHead(head, encoding));
  const notes: Problem[] = [];
  if (options.encoding === undefined && encoding === 'windows-1252') notes.push(windows1252Note(path));
  return { file: path, format: 'csv', notes, rows: readCsvRows(path, { encoding, delimiter }) };
}

async function readHead(path: string): Promise<Buffer> {
  let handle;
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw isDirectory(path);
    handle = await open(path, 'r');
    const buffer = Buffer.alloc(Math.min(HEAD_BYTES, Math.max(info.size, 0)));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } catch (error) {
    if (error instanceof FacturaError) throw error;
    throw unreadable(path, error);
  } finally {
    await handle?.close();
  }
}

function decodeHead(head: Uint8Array, encoding: CsvEncoding): string {
  return new TextDecoder(encoding).decode(head, { stream: true });
}

function unreadable(path: string, error: unknown): FacturaError {
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOENT') {
    return new FacturaError(
      'INPUT',
      localized(`No se encontró el archivo ${path}.`, `The file ${path} was not found.`),
      { cause: error },
    );
  }
  const detail = error instanceof Error ? error.message : String(error);
  return new FacturaError(
    'INPUT',
    localized(`No se pudo abrir el archivo ${path}: ${detail}`, `Could not open the file ${path}: ${detail}`),
    { cause: error },
  );
}

function isDirectory(path: string): FacturaError {
  return new FacturaError(
    'INPUT',
    localized(
      `${path} es una carpeta, no un archivo. Indique el archivo .xlsx o .csv con las ventas.`,
      `${path} is a folder, not a file. Give the .xlsx or .csv file with the sales.`,
    ),
  );
}

function emptyFile(path: string): FacturaError {
  return new FacturaError(
    'INPUT',
    localized(`El archivo ${path} está vacío: no tiene ninguna fila.`, `The file ${path} is empty: it has no rows.`),
  );
}

function notAZip(path: string): FacturaError {
  return new FacturaError(
    'INPUT',
    localized(
      `El archivo ${path} se llama .xlsx pero no es un libro de Excel (no es un archivo zip). Ábralo en Excel y guárdelo como "Libro de Excel (.xlsx)", o expórtelo como CSV.`,
      `The file ${path} is named .xlsx but is not an Excel workbook (it is not a zip file). Open it in Excel and save it as "Excel Workbook (.xlsx)", or export it as CSV.`,
    ),
  );
}

function windows1252Note(path: string): Problem {
  return {
    severity: 'warning',
    code: 'ENCODING_WINDOWS_1252',
    value: 'windows-1252',
    message: localized(
      `El archivo ${path} no está en UTF-8; se lee como Windows-1252 (el "CSV" de Excel en Windows). Si ve letras raras, use --encoding.`,
      `The file ${path} is not UTF-8; it is read as Windows-1252 (Excel's "CSV" on Windows). If letters look wrong, use --encoding.`,
    ),
  };
}
