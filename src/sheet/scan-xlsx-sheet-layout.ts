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
  const scan = (text: string): void => {
    for (const m of text.matchAll(TAG)) {
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
  /**
   * The bytes of a tag the last chunk cut short, kept for the next one. The bytes are searched,
   * not decoded text: most of a sheet holds none of the words, and decoding the whole part cost
   * as much as the rest of this pass (a 100,000-row sheet: ~60 MB of XML). A cut is always at a
   * `<`, which never falls inside a UTF-8 sequence, so what is decoded is whole characters.
   */
  let carry: Buffer = Buffer.alloc(0);
  const take = (bytes: Buffer): void => {
    if (bytes.indexOf('hidden') < 0 && bytes.indexOf('mergeCell') < 0 && bytes.indexOf('autoFilter') < 0) return;
    scan(bytes.toString('utf8'));
  };
  for await (const chunk of readZipEntry(file, part, budget.limitFor(part), () => budget.overrun(part))) {
    const bytes = carry.length === 0 ? chunk : Buffer.concat([carry, chunk]);
    // Keep an unfinished tag for the next chunk.
    const open = bytes.lastIndexOf(LT);
    const cut = open > bytes.lastIndexOf(GT) ? open : bytes.length;
    carry = bytes.subarray(cut);
    take(bytes.subarray(0, cut));
  }
  take(carry);
  return { hiddenRows, merges, autoFilter };
}

const LT = 0x3c;
const GT = 0x3e;
