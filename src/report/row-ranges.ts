/** Source rows as a person reads them: `[12, 13, 14, 15]` → `12-15`, `[12, 15, 16]` → `12, 15-16`. */
export function formatRowRanges(rows: readonly number[]): string {
  if (isOneRun(rows)) return rows.length === 1 ? `${rows[0]}` : `${rows[0]}-${rows[rows.length - 1]}`;
  const sorted = [...new Set(rows)].sort((a, b) => a - b);
  const parts: string[] = [];
  let start: number | undefined;
  let prev: number | undefined;
  for (const row of sorted) {
    if (start !== undefined && prev !== undefined && row === prev + 1) {
      prev = row;
      continue;
    }
    if (start !== undefined && prev !== undefined) parts.push(start === prev ? `${start}` : `${start}-${prev}`);
    start = row;
    prev = row;
  }
  if (start !== undefined && prev !== undefined) parts.push(start === prev ? `${start}` : `${start}-${prev}`);
  return parts.join(', ');
}

/** The usual invoice: consecutive rows in order (no sorting or set needed for it). */
function isOneRun(rows: readonly number[]): boolean {
  if (rows.length === 0) return false;
  for (let i = 1; i < rows.length; i++) if (rows[i] !== (rows[i - 1] ?? Number.NaN) + 1) return false;
  return true;
}
