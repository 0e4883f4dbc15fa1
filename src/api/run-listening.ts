import type { ImportRun } from '../run-import.js';
import type { SubmitOptions, ValidateOptions } from './run-options.js';

/** What a library call passes on to its run as given: the stop signal, the events and what they carry, the edits, the words. */
export type RunListening = Pick<ImportRun, 'signal' | 'onEvent' | 'edits' | 'rowEvents' | 'problemEvents' | 'wording' | 'fileName'>;

/** The options validateSheet and submitSheet hand to runImport unchanged (only those given: a run tells absent from undefined). */
export function runListening(options: ValidateOptions | SubmitOptions): RunListening {
  return {
    ...(options.signal !== undefined ? { signal: options.signal } : {}),
    ...(options.onEvent !== undefined ? { onEvent: options.onEvent } : {}),
    ...(options.edits !== undefined ? { edits: options.edits } : {}),
    ...(options.rowEvents !== undefined ? { rowEvents: options.rowEvents } : {}),
    ...(options.problemEvents !== undefined ? { problemEvents: options.problemEvents } : {}),
    ...(options.wording !== undefined ? { wording: options.wording } : {}),
    ...(options.fileName !== undefined ? { fileName: options.fileName } : {}),
  };
}
