import { extname } from 'node:path';
import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';
import type { Problem } from '../invoice/problem.js';
import type { ColumnMapping } from './column-mapping.js';
import { readCsvRows } from './csv-row-source.js';
import { detectEncoding, isOnlyBom, type CsvEncoding } from './detect-encoding.js';
import { excelSepLine } from './excel-sep-line.js';
import { isHeaderRow, isSalesHeaderRow } from './detect-header.js';
import type { OpenedSheet } from './opened-sheet.js';
import type { SheetOpener } from './open-workbook.js';
import { readFileHead } from './read-file-head.js';
import { readTopBatches } from './read-top-batches.js';
import { sniffDelimiter, type CsvDelimiter } from './sniff-delimiter.js';
import { sniffFileFormat, type SniffedFormat } from './sniff-file-format.js';
import { isTemplateAuxiliarySheet } from './template-sheets.js';
import { sheetChoiceMessages } from './sheet-choice-messages.js';
import type { RowBatches, RowSource, SourceRow } from './source-row.js';
import type { Wording } from '../remedies.js';
import { chooseSheetRemedy, remedy } from '../remedies.js';

export interface OpenRowSourceOptions {
  /** Workbooks: the sheet to read (default: the first visible one with a header row). */
  readonly sheet?: string;
  /** CSV: force the encoding instead of detecting it. */
  readonly encoding?: CsvEncoding;
  /** CSV: force the delimiter instead of sniffing it. */
  readonly delimiter?: CsvDelimiter;
  /** `--map`: also decides which sheet has the header row. */
  readonly mapping?: ColumnMapping;
  /** Whom the messages speak to: how a note says what to do (remedies.ts). */
  readonly wording?: Wording;
}

/**
 * Open a sales sheet as a stream of rows, choosing the reader by content, never by name
 * (sniff-file-format.ts): XLSX (exceljs, streamed), legacy .xls and .ods (SheetJS, bounded), or
 * delimited text in UTF-8, Windows-1252 or UTF-16 ("Texto Unicode"). A file that is none of them
 * (a PDF, a web page…) is refused saying what it looks like and what to save it as. In a workbook
 * opened without `sheet`, when the first visible sheet has no header row but exactly one other
 * sheet has, that one is read, with a note; several candidates are named for --sheet. When the
 * first has one and the workbook was saved showing another that has one too, the run stops and
 * asks which; else the first is read, naming the other sheets as not read.
 * Only the first 64 KiB are read here; the rows stream from disk. Files that cannot be read at
 * all reject with FacturaError('INPUT') naming the file. Problems found later reject the iteration.
 */
export async function openRowSource(path: string, options: OpenRowSourceOptions = {}): Promise<RowSource> {
  const head = await readFileHead(path);
  if (head.length === 0 || isOnlyBom(head)) throw emptyFile(path);

  const sniffed = sniffFileFormat(head);
  if (sniffed.kind === 'xlsx' || sniffed.kind === 'xls' || sniffed.kind === 'ods') {
    // Loaded here, not at start-up: the workbook readers (exceljs, SheetJS) cost ≈ 0.4 s of CPU to
    // load, which a CSV run never needs.
    const { openWorkbook } = await import('./open-workbook.js');
    const { kind, open } = await openWorkbook(path, sniffed.kind, options.wording);
    const opened = await openWorkbookSheet(path, open, options);
    return {
      file: path,
      format: 'xlsx',
      ...(kind === 'xlsx' ? {} : { workbook: kind }),
      sheet: opened.sheet,
      ...(opened.autoFilter ? { autoFilter: true } : {}),
      notes: opened.notes,
      batches: opened.batches,
    };
  }
  if (sniffed.kind === 'other') throw notASheet(path, sniffed);
  const extension = extname(path).toLowerCase();
  // Text named .xlsx is most often a CSV saved under the wrong name (as a .xls holding text is read
  // already); a binary that is not a zip is a broken file, refused.
  const misnamed = extension === '.xlsx' || extension === '.xlsm';
  if (misnamed && !isPlainText(head)) throw notAZip(path);

  const detected = detectEncoding(head);
  const encoding = options.encoding ?? detected.encoding;
  const headText = decodeHead(head, encoding);
  const sepLine = excelSepLine(headText);
  const delimiter = options.delimiter ?? sepLine ?? sniffDelimiter(headText);
  const notes: Problem[] = misnamed ? [textNamedXlsxNote(path, extension)] : [];
  if (options.encoding === undefined && encoding === 'windows-1252') notes.push(windows1252Note(path, options.wording));
  if (options.encoding === undefined && (encoding === 'utf-16le' || encoding === 'utf-16be')) notes.push(utf16Note(path));
  return {
    file: path,
    format: 'csv',
    notes,
    batches: readCsvRows(path, {
      encoding,
      delimiter,
      ...(sepLine !== undefined ? { sepLine: true } : {}),
      ...(options.wording !== undefined ? { wording: options.wording } : {}),
    }),
  };
}

