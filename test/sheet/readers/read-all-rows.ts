import { join } from 'node:path';
import { openRowSource, type OpenRowSourceOptions } from '../../../src/sheet/open-row-source.js';
import type { RowSource, SourceRow } from '../../../src/sheet/source-row.js';

export const READER_FIXTURES = join(import.meta.dirname, '../../../fixtures/readers');

export function fixture(...parts: string[]): string {
  return join(READER_FIXTURES, ...parts);
}

/** Open a fixture and drain its rows (fixtures are small). */
export async function readAll(path: string, options?: OpenRowSourceOptions): Promise<{ source: RowSource; rows: SourceRow[] }> {
  const source = await openRowSource(path, options);
  const rows: SourceRow[] = [];
  for await (const batch of source.batches) rows.push(...batch);
  return { source, rows };
}

export function text(value: string): { kind: 'text'; text: string } {
  return { kind: 'text', text: value };
}
