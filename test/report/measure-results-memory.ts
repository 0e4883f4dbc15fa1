/**
 * Not a test: writes the results workbook for N synthetic outcomes (default 300,000; one in ten
 * invalid with two problems) and prints peak RSS, wall and CPU time.
 *   npx tsx test/report/measure-results-memory.ts [count] [out.xlsx]
 */
import { stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localized } from '../../src/i18n/localized-text.js';
import type { InvoiceOutcome } from '../../src/invoice/invoice-outcome.js';
import { createResultsWorkbook } from '../../src/report/results-workbook.js';
import { createSummary } from '../../src/report/run-summary.js';

const count = Number(process.argv[2] ?? 300_000);
const path = process.argv[3] ?? join(tmpdir(), `results-${process.pid}.xlsx`);
let peak = 0;
const sample = (): void => {
  peak = Math.max(peak, process.memoryUsage().rss);
};
const timer = setInterval(sample, 20);
const cpu0 = process.cpuUsage();
const t0 = performance.now();

const workbook = await createResultsWorkbook({ path });
const summary = createSummary();
for (let i = 1; i <= count; i++) {
  const bad = i % 10 === 0;
  const outcome: InvoiceOutcome = {
    serie: 'F001',
    numero: String(i),
    rows: [i * 2, i * 2 + 1],
    receptor: { tipo: 'RUC', numero: '20123456786', nombre: `Cliente número ${i} S.A.C.` },
    moneda: 'PEN',
    totals: { base: '100.00', igv: '18.00', total: '118.00' },
    status: bad ? 'INVALID' : 'ACCEPTED',
    problems: bad
      ? [
          {
            severity: 'error',
            code: 'RUC_CHECK_DIGIT',
            row: i * 2,
            column: 'receptorNumeroDocumento',
            value: '20123456780',
            message: localized('Dígito verificador incorrecto.', 'Wrong check digit.'),
          },
          {
            severity: 'warning',
            code: 'ISSUE_DATE_OUTSIDE_SUNAT_WINDOW',
            row: i * 2 + 1,
            column: 'fechaEmision',
            value: '2025-01-01',
            message: localized('Fecha antigua.', 'Old date.'),
          },
        ]
      : [],
    answer: bad ? {} : { httpStatus: 200, identificador: `7c1d2e3f-aaaa-bbbb-cccc-${String(i).padStart(12, '0')}` },
    attempts: bad ? 0 : 1,
    durationMs: 250,
  };
  await workbook.addOutcome(outcome);
  summary.add(outcome);
}
const tAdded = performance.now();
await workbook.close(summary.result(), { inputPath: 'ventas.xlsx', command: 'submit', dryRun: false, startedAt: new Date(), finishedAt: new Date() });
clearInterval(timer);
sample();
const cpu = process.cpuUsage(cpu0);
const size = (await stat(path)).size;
console.log(
  JSON.stringify({
    outcomes: count,
    peakRssMB: Math.round(peak / 1048576),
    wallSeconds: +((performance.now() - t0) / 1000).toFixed(1),
    addSeconds: +((tAdded - t0) / 1000).toFixed(1),
    cpuSeconds: +((cpu.user + cpu.system) / 1e6).toFixed(1),
    fileMB: +(size / 1048576).toFixed(1),
    path,
  }),
);
