import { open } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Problem } from '../invoice/problem.js';
import { activeSheet } from './active-sheet.js';
import { applySheetLayout } from './apply-sheet-layout.js';
import { correctExcelJsReader } from './correct-excel-js-reader.js';
import { forwardPipeErrors } from './forward-pipe-errors.js';
import { collectSpools, streamedWorksheet, workbookReaderInternals, type SpoolRemoval, type StreamedWorksheet } from '../exceljs-internals.js';
import { openSheetJsWorkbook } from './open-sheetjs-workbook.js';
import { resolveSheet } from './resolve-sheet.js';
import { sheetChoiceMessages } from './sheet-choice-messages.js';
import { sheetLayoutScans, type SheetLayoutScans } from './sheet-layout-scans.js';
import type { OpenedSheet } from './opened-sheet.js';
import { streamXlsxRows } from './stream-xlsx-rows.js';
import { xlsxInputError } from './xlsx-input-error.js';
import type { Wording } from '../remedies.js';
import type { XlsxPartBudget } from './xlsx-part-budget.js';

/**
 * Open an XLSX file with exceljs's streaming WorkbookReader (styles cached: date cells need their
 * number formats; shared strings cached) and position it on the sheet to read: `sheet` by name,
 * else the first visible one. Hidden sheets are skipped and noted. Resolves once that sheet is
 * reached; its rows then stream. Rejects with a FacturaError('INPUT') naming the file for a
 * truncated or broken zip, a workbook with only hidden sheets, or a missing `sheet`.
 *
 * Zip bombs: before exceljs sees the file, its zip directory has been checked (`budget`, read once
 * by the caller with readXlsxPartBudget: no part declared to expand past its limit or more than 100
 * times its compressed size), and then every part exceljs parses is counted as it is decompressed
 * and refused past the size the directory declared for it (correct-excel-js-reader.ts), so a file
 * that lies in its directory is stopped too.
 *
 * What exceljs's streaming reader drops (hidden rows, merged cells) is read by a separate pass over
 * the chosen sheet's XML (scan-xlsx-sheet-layout.ts, started beside exceljs's pass when the file has
 * one worksheet: sheet-layout-scans.ts) and applied to the rows (apply-sheet-layout.ts).
 */
export async function openXlsxRows(file: string, wanted: string | undefined, budget: XlsxPartBudget, wording?: Wording): Promise<OpenedSheet> {
  const scans = sheetLayoutScans(file, budget);
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        return await openXlsxRowsOnce(file, wanted, budget, scans, wording);
      } catch (error) {
        if (!(error instanceof IncompleteRead)) throw error;
        if (attempt < READ_ATTEMPTS) continue;
        // exceljs keeps missing a part of this file (seen with workbooks SheetJS wrote, whose
        // workbook part comes after the sheets): a small enough one is read whole with SheetJS,
        // its parts first counted against the sizes declared here (check-part-sizes.ts).
        if (budget.declaredUnder('xl/worksheets/') + budget.limitFor('xl/sharedStrings.xml') <= WHOLE_READ_LIMIT) {
          return (await openSheetJsWorkbook(file, { format: 'xlsx', budget, ...(wording !== undefined ? { wording } : {}) })).open(wanted);
        }
        throw sheetChoiceMessages.incompleteRead(file, READ_ATTEMPTS);
      }
    }
  } finally {
    // A scan started for a sheet that was not read (or a read that failed) ends before this does.
    await scans.settled();
  }
}

/** The most sheet XML an XLSX may have to be read whole (SheetJS) when exceljs cannot read it. */
const WHOLE_READ_LIMIT = 64 * 1024 * 1024;

/** Reads of one file before giving up on an incomplete one (see IncompleteRead). */
const READ_ATTEMPTS = 6;

/**
 * exceljs's pass over the zip (unzipper's entry iterator) now and then ends early, about 2 reads in
 * 100 of a LibreOffice file that stores its relationships and shared strings after the sheets: the
 * sheets then come out unnamed and without their shared strings (text cells lost), silently. The
 * zip directory says which parts exist, so a read that missed one is detected and done again.
 */
class IncompleteRead extends Error {}

/**
 * The parts exceljs has always parsed before it hands out a worksheet, when the file has them: it
 * streams a sheet directly only once it has both, and otherwise spools the sheets until the whole
 * zip was passed. (workbook.xml is not required: a file may store it after streamed sheets.)
 */
const PARTS_BEFORE_SHEETS = ['xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml'] as const;

/**
 * The parts exceljs has parsed before it hands out a sheet it spooled, when the file has them: it
 * does so once its pass over the zip is over. exceljs itself stores its shared strings after the
 * sheets and its list of sheets last, so its own files are read this way; a pass that ended early
 * left their sheets named "Sheet1", "Sheet2", with all shown and no date formats.
 */
const PARTS_BEFORE_SPOOLED_SHEETS = [...PARTS_BEFORE_SHEETS, 'xl/workbook.xml', 'xl/styles.xml'] as const;

