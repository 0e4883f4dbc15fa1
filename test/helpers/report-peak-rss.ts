import { writeFileSync } from 'node:fs';

/**
 * Preloaded into a child process (`--import tsx --import ./test/helpers/report-peak-rss.ts`): as it
 * exits, writes its peak resident memory in bytes to the file named by FACTURA_TEST_PEAK_RSS, for
 * the test to bound what the child held in memory.
 */
const report = process.env['FACTURA_TEST_PEAK_RSS'];
if (report !== undefined) process.on('exit', () => writeFileSync(report, String(process.resourceUsage().maxRSS * 1024)));
