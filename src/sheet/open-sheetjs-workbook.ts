import { readFile, stat } from 'node:fs/promises';
import type { OpenedSheet } from './opened-sheet.js';
import * as XLSX from '@e965/xlsx';
import { FacturaError } from '../factura-error.js';
import { localized } from '../i18n/localized-text.js';
import type { Problem } from '../invoice/problem.js';
import { activeSheet } from './active-sheet.js';
import { applySheetLayout } from './apply-sheet-layout.js';
import { parseRangeRef, type MergedRange, type SheetLayout } from './sheet-layout.js';
import { sheetChoiceMessages } from './sheet-choice-messages.js';
import { BATCH_ROWS, type Cell, type SourceRow } from './source-row.js';
import { isSumOfRowsAbove } from './sum-formula.js';
import { size, type XlsxPartBudget } from './xlsx-part-budget.js';
import { isDateFormat, serialToIso } from './xlsx-cell.js';
import { checkOdsSize } from './check-ods-size.js';
import { checkPartSizes } from './check-part-sizes.js';
import { odsInputError } from './ods-input-error.js';
import type { Wording } from '../remedies.js';
import { xlsxInputError } from './xlsx-input-error.js';

/**
 * The workbook formats read with SheetJS: legacy Excel 97-2003 (BIFF8) and LibreOffice's ODS; and
 * an XLSX that exceljs's streaming pass could not read completely (open-xlsx-rows.ts, bounded there).
 */
export type SheetJsFormat = 'xls' | 'ods' | 'xlsx';

/** An .xls is read whole into memory: a full 65,536-row sheet takes a few tens of MB. */
export const XLS_MAX_BYTES = 64 * 1024 * 1024;

/** A workbook SheetJS has read (once), ready to give the rows of any of its sheets. */
export interface SheetJsWorkbook {
  /**
   * The rows of the sheet `wanted` (by name), else of the first visible sheet; throws the
   * sheet-choice messages (missing sheet, only hidden sheets). Each call gives the rows afresh.
   */
  open(wanted: string | undefined): OpenedSheet;
}

/**
 * What SheetJS reads: an .xls; an XLSX exceljs could not read (bounded by open-xlsx-rows.ts) or an
 * .ods, each with the directory of its zip, already read by the caller (xlsx-part-budget.ts), so
 * that it is not read again here.
 */
export type SheetJsInput = ({ readonly format: 'xls' } | { readonly format: 'xlsx' | 'ods'; readonly budget: XlsxPartBudget }) & {
  /** Whom the messages speak to (remedies.ts). */
  readonly wording?: Wording;
};

/**
 * Read a legacy .xls (BIFF8) or an .ods with SheetJS (the maintained @e965/xlsx build), once, and
 * give the rows of its sheets exactly as the XLSX reader does: the same Cell kinds (dates from date
 * formats, numbers with their format, errors), hidden sheets skipped and noted, `wanted` by name,
 * merged cells and hidden rows applied (apply-sheet-layout.ts), summing formulas marked. SheetJS
 * reads the whole workbook into memory, so the input is bounded first: an .xls by its size (and
 * BIFF8's 65,536 rows), an .ods by the size its content expands to (check-ods-size.ts); and every
 * part of a zip (.xlsx, .ods) is inflated once, counted, and refused past the size its directory
 * declares (check-part-sizes.ts), since SheetJS inflates each part whole, as far as it goes.
 * Choosing among its sheets (open-row-source.ts) reuses this one parse.
 */
