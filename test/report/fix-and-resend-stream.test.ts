import { writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/api/start-sandbox.js';
import { submitSheet } from '../../src/api/submit-sheet.js';
import { validateSheet } from '../../src/api/validate-sheet.js';
import { COLUMN_NAMES } from '../../src/invoice/canonical-columns.js';
import { createLogger } from '../../src/logger.js';
import { HEADER_SEARCH_ROWS } from '../../src/sheet/detect-header.js';
import { openRowSource } from '../../src/sheet/open-row-source.js';
import { BATCH_ROWS } from '../../src/sheet/source-row.js';
import { tempDir } from '../helpers/temp-dir.js';
import { textSink } from '../helpers/text-sink.js';
import { salesRow } from '../helpers/write-sales-sheet.js';
import type { SalesRow } from '../helpers/write-sales-sheet.js';
import { eachOf } from '../helpers/batches.js';

/** A CSV sales sheet with the canonical header, written as text. */
async function writeCsv(path: string, rows: readonly (SalesRow | null)[]): Promise<void> {
  const lines = [COLUMN_NAMES.join(';')];
  for (const r of rows) lines.push(r === null ? '' : COLUMN_NAMES.map((c) => String(r[c] ?? '')).join(';'));
  await writeFile(path, lines.join('\n') + '\n', 'utf8');
}

/** The fix file's rows as the reader gives them (row 1 is its header). */
async function fixRows(path: string): Promise<{ row: number; texts: string[] }[]> {
  const out: { row: number; texts: string[] }[] = [];
  for await (const r of eachOf((await openRowSource(path)).batches)) {
    out.push({ row: r.row, texts: r.cells.map((c) => (c === null ? '' : c.kind === 'text' ? c.text : c.kind === 'number' ? String(c.value) : c.kind)) });
  }
  return out;
}

/** The most source rows the fix file's window held, from the run's debug log. */
function heldPeak(log: string): number {
  const line = log
    .split('\n')
    .filter((l) => l.includes('fixRowsHeldPeak'))
    .map((l) => JSON.parse(l) as { fixRowsHeldPeak: number })[0];
  if (line === undefined) throw new Error('no fixRowsHeldPeak line in the log');
  return line.fixRowsHeldPeak;
}

/** Validates with a debug logger and returns the most source rows the fix file's window held. */
async function validateCounting(path: string, options: { mergeSplit?: boolean } = {}): Promise<{ peak: number; fixFile: string | undefined }> {
  const sink = textSink();
  const logger = createLogger({ level: 'debug', format: 'json', destination: sink.stream });
  const summary = await validateSheet(path, { logger, ...options });
  return { peak: heldPeak(sink.text()), fixFile: summary.paths.fixAndResend };
}

describe('fix-and-resend file written during the run', () => {
  let dir: { path: string; cleanup: () => Promise<void> };
  beforeEach(async () => {
    dir = await tempDir('fix-stream-');
  });
  afterEach(() => dir.cleanup());

  it('copies every row of an all-invalid sheet while holding only a few rows at a time', async () => {
    // 6,000 invoices of 3 lines, every RUC with a wrong check digit (a systematic error), a blank row every 100.
    const rows: (SalesRow | null)[] = [];
    for (let n = 1; n <= 6000; n += 1) {
      for (let line = 0; line < 3; line += 1) rows.push(salesRow(n, { receptorNumeroDocumento: '20512333790', descripcion: `línea ${line} de ${n}` }));
      if (n % 100 === 0) rows.push(null);
    }
    const input = `${dir.path}/migracion.csv`;
    await writeCsv(input, rows);

    const { peak, fixFile } = await validateCounting(input);
    expect(fixFile).toBe(`${dir.path}/migracion.corregir.xlsx`);
    const copied = await fixRows(fixFile ?? '');
    expect(copied).toHaveLength(1 + 18_000);
    expect(copied[1]?.texts.slice(0, 2)).toEqual(['F001', '1']);
    expect(copied.at(-1)?.texts.slice(0, 2)).toEqual(['F001', '6000']);
    const notes = (copied[0]?.texts.length ?? 0) - 1;
    expect(copied[0]?.texts[notes]).toBe('Observaciones de la validación');
    expect(copied.at(-3)?.texts[notes]).toContain('INVÁLIDO'); // on the invoice's first row
    // A batch of rows read at once (the header search reads at least the first), then one invoice
    // (3 rows) and the row that ends it: nothing that grows with the sheet (18,060 rows).
    expect(peak).toBeLessThanOrEqual(Math.max(HEADER_SEARCH_ROWS, BATCH_ROWS) + 4);
  });

  it('holds only the invoices in flight while submitting at concurrency 4, answers out of order', async () => {
    // 1,200 one-line invoices, every fifth with a wrong RUC (not sent, copied to the fix file).
    const rows: SalesRow[] = [];
    for (let n = 1; n <= 1200; n += 1) rows.push(salesRow(n, n % 5 === 0 ? { receptorNumeroDocumento: '20512333790' } : {}));
    const input = `${dir.path}/envio.csv`;
    await writeCsv(input, rows);
    const sandbox = await startSandbox({ latencyMs: 1, latencyJitterMs: 15 });
    try {
      const sink = textSink();
      const logger = createLogger({ level: 'debug', format: 'json', destination: sink.stream });
      const summary = await submitSheet(input, { credentials: sandbox.credentials, authUrl: sandbox.url, baseUrl: sandbox.url, concurrency: 4, logger });
      expect(summary.byStatus).toMatchObject({ ACCEPTED: 960, INVALID: 240 });
      const copied = await fixRows(summary.paths.fixAndResend ?? '');
      expect(copied.slice(1).map((r) => r.texts[1])).toEqual(Array.from({ length: 240 }, (_, i) => String((i + 1) * 5)));
      // A batch of rows read at once (the header search reads at least the first), then the
      // invoices pulled for sending (4 × 4) and those put back in order behind a slower one: far
      // below the sheet's 1,200 rows.
      expect(heldPeak(sink.text())).toBeLessThan(Math.max(HEADER_SEARCH_ROWS, BATCH_ROWS) + 100);
    } finally {
      await sandbox.close();
    }
  });

  it('keeps the sheet’s row order when --merge-split brings an invoice’s rows from far apart', async () => {
    const input = `${dir.path}/partida.csv`;
    await writeCsv(input, [
      salesRow(1, { receptorNumeroDocumento: '20512333790' }), // row 2: invoice 1, invalid
      salesRow(2), // row 3: invoice 2, valid
      salesRow(3, { valorVentaUnitario: '0' }), // row 4: invoice 3, invalid
      salesRow(1, { receptorNumeroDocumento: '20512333790', descripcion: 'segunda línea' }), // row 5: invoice 1 again
    ]);
    const { fixFile } = await validateCounting(input, { mergeSplit: true });
    const copied = await fixRows(fixFile ?? '');
    expect(copied.map((r) => r.texts.slice(0, 2))).toEqual([
      ['serie', 'numero'],
      ['F001', '1'],
      ['F001', '3'],
      ['F001', '1'],
    ]);
    expect(copied[1]?.texts.at(-1)).toContain('INVÁLIDO');
    expect(copied[3]?.texts.at(COLUMN_NAMES.indexOf('descripcion'))).toBe('segunda línea');
  });
});
