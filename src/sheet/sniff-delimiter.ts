/** The field separators a sales CSV uses. */
export type CsvDelimiter = ',' | ';' | '\t';

const CANDIDATES: readonly CsvDelimiter[] = [',', ';', '\t'];
const LINES_TO_LOOK_AT = 20;

/**
 * Pick the delimiter from the first lines of the file (already decoded): for each candidate,
 * count it outside double quotes on every line; the winner is the candidate whose most frequent
 * non-zero count repeats on the most lines (a table has the same number of separators on each
 * line; a title row above the header has none), then the one with the higher count. Defaults to
 * a comma when no candidate appears at all.
 */
export function sniffDelimiter(headText: string): CsvDelimiter {
  const lines = splitLinesOutsideQuotes(headText, LINES_TO_LOOK_AT);
  let best: { delimiter: CsvDelimiter; lines: number; count: number } = { delimiter: ',', lines: 0, count: 0 };
  for (const delimiter of CANDIDATES) {
    const frequency = new Map<number, number>();
    for (const line of lines) {
      const count = countOutsideQuotes(line, delimiter);
      if (count > 0) frequency.set(count, (frequency.get(count) ?? 0) + 1);
    }
    for (const [count, lineCount] of frequency) {
      if (lineCount > best.lines || (lineCount === best.lines && count > best.count)) {
        best = { delimiter, lines: lineCount, count };
      }
    }
  }
  return best.delimiter;
}

/** Lines of the head, keeping a quoted field's embedded newline inside its line. */
function splitLinesOutsideQuotes(text: string, max: number): string[] {
  const lines: string[] = [];
  let inQuotes = false;
  let start = 0;
  for (let i = 0; i < text.length && lines.length < max; i++) {
    const ch = text[i];
    if (ch === '"') inQuotes = !inQuotes;
    else if (ch === '\n' && !inQuotes) {
      lines.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (lines.length < max && start < text.length) lines.push(text.slice(start));
  return lines;
}

function countOutsideQuotes(line: string, delimiter: CsvDelimiter): number {
  let inQuotes = false;
  let count = 0;
  for (const ch of line) {
    if (ch === '"') inQuotes = !inQuotes;
    else if (ch === delimiter && !inQuotes) count++;
  }
  return count;
}
