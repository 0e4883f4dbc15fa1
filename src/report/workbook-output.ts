import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { WriteStream } from 'node:fs';
import type ExcelJS from 'exceljs';

/** The file a streamed workbook is written to, and the first write failure on it. */
export interface WorkbookOutput {
  readonly stream: WriteStream;
  /** Aborted (with the error) once a write failed: nothing drains any more, so no one may wait for it. */
  readonly failed: AbortSignal;
  /** Records a failure of this output or of a file feeding it (the first one wins). */
  readonly fail: (err: unknown) => void;
  /** Throws the failure, if there was one. */
  readonly check: () => void;
}

/**
 * The temporary name a file is written under before it is renamed into place: unique to this
 * process and call (`ventas.resultados.xlsx.4242-9f3a1c2e.part`), so two writers of one output
 * (two runs of a sheet, a run and the web workspace) never write or rename each other's file.
 */
export function uniquePartPath(path: string): string {
  return `${path}.${process.pid}-${randomBytes(4).toString('hex')}.part`;
}

/** Opens the file (a path that cannot be written fails here, with the system's error). */
export async function openWorkbookOutput(path: string): Promise<WorkbookOutput> {
  const stream = createWriteStream(path);
  await once(stream, 'open');
  const controller = new AbortController();
  let failure: Error | undefined;
  const fail = (err: unknown): void => {
    if (failure !== undefined) return;
    failure = err instanceof Error ? err : new Error(`write failed: ${JSON.stringify(err)}`);
    controller.abort(failure);
  };
  stream.on('error', fail);
  return {
    stream,
    failed: controller.signal,
    fail,
    check() {
      if (failure !== undefined) throw failure;
    },
  };
}

/**
 * Finishes the workbook. exceljs's commit waits for each sheet to be zipped and for the file's
 * `finish`, and listens for errors only from then on: after an earlier failed write it would wait
 * forever (seen: a fix file under a path that is not a folder hung the run). So the wait also
 * ends, with that error, when the output failed.
 */
export async function commitWorkbook(workbook: ExcelJS.stream.xlsx.WorkbookWriter, output: WorkbookOutput): Promise<void> {
  output.check();
  const done = new AbortController();
  const failed = once(output.failed, 'abort', { signal: done.signal }).then(
    () => output.check(),
    () => undefined, // the commit won: the wait was called off
  );
  try {
    await Promise.race([workbook.commit(), failed]);
  } finally {
    done.abort();
  }
  output.check();
}
