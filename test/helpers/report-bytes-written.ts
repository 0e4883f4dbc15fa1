import { writeFileSync } from 'node:fs';
import { bytesWritten } from './bytes-written.js';

/**
 * Preloaded into a child process (`--import tsx --import ./test/helpers/report-bytes-written.ts`):
 * as it exits, writes the bytes it wrote in all (bytes-written.ts) to the file named by
 * FACTURA_TEST_BYTES_WRITTEN, for the test to bound what the child wrote to the disk.
 */
const report = process.env['FACTURA_TEST_BYTES_WRITTEN'];
if (report !== undefined) process.on('exit', () => writeFileSync(report, String(bytesWritten())));
