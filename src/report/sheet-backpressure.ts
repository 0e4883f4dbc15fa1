import { once } from 'node:events';
import type { Worksheet } from 'exceljs';

/** Bytes of sheet XML allowed to wait for compression before the writer pauses. */
const HIGH_WATER = 4 * 1024 * 1024;

interface PipeTarget {
  readonly writableLength: number;
  on(event: 'drain', listener: () => void): unknown;
}

/**
 * Waits until the XML of the sheet being streamed has been compressed into the zip.
 *
 * exceljs 4.4.0's streaming writer writes each committed row into the sheet's StreamBuf, which
 * passes 64 KiB blocks to archiver (through a PassThrough) without ever looking at `write()`'s
 * answer: if rows come faster than zlib compresses (a tight loop does), the whole sheet piles up
 * in memory (measured: ~0.5 KB per row, 140 MB at 250k rows). We read how much waits in that
 * PassThrough and pause on its `drain`. If the internals ever differ, we only yield to the event
 * loop, which lets compression catch up in practice.
 */
export async function waitForSheetDrain(sheet: Worksheet): Promise<void> {
  const target = pipeTargetOf(sheet);
  if (target === undefined) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    return;
  }
  while (target.writableLength > HIGH_WATER) {
    await once(target as unknown as NodeJS.EventEmitter, 'drain');
  }
}

function pipeTargetOf(sheet: Worksheet): PipeTarget | undefined {
  const stream = (sheet as unknown as { stream?: { pipes?: unknown } }).stream;
  const pipes = stream?.pipes;
  if (!Array.isArray(pipes) || pipes.length !== 1) return undefined;
  const target: unknown = pipes[0];
  if (typeof target !== 'object' || target === null) return undefined;
  const length = (target as { writableLength?: unknown }).writableLength;
  return typeof length === 'number' && typeof (target as { on?: unknown }).on === 'function' ? (target as PipeTarget) : undefined;
}