export async function openSheetJsWorkbook(file: string, input: SheetJsInput): Promise<SheetJsWorkbook> {
  const { format } = input;
  if (input.format === 'xls') {
    const bytes = (await stat(file)).size;
    if (bytes > XLS_MAX_BYTES) throw tooLarge(file, bytes);
  } else {
    if (input.format === 'ods') checkOdsSize(file, input.budget);
    await checkPartSizes(file, input.budget).catch((error: unknown) => {
      throw input.format === 'ods' ? odsInputError(error, file) : xlsxInputError(error, file, undefined);
    });
  }
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(await readFile(file), { type: 'buffer', dense: true, cellStyles: true, cellFormula: true, cellDates: false, cellHTML: false });
  } catch (error) {
    throw unreadable(file, format, error);
  }
  const states = workbook.Workbook?.Sheets ?? [];
  const sheets = workbook.SheetNames.map((name, i) => ({ name, hidden: (states[i]?.Hidden ?? 0) !== 0 }));
  if (sheets.length === 0) throw unreadable(file, format, new Error('no sheets'));
  const date1904 = workbook.Workbook?.WBProps?.date1904 === true;
  // SheetJS keeps workbook.xml's views as WBView (not in its types); an .xls or .ods has none here.
  const views = (workbook.Workbook as { WBView?: readonly { activeTab?: unknown }[] } | undefined)?.WBView;
  const active = activeSheet(sheets, views?.[0]?.activeTab);
  return {
    open: (wanted) => {
      const chosen = wanted === undefined ? sheets.find((s) => !s.hidden) : sheets.find((s) => s.name.trim().toLowerCase() === wanted.trim().toLowerCase());
      if (chosen === undefined) {
        if (wanted !== undefined)
          throw sheetChoiceMessages.missingSheet(
            file,
            wanted,
            sheets.map((s) => s.name),
          );
        throw sheetChoiceMessages.onlyHidden(
          file,
          sheets.map((s) => s.name),
          input.wording,
        );
      }
      const notes: Problem[] = [];
      const skipped = sheets
        .slice(0, sheets.indexOf(chosen))
        .filter((s) => s.hidden && wanted === undefined)
        .map((s) => s.name);
      if (skipped.length > 0) notes.push(sheetChoiceMessages.hiddenSkipped(file, skipped));
      if (chosen.hidden) notes.push(sheetChoiceMessages.hiddenChosen(file, chosen.name, input.wording));
      const worksheet = workbook.Sheets[chosen.name];
      if (worksheet === undefined) throw unreadable(file, format, new Error(`sheet ${chosen.name} missing`));
      const layout = layoutOf(worksheet);
      return {
        sheet: chosen.name,
        ...(active !== undefined ? { activeSheet: active } : {}),
        sheets,
        autoFilter: layout.autoFilter,
        notes,
        batches: applySheetLayout(sheetRows(worksheet, date1904), layout),
        // The workbook was read whole into memory: nothing is held open.
        close: () => Promise.resolve(),
      };
    },
  };
}

