/**
 * What the submit's first pass over a sheet with an emisorRuc column costs (the issuer census,
 * src/issuer-census.ts), next to a dry run of the same sheet. Run:
 *   npx tsx bench/issuer-census.ts [invoices]   (default 20000, three issuers, one line each)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listIssuers, validateSheet } from '../src/index.js';
import { salesRow, writeSalesSheet } from '../test/helpers/write-sales-sheet.js';

const invoices = Number(process.argv[2] ?? 20_000);
const rucs = ['20601111111', '20602222226', '20603333331'];
const dir = await mkdtemp(join(tmpdir(), 'issuer-census-'));
try {
  const input = join(dir, 'ventas.xlsx');
  await writeSalesSheet(
    input,
    Array.from({ length: invoices }, (_, i) => salesRow(Math.floor(i / rucs.length) + 1, { emisorRuc: rucs[i % rucs.length] ?? '' })),
  );
  for (let round = 1; round <= 2; round++) {
    let started = performance.now();
    const census = await listIssuers(input);
    const censusMs = performance.now() - started;
    started = performance.now();
    const dryRun = await validateSheet(input);
    const validateMs = performance.now() - started;
    console.log(
      JSON.stringify({
        round,
        invoices,
        issuers: census.issuers.length,
        valid: dryRun.byStatus.VALID,
        censusMs: Math.round(censusMs),
        validateMs: Math.round(validateMs),
      }),
    );
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