/**
 * The sheet to read: `options.sheet`, else the first visible one when it has a header row within
 * its first rows (firstWithHeader), else the only other visible sheet that has one (with a note). The sheet chosen
 * is read from where its header search left it, not opened again.
 */
async function openWorkbookSheet(path: string, open: SheetOpener, options: OpenRowSourceOptions): Promise<OpenedSheet> {
  const first = await open(options.sheet);
  if (options.sheet !== undefined) return first;
  const peeked = await peekHeader(first, options.mapping);
  if (peeked.sales) return firstWithHeader(path, open, first, peeked, options);
  if (peeked.header) {
    // A header without the invoice's serie or number: a workbook's customer or product list ahead of its
    // sales. The only other sheet whose header has them is read, with a note; else the first, as always.
    const others = first.sheets.filter((s) => !s.hidden && s.name !== first.sheet && !isTemplateAuxiliarySheet(s.name));
    const sales = await otherSheetsWith(open, others, options.mapping, (look) => look.sales).catch(async (error: unknown) => {
      await peeked.close();
      throw error;
    });
    if (sales.found === undefined || sales.candidates.length > 1) {
      await sales.found?.look.close();
      return firstWithHeader(path, open, first, peeked, options);
    }
    await peeked.close();
    const { name, opened, look } = sales.found;
    return { ...opened, batches: look.batches, notes: [...opened.notes, otherSheetNote(path, first.sheet, name, options.wording)] };
  }
  const others = first.sheets.filter((s) => !s.hidden && s.name !== first.sheet);
  const { found, candidates } = await otherSheetsWith(open, others, options.mapping, (look) => look.header).catch(async (error: unknown) => {
    await peeked.close();
    throw error;
  });
  if (found === undefined) return { ...first, batches: peeked.batches };
  await peeked.close();
  if (candidates.length > 1) {
    await found.look.close();
    throw severalCandidates(path, first.sheet, candidates, first.activeSheet, options.wording);
  }
  const { name, opened, look } = found;
  return { ...opened, batches: look.batches, notes: [...opened.notes, otherSheetNote(path, first.sheet, name, options.wording)] };
}

/**
 * The sheets among `others` whose first rows `wanted` accepts (a header row, a header of sales), by
 * name, and the first of them kept open to be read if it is the only one; the others are closed.
 */
async function otherSheetsWith(
  open: SheetOpener,
  others: readonly { readonly name: string }[],
  mapping: ColumnMapping | undefined,
  wanted: (look: Awaited<ReturnType<typeof peekHeader>>) => boolean,
): Promise<{ found?: { name: string; opened: OpenedSheet; look: Awaited<ReturnType<typeof peekHeader>> }; candidates: string[] }> {
  const candidates: string[] = [];
  let found: { name: string; opened: OpenedSheet; look: Awaited<ReturnType<typeof peekHeader>> } | undefined;
  try {
    for (const other of others) {
      const opened = await open(other.name);
      const look = await peekHeader(opened, mapping);
      if (wanted(look)) candidates.push(other.name);
      if (wanted(look) && found === undefined) found = { name: other.name, opened, look };
      else await look.close();
    }
  } catch (error) {
    await found?.look.close();
    throw error;
  }
  return found === undefined ? { candidates } : { found, candidates };
}

/**
 * The first visible sheet has a header row. When the workbook was saved showing another sheet
 * (its active tab) that has one too, which month or company is meant cannot be told: a workbook
 * of one tab per month saved on «Noviembre» would otherwise have «Setiembre» sent. The run stops
 * naming both, before anything is read or sent. Otherwise the first is read, with a note naming
 * the other visible sheets, which are not read.
 */
async function firstWithHeader(
  path: string,
  open: SheetOpener,
  first: OpenedSheet,
  peeked: Awaited<ReturnType<typeof peekHeader>>,
  { mapping, wording }: Pick<OpenRowSourceOptions, 'mapping' | 'wording'>,
): Promise<OpenedSheet> {
  const active = first.activeSheet;
  if (active !== undefined && active !== first.sheet) {
    let activeHasHeader: boolean;
    try {
      const look = await peekHeader(await open(active), mapping);
      activeHasHeader = look.header;
      await look.close();
    } catch (error) {
      await peeked.close();
      throw error;
    }
    if (activeHasHeader) {
      await peeked.close();
      throw sheetChoiceMessages.activeSheetDiffers(path, first.sheet, active, wording);
    }
  }
  const others = first.sheets.filter((s) => !s.hidden && s.name !== first.sheet && !isTemplateAuxiliarySheet(s.name)).map((s) => s.name);
  const notes = others.length > 0 ? [...first.notes, sheetChoiceMessages.otherSheetsNotRead(path, first.sheet, others, wording)] : first.notes;
  return { ...first, notes, batches: peeked.batches };
}

/**
 * Reads up to HEADER_SEARCH_ROWS rows (the batches that hold them) to see whether one is a header
 * row; `batches` gives them all again, then the rest; `close` abandons the sheet.
 */
