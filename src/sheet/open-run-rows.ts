import { stat } from 'node:fs/promises';
import { openRowSource, type OpenRowSourceOptions } from './open-row-source.js';
import { readFileHead } from './read-file-head.js';
import { sniffFileFormat, type SniffedFormat } from './sniff-file-format.js';
import type { RowSource } from './source-row.js';
import { openThreadRowSource } from './thread-row-source.js';

/**
 * The smallest file of each kind a run reads in a thread of its own (thread-row-source.ts). Below
 * it, starting the thread and loading the reader there costs more than the reading it takes off
 * the main thread. Measured with `validate` (BENCHMARKS.md): a CSV of 60,000 rows (10.7 MB) took
 * as long either way, 40,000 rows (7.2 MB) 0.05 s longer in a thread, 80,000 rows 0.15 s less; a
 * workbook is parsed more slowly for its size: 10,000 XLSX rows (0.9 MB) as long either way,
 * 30,000 rows (2.8 MB) 0.35 s less.
 */
export const THREAD_READ_BYTES: Readonly<Record<SniffedFormat['kind'], number>> = {
  text: 10 * 1024 * 1024,
  xlsx: 1024 * 1024,
  ods: 1024 * 1024,
  xls: 1024 * 1024,
  other: Number.POSITIVE_INFINITY,
};

/** Whether a file of `kind` and `bytes` is read in a thread (see THREAD_READ_BYTES). */
export function readsInThread(kind: SniffedFormat['kind'], bytes: number, from: Readonly<Record<SniffedFormat['kind'], number>> = THREAD_READ_BYTES): boolean {
  return bytes >= from[kind];
}

/**
 * The rows of a run's sheet: read in a thread of its own when the file is large enough to pay for
 * it, else on the main thread; the same RowSource either way. A file that cannot be read is
 * refused as openRowSource refuses it. Only a file large enough for some kind is looked at (its
 * first bytes: the kind) before its reader opens it.
 */
export async function openRunRows(path: string, options: OpenRowSourceOptions, from = THREAD_READ_BYTES): Promise<RowSource> {
  const size = await stat(path).then(
    (s) => s.size,
    () => undefined,
  );
  // A file below every limit (or one that cannot be looked at: openRowSource words why) is read here without a look at its format.
  if (size === undefined || size < Math.min(...Object.values(from))) return openRowSource(path, options);
  const { kind } = sniffFileFormat(await readFileHead(path));
  return readsInThread(kind, size, from) ? openThreadRowSource(path, options) : openRowSource(path, options);
}
