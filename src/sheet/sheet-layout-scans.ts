import { scanXlsxSheetLayout } from './scan-xlsx-sheet-layout.js';
import type { SheetLayout } from './sheet-layout.js';
import type { XlsxPartBudget } from './xlsx-part-budget.js';

export interface SheetLayoutScans {
  /** The layout of the worksheet part `part` (`xl/worksheets/sheet1.xml`), scanned once per part. */
  layoutOf(part: string): Promise<SheetLayout>;
  /** Resolves once every scan started has ended (its zip descriptor closed), whatever its outcome. */
  settled(): Promise<void>;
}

/** A worksheet part's name as the zip directory lists it. */
const WORKSHEET_PART = /^xl\/worksheets\/sheet\d+\.xml$/;

/**
 * The layout scans (scan-xlsx-sheet-layout.ts) of one XLSX read. When the zip directory lists a
 * single worksheet, the only sheet the read can choose, its scan starts at once, beside exceljs's
 * pass over the zip, instead of after it: both spend most of their time decompressing on libuv's
 * threads, and exceljs's pass (which spools the sheet to a temporary file when the workbook's own
 * parts come after it, as in the files exceljs and Excel write) had the main thread waiting for
 * one and then for the other. With several worksheets the scan waits until the sheet is chosen.
 * A scan that fails early keeps its error for the caller that asks for that layout; the caller
 * that gives up waits for `settled()` so no descriptor outlives the read.
 */
export function sheetLayoutScans(file: string, budget: XlsxPartBudget): SheetLayoutScans {
  const scans = new Map<string, Promise<SheetLayout>>();
  const layoutOf = (part: string): Promise<SheetLayout> => {
    let scan = scans.get(part);
    if (scan === undefined) {
      scan = scanXlsxSheetLayout(file, part, budget);
      // Handled where it is awaited; a scan nobody asks for again only has to end.
      scan.catch(() => undefined);
      scans.set(part, scan);
    }
    return scan;
  };
  const worksheets = budget.parts.filter((name) => WORKSHEET_PART.test(name));
  if (worksheets.length === 1) void layoutOf(worksheets[0] as string);
  return {
    layoutOf,
    settled: async () => {
      await Promise.allSettled(scans.values());
    },
  };
}