async function peekHeader(
  sheet: OpenedSheet,
  mapping: ColumnMapping | undefined,
): Promise<{ header: boolean; sales: boolean; batches: RowBatches; close: () => Promise<void> }> {
  const iterator = sheet.batches[Symbol.asyncIterator]();
  let sales = false;
  const top = await readTopBatches(iterator, (row) => {
    if (!isHeaderRow(row.cells, mapping)) return false;
    sales = isSalesHeaderRow(row.cells, mapping);
    return true;
  }).catch(async (error: unknown) => {
    await iterator.return?.();
    await sheet.close();
    throw error;
  });
  const replay = async function* (): AsyncGenerator<readonly SourceRow[]> {
    try {
      yield* top.batches;
      if (top.ended) return;
      for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) yield next.value;
    } finally {
      await iterator.return?.();
    }
  };
  return {
    header: top.stopped,
    sales,
    batches: replay(),
    close: async () => {
      await iterator.return?.();
      await sheet.close();
    },
  };
}

function decodeHead(head: Uint8Array, encoding: CsvEncoding): string {
  return new TextDecoder(encoding).decode(head, { stream: true });
}

function emptyFile(path: string): FacturaError {
  return new FacturaError('INPUT', localized(`El archivo ${path} está vacío: no tiene ninguna fila.`, `The file ${path} is empty: it has no rows.`));
}

/** No control character but tab and line ends in the file's first bytes: text, not a damaged workbook (UTF-16 has NULs: not this). */
function isPlainText(head: Uint8Array): boolean {
  return !head.subarray(0, 4096).some((b) => b < 0x09 || (b > 0x0d && b < 0x20) || b === 0x7f);
}

function textNamedXlsxNote(path: string, extension: string): Problem {
  return {
    severity: 'warning',
    code: 'TEXT_NAMED_XLSX',
    value: extension,
    message: localized(
      `El archivo ${path} se llama ${extension} pero es un texto separado por comas o punto y coma (CSV), no un libro de Excel: se lee como CSV.`,
      `The file ${path} is named ${extension} but is delimited text (CSV), not an Excel workbook: it is read as CSV.`,
    ),
  };
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

function notASheet(path: string, sniffed: Extract<SniffedFormat, { kind: 'other' }>): FacturaError {
  return new FacturaError(
    'INPUT',
    localized(
      `El archivo ${path} no es una hoja de ventas que se pueda leer: parece ${sniffed.looksLike.es}. Para importarlo, ${sniffed.saveAs.es}.`,
      `The file ${path} is not a sales sheet that can be read: it looks like ${sniffed.looksLike.en}. To import it, ${sniffed.saveAs.en}.`,
    ),
  );
}

function windows1252Note(path: string, wording: Wording | undefined): Problem {
  const encoding = remedy('encoding', wording);
  return {
    severity: 'warning',
    code: 'ENCODING_WINDOWS_1252',
    value: 'windows-1252',
    message: localized(
      `El archivo ${path} no está en UTF-8; se lee como Windows-1252 (el "CSV" de Excel en Windows). ${encoding.es}`,
      `The file ${path} is not UTF-8; it is read as Windows-1252 (Excel's "CSV" on Windows). ${encoding.en}`,
    ),
  };
}

function utf16Note(path: string): Problem {
  return {
    severity: 'warning',
    code: 'ENCODING_UTF_16',
    value: 'utf-16',
    message: localized(
      `El archivo ${path} es "Texto Unicode" (UTF-16), como lo guarda Excel; se lee como tal.`,
      `The file ${path} is "Unicode Text" (UTF-16), as Excel saves it; it is read as such.`,
    ),
  };
}

function otherSheetNote(path: string, first: string, chosen: string, wording: Wording | undefined): Problem {
  const other = remedy('otherSheet', wording);
  return {
    severity: 'warning',
    code: 'DATA_ON_OTHER_SHEET',
    value: chosen,
    message: localized(
      `La hoja "${first}" de ${path} no tiene fila de encabezados de ventas (con serie y número); se lee la hoja "${chosen}", la única que la tiene. ${other.es}`,
      `The sheet "${first}" of ${path} has no header row of sales (with serie and number); the sheet "${chosen}", the only one that has one, is read. ${other.en}`,
    ),
  };
}

/** The example names the sheet the workbook was saved showing when it is one of them. */
function severalCandidates(path: string, first: string, candidates: readonly string[], active: string | undefined, wording: Wording | undefined): FacturaError {
  const list = candidates.map((n) => `"${n}"`).join(', ');
  const example = active !== undefined && candidates.includes(active) ? active : (candidates[0] ?? '');
  const choose = chooseSheetRemedy(example, wording);
  return new FacturaError(
    'INPUT',
    localized(
      `La hoja "${first}" de ${path} no tiene fila de encabezados, pero varias hojas sí: ${list}. ${choose.es}`,
      `The sheet "${first}" of ${path} has no header row, but several sheets do: ${list}. ${choose.en}`,
    ),
  );
}
