import type { Cell, RowSource, SourceRow } from './source-row.js';

/**
 * Corrections a person made over the sheet, kept apart from the untouched original: sheet row
 * number (as a spreadsheet shows it) → 0-based column index → the new text ('' blanks the cell).
 */
export type CellEdits = ReadonlyMap<number, ReadonlyMap<number, string>>;

/**
 * The overlay as a stage right after reading: every row passes through, and an edited row has its
 * edited cells replaced by text cells, so the pipeline, the results, the fix-and-resend file and
 * the submission all see the corrected values. Memory is the edits themselves, not the sheet.
 */
export function applyCellEdits(source: RowSource, edits: CellEdits | undefined): RowSource {
  if (edits === undefined || edits.size === 0) return source;
  async function* rows(): AsyncIterable<SourceRow> {
    for await (const r of source.rows) {
      const changes = edits?.get(r.row);
      if (changes === undefined) {
        yield r;
        continue;
      }
      const width = Math.max(r.cells.length, ...[...changes.keys()].map((i) => i + 1));
      const cells: (Cell | null)[] = [];
      for (let i = 0; i < width; i += 1) {
        const text = changes.get(i);
        cells.push(text === undefined ? (r.cells[i] ?? null) : text === '' ? null : { kind: 'text', text });
      }
      yield { ...r, cells };
    }
  }
  return { ...source, rows: rows() };
}