// eslint-disable-next-line @typescript-eslint/require-await -- the rows are in memory; the interface is a stream
async function* sheetRows(worksheet: XLSX.WorkSheet, date1904: boolean): AsyncGenerator<SourceRow[]> {
  const data = (worksheet['!data'] ?? []) as (XLSX.CellObject | undefined)[][];
  let batch: SourceRow[] = [];
  for (const [r, cellsIn] of data.entries()) {
    if (cellsIn === undefined) continue;
    const row = r + 1;
    const cells: (Cell | null)[] = [];
    const sumColumns: number[] = [];
    for (const [c, cell] of cellsIn.entries()) {
      while (cells.length < c) cells.push(null);
      cells[c] = cell === undefined ? null : toCell(cell, date1904);
      if (cell?.f !== undefined && isSumOfRowsAbove(cell.f, row)) sumColumns.push(c);
    }
    if (cells.every((cell) => cell === null)) continue;
    batch.push(sumColumns.length > 0 ? { row, cells, sumColumns } : { row, cells });
    if (batch.length >= BATCH_ROWS) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** One SheetJS cell as our Cell: the same kinds the XLSX reader gives. */
function toCell(cell: XLSX.CellObject, date1904: boolean): Cell | null {
  const format = typeof cell.z === 'string' && cell.z !== 'General' ? cell.z : undefined;
  switch (cell.t) {
    case 'n': {
      if (typeof cell.v !== 'number') return null;
      if (!Number.isFinite(cell.v)) return { kind: 'error', error: '#NUM!' };
      if (isDateFormat(format)) return { kind: 'date', iso: serialToIso(cell.v, date1904) };
      return format === undefined ? { kind: 'number', value: cell.v } : { kind: 'number', value: cell.v, numFmt: format };
    }
    case 's': {
      const text = typeof cell.v === 'string' ? cell.v : String(cell.v ?? '');
      return text === '' ? null : { kind: 'text', text };
    }
    case 'b':
      return { kind: 'boolean', value: cell.v === true };
    case 'e':
      return { kind: 'error', error: cell.w ?? '#ERROR' };
    case 'd':
      return cell.v instanceof Date ? { kind: 'date', iso: cell.v.toISOString().slice(0, 19) } : null;
    default:
      return null;
  }
}

function layoutOf(worksheet: XLSX.WorkSheet): SheetLayout {
  const hiddenRows = new Set<number>();
  for (const [i, info] of (worksheet['!rows'] ?? []).entries()) if (info?.hidden === true) hiddenRows.add(i + 1);
  const merges: MergedRange[] = (worksheet['!merges'] ?? [])
    .map((m) => ({ top: m.s.r + 1, bottom: m.e.r + 1, left: m.s.c, right: m.e.c }))
    .filter((m) => m.bottom > m.top);
  const filter = worksheet['!autofilter'];
  return { hiddenRows, merges, autoFilter: filter !== undefined && parseRangeRef(filter.ref) !== undefined };
}

function tooLarge(file: string, bytes: number): FacturaError {
  return new FacturaError(
    'INPUT',
    localized(
      `El archivo ${file} (Excel 97-2003, .xls) ocupa ${size(bytes, 'es')}, más de los ${size(XLS_MAX_BYTES, 'es')} que se leen en memoria. Ábralo en Excel y guárdelo como "Libro de Excel (.xlsx)" o como CSV, que se leen sin ese límite.`,
      `The file ${file} (Excel 97-2003, .xls) takes ${size(bytes, 'en')}, more than the ${size(XLS_MAX_BYTES, 'en')} read into memory. Open it in Excel and save it as "Excel Workbook (.xlsx)" or as CSV, which are read without that limit.`,
    ),
  );
}

/** What SheetJS says of a workbook saved with a password to open (an encrypted .xlsx is a .xls-like container). */
const PASSWORD_PROTECTED = /password|encrypt/i;

function unreadable(file: string, format: SheetJsFormat, error: unknown): FacturaError {
  const detail = error instanceof Error ? error.message : String(error);
  // Excel encrypts a workbook with a password to open into a container like a .xls: neither its kind nor SheetJS's English is what the user needs.
  if (PASSWORD_PROTECTED.test(detail)) {
    return new FacturaError(
      'INPUT',
      localized(
        `El archivo ${file} está protegido con una contraseña para abrirlo, y así no se puede leer. Ábralo en Excel, quítele la contraseña (Archivo › Información › Proteger libro › Cifrar con contraseña: déjela en blanco) y guárdelo; o guarde una copia sin contraseña y use esa.`,
        `The file ${file} is protected with a password to open, and cannot be read so. Open it in Excel, remove the password (File › Info › Protect Workbook › Encrypt with Password: leave it blank) and save it; or save a copy without a password and use that.`,
      ),
      { cause: error },
    );
  }
  const what =
    format === 'xlsx'
      ? {
          es: 'un libro de Excel (.xlsx)',
          en: 'an Excel workbook (.xlsx)',
          program: 'Excel',
          index: '[Content_Types].xml',
          save: localized('Vuelva a guardarlo en Excel', 'Save it again in Excel'),
        }
      : format === 'xls'
        ? {
            es: 'un libro de Excel 97-2003 (.xls)',
            en: 'an Excel 97-2003 workbook (.xls)',
            program: 'Excel',
            index: undefined,
            save: localized('Ábralo en Excel y guárdelo como "Libro de Excel (.xlsx)"', 'Open it in Excel and save it as "Excel Workbook (.xlsx)"'),
          }
        : {
            es: 'una hoja de LibreOffice (.ods)',
            en: 'a LibreOffice spreadsheet (.ods)',
            program: 'LibreOffice',
            index: 'META-INF/manifest.xml',
            save: localized('Ábralo en LibreOffice y guárdelo como "Excel 2007-365 (.xlsx)"', 'Open it in LibreOffice and save it as "Excel 2007-365 (.xlsx)"'),
          };
  // SheetJS's own words («Unsupported ZIP file», a parser's complaint) mean nothing to the user: the Spanish says what is wrong
  // in words; the English keeps them as the technical detail (and --debug shows the cause).
  const why =
    what.index !== undefined && UNKNOWN_ZIP.test(detail)
      ? localized(
          `es un archivo comprimido (zip) al que le falta la lista de sus partes (${what.index}) que ${what.program} siempre escribe: sin ella no se sabe qué contiene`,
          `it is a zip file without the list of its parts (${what.index}) ${what.program} always writes: without it what it holds is unknown (${detail})`,
        )
      : localized(
          `por dentro está dañado o trae algo que ${what.program} no escribe`,
          `inside, it is damaged or holds what ${what.program} never writes (${detail})`,
        );
  return new FacturaError(
    'INPUT',
    localized(
      `El archivo ${file} parece ${what.es}, pero no se pudo leer: ${why.es}. ${what.save.es}, o expórtelo como CSV.`,
      `The file ${file} looks like ${what.en}, but could not be read: ${why.en}. ${what.save.en}, or export it as CSV.`,
    ),
    { cause: error },
  );
}

/** What SheetJS says of a zip that holds neither an OpenDocument's manifest nor an Office file's content types. */
const UNKNOWN_ZIP = /^Unsupported ZIP file$/;
