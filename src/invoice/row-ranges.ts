/** `[1, 2, 3, 5]` → `1-3, 5` (rows in ascending order). */
export function rowRanges(rows: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < rows.length;) {
    let j = i;
    while (j + 1 < rows.length && rows[j + 1] === (rows[j] ?? 0) + 1) j += 1;
    parts.push(j === i ? String(rows[i]) : `${rows[i]}-${rows[j]}`);
    i = j + 1;
  }
  return parts.join(', ');
}
