import type { Readable } from 'node:stream';

/**
 * `input`, its errors handed to whatever it is then piped into. exceljs's streaming reader pipes
 * the workbook's stream into unzipper (`stream.pipe(zip)`, workbook-reader.js) and never listens
 * to that stream's errors, which `pipe` does not pass on: a failed read (EIO) was an uncaught
 * error that ended the process, and the zip waited for the rest of the file for ever. Destroyed
 * with the error, the zip ends exceljs's pass with it.
 */
export function forwardPipeErrors<T extends Readable>(input: T): T {
  const destinations: NodeJS.WritableStream[] = [];
  const pipe = input.pipe.bind(input);
  input.pipe = <D extends NodeJS.WritableStream>(destination: D, options?: { end?: boolean }): D => {
    destinations.push(destination);
    return pipe(destination, options);
  };
  input.on('error', (error) => {
    for (const destination of destinations) (destination as Partial<Pick<Readable, 'destroy'>>).destroy?.(error);
  });
  return input;
}