async function openXlsxRowsOnce(
  file: string,
  wanted: string | undefined,
  budget: XlsxPartBudget,
  scans: SheetLayoutScans,
  wording: Wording | undefined,
): Promise<OpenedSheet> {
  // Opened before exceljs gets a stream of it: a file gone since its directory was read (an upload
  // deleted as its check starts) is a refusal naming it, not an error on a stream nobody listens to.
  const handle = await open(file, 'r').catch((error: unknown) => {
    throw xlsxInputError(error, file, undefined);
  });
  const input = forwardPipeErrors(handle.createReadStream());
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const internals = workbookReaderInternals(reader);
  const { fileNumbers, parsed, spooled } = correctExcelJsReader(internals, budget);
  const sheets = reader[Symbol.asyncIterator]();
  /** The files exceljs spooled sheets to in this read (exceljs-internals.ts: collectSpools). */
  const spools: SpoolRemoval[] = [];
  const nextSheet = (): Promise<IteratorResult<unknown>> => collectSpools(spools, () => sheets.next());
  /** The sheet handed out to be read. */
  let reading: StreamedWorksheet | undefined;
  /**
   * exceljs removes a spooled sheet's temporary file (and closes its descriptor) only when its
   * generator is resumed past that sheet, so after a complete read the remaining sheets are
   * drained to the end. When reading stops early or fails, the spooled files are removed here, and
   * the spool the sheet was being read from is closed. Once only: later calls answer the first.
   */
  const release = async (drain: boolean): Promise<void> => {
    try {
      if (drain) {
        for (let next = await nextSheet(); next.done !== true; next = await nextSheet()) {
          for await (const _row of streamedWorksheet(next.value)) {
            // drained so exceljs reaches its clean-up of the temporary file
          }
        }
      }
    } finally {
      input.destroy();
      await sheets.return(undefined).catch(() => undefined);
      if (reading !== undefined) spooled.get(reading)?.destroy();
      await Promise.all(spools.map((remove) => remove()));
      // The file's descriptor is closed after destroy(), asynchronously: the read ends once it is.
      if (!input.closed) await new Promise<void>((resolve) => input.once('close', () => resolve()));
    }
  };

  let closing: Promise<void> | undefined;
  const close = (drain: boolean): Promise<void> => (closing ??= release(drain));

  const hidden: string[] = [];
  const seen: string[] = [];
  try {
    for (;;) {
      const next = await nextSheet();
      if (next.done === true) break;
      const worksheet = streamedWorksheet(next.value);
      // A spooled sheet comes after the whole zip was passed: a part it lists and exceljs did not parse means the pass ended early.
      const required = spooled.has(worksheet) ? PARTS_BEFORE_SPOOLED_SHEETS : PARTS_BEFORE_SHEETS;
      if (required.some((part) => budget.limitFor(part) > 0 && !parsed.has(part))) {
        // Drained, so exceljs closes and removes the sheets it spooled before the read is redone.
        for await (const _row of worksheet) {
          // released
        }
        await close(true);
        throw new IncompleteRead();
      }
      const { name, state } = resolveSheet(internals, worksheet, fileNumbers.get(worksheet));
      seen.push(name);
      const isHidden = state !== 'visible';
      const chosen = wanted === undefined ? !isHidden : name.trim().toLowerCase() === wanted.trim().toLowerCase();
      if (!chosen) {
        if (isHidden) hidden.push(name);
        for await (const _row of worksheet) {
          // drained so that its (possibly spooled) stream is read to the end and released
        }
        continue;
      }
      const notes: Problem[] = hidden.length > 0 ? [sheetChoiceMessages.hiddenSkipped(file, hidden)] : [];
      if (isHidden) notes.push(sheetChoiceMessages.hiddenChosen(file, name, wording));
      const date1904 = (): boolean => internals.properties?.model?.date1904 === true;
      const layout = await scans.layoutOf(`xl/worksheets/sheet${fileNumbers.get(worksheet) ?? ''}.xml`);
      reading = worksheet;
      const batches = applySheetLayout(streamXlsxRows(file, name, worksheet, date1904, close), layout);
      const all = internals.model?.sheets?.map((s) => ({ name: s.name, hidden: (s.state ?? 'visible') !== 'visible' })) ?? [{ name, hidden: isHidden }];
      const active = activeSheet(all, internals.model?.views?.[0]?.activeTab);
      return {
        sheet: name,
        ...(active !== undefined ? { activeSheet: active } : {}),
        autoFilter: layout.autoFilter,
        sheets: all,
        notes,
        batches,
        close: () => close(false),
      };
    }
  } catch (error) {
    await close(false);
    if (error instanceof IncompleteRead) throw error;
    throw xlsxInputError(error, file, undefined);
  }
  await close(false);
  const names = internals.model?.sheets?.map((s) => s.name) ?? seen;
  if (wanted !== undefined) throw sheetChoiceMessages.missingSheet(file, wanted, names);
  if (seen.length === 0) throw sheetChoiceMessages.noSheets(file);
  throw sheetChoiceMessages.onlyHidden(file, hidden, wording);
}
