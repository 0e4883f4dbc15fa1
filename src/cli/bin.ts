import { tuneHeap } from './tune-heap.js';
import { main } from './main.js';

tuneHeap();

/**
 * The process entry: wires signals to an AbortSignal and sets the exit code. The first Ctrl-C or
 * SIGTERM asks the run to stop taking new work and finish cleanly (exit 130); a second one exits
 * at once (whatever the journal had recorded is already on disk).
 */
const controller = new AbortController();
let interrupts = 0;
const onSignal = (): void => {
  interrupts += 1;
  if (interrupts === 1) {
    controller.abort(new Error('interrupted'));
    process.stderr.write('\nfactura-import: interrumpido; terminando lo que está en curso (Ctrl-C otra vez para salir ya)\n');
  } else {
    process.exit(130);
  }
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

/**
 * A reader that stops early (`factura-import validate … | head`) closes the pipe: the run goes on
 * to its end (a submit still writes its journal and results) and only what it would print is lost,
 * instead of a stack trace for an unhandled EPIPE in the middle of the run.
 */
const ignoreClosedPipe = (error: NodeJS.ErrnoException): void => {
  if (error.code !== 'EPIPE') throw error;
};
process.stdout.on('error', ignoreClosedPipe);
process.stderr.on('error', ignoreClosedPipe);

process.exitCode = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
  signal: controller.signal,
});
