import { readZipEntry } from './read-zip-entry.js';
import type { XlsxPartBudget } from './xlsx-part-budget.js';
import { EMPTY_LAYOUT, parseRangeRef, type MergedRange, type SheetLayout } from './sheet-layout.js';

/** The tags that carry layout; everything else in the sheet's XML is skipped over. */
const TAG = /<(?:[\w.-]+:)?(row|mergeCell|autoFilter)\b([^>]*)>/g;
const ATTRIBUTE = (name: string): RegExp => new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`);
const ROW_NUMBER = ATTRIBUTE('r');
const HIDDEN = ATTRIBUTE('hidden');
const REF = ATTRIBUTE('ref');

/**
 * One pass over the XML of a worksheet part (`xl/worksheets/sheet2.xml`) of an XLSX, decompressed
 * with yauzl on its own descriptor, for what exceljs's streaming reader drops: rows marked
 * `hidden` (by hand or by an AutoFilter), merged ranges (listed after the rows, so they must be
 * known before the rows are read), and whether an AutoFilter is set. Bounded by the part's size in
 * the zip directory (the same budget as exceljs's read). Nothing is held but those lists.
 */
export async function scanXlsxSheetLayout(file: string, part: string, budget: XlsxPartBudget): Promise<SheetLayout> {
  if (budget.limitFor(part) === 0) return EMPTY_LAYOUT;
  const hiddenRows = new Set<number>();
  const merges: MergedRange[] = [];
  let autoFilter = false;
  let carry = '';
  const scan = (text: string, final: boolean): void => {
    const all = carry + text;
    // Keep an unfinished tag for the next chunk.
    const open = all.lastIndexOf('<');
    const cut = !final && open > all.lastIndexOf('>') ? open : all.length;
    const done = all.slice(0, cut);
    carry = all.slice(cut);
    // Most of a sheet has none of them: three substring searches per chunk instead of a match per
    // row (100,000 rows: about half of this pass). Text that merely contains a word goes on to the
    // regular expressions, which decide.
    if (!done.includes('hidden') && !done.includes('mergeCell') && !done.includes('autoFilter')) return;
    for (const m of done.matchAll(TAG)) {
      const [, name, attributes = ''] = m;
      if (name === 'row') {
        const hidden = HIDDEN.exec(attributes)?.[1];
        if (hidden === '1' || hidden === 'true') {
          const r = Number(ROW_NUMBER.exec(attributes)?.[1]);
          if (Number.isInteger(r) && r > 0) hiddenRows.add(r);
        }
      } else if (name === 'mergeCell') {
        const range = parseRangeRef(REF.exec(attributes)?.[1] ?? '');
        if (range !== undefined && range.bottom > range.top) merges.push(range);
      } else if (name === 'autoFilter') {
        autoFilter = true;
      }
    }
  };
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of readZipEntry(file, part, budget.limitFor(part), () => budget.overrun(part))) {
    scan(decoder.decode(chunk, { stream: true }), false);
  }
  scan(decoder.decode(), true);
  return { hiddenRows, merges, autoFilter };
}
