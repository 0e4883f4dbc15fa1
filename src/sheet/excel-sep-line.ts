import type { CsvDelimiter } from './sniff-delimiter.js';

const SEP_LINE = /^\uFEFF?"?sep=([,;\t])"?\r?\n/i;

/**
 * The delimiter a CSV's first line declares in Excel's way (`sep=;`, written by exporters so that
 * Excel opens the file in columns whatever the computer's list separator): Excel reads that line
 * as the delimiter and does not show it as a row. Undefined when the first line is anything else.
 */
export function excelSepLine(headText: string): CsvDelimiter | undefined {
  return SEP_LINE.exec(headText)?.[1] as CsvDelimiter | undefined;
}
