import { once } from 'node:events';
import type { Worksheet } from 'exceljs';
import { worksheetWriterStream } from '../exceljs-internals.js';

/** Bytes of sheet XML allowed to wait for compression before the writer pauses. */
export const SHEET_HIGH_WATER = 4 * 1024 * 1024;

/** What the zip entry of a streamed sheet is written into: a Writable of any stream library. */
interface PipeTarget {
  readonly writableLength?: unknown;
  readonly _writableState?: { readonly length?: unknown };
  on(event: string, listener: (...args: unknown[]) => void): unknown;
}

export interface SheetDrainOptions {
  /** Pause while more than this many bytes wait; default SHEET_HIGH_WATER. */
  readonly highWater?: number;
  /** Stops waiting (rejects) when aborted: the output failed and nothing will drain any more. */
  readonly signal?: AbortSignal;
}

/**
 * Waits until the XML of the sheet being streamed has been compressed into the zip.
 *
 * exceljs 4.4.0's streaming writer writes each committed row into the sheet's StreamBuf, which
 * hands 64 KiB blocks to archiver through a PassThrough without ever looking at `write()`'s
 * answer: rows come faster than zlib compresses (it runs on the thread pool and takes one block
 * per turn of the event loop), so the whole sheet piles up in that PassThrough (measured: ~0.5 KB
 * per row, not garbage: it stays after a forced GC). Yielding to the event loop does not help.
 *
 * That PassThrough comes from archiver-utils 2.1.0's own copy of readable-stream 2.3.8, which has
 * no `writableLength` getter (Node ≥ 12 and readable-stream 3 have it): its queue is only in
 * `_writableState.length`. We read either, and pause on its `drain`.
 */
export async function waitForSheetDrain(sheet: Worksheet, options: SheetDrainOptions = {}): Promise<void> {
  const highWater = options.highWater ?? SHEET_HIGH_WATER;
  const target = pipeTargetOf(sheet);
  if (target === undefined) {
    // Not the internals this was written for: at least let compression run.
    await new Promise<void>((resolve) => setImmediate(resolve));
    return;
  }
  while ((queuedBytes(target) ?? 0) > highWater) {
    options.signal?.throwIfAborted();
    await once(target as unknown as NodeJS.EventEmitter, 'drain', options.signal === undefined ? {} : { signal: options.signal });
  }
}

/**
 * Bytes of the sheet's XML written but not yet taken by the compressor; undefined when this
 * exceljs does not stream the sheet the way 4.4.0 does (then waitForSheetDrain cannot bound it).
 */
export function pendingSheetBytes(sheet: Worksheet): number | undefined {
  const target = pipeTargetOf(sheet);
  return target === undefined ? undefined : queuedBytes(target);
}

function queuedBytes(target: PipeTarget): number | undefined {
  if (typeof target.writableLength === 'number') return target.writableLength;
  const length = target._writableState?.length;
  return typeof length === 'number' ? length : undefined;
}

function pipeTargetOf(sheet: Worksheet): PipeTarget | undefined {
  const stream = worksheetWriterStream(sheet);
  const pipes = stream?.pipes;
  if (!Array.isArray(pipes) || pipes.length !== 1) return undefined;
  const target: unknown = pipes[0];
  if (typeof target !== 'object' || target === null) return undefined;
  const candidate = target as PipeTarget;
  return typeof candidate.on === 'function' && queuedBytes(candidate) !== undefined ? candidate : undefined;
}
