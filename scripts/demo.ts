/**
 * `npm run demo`: the demo sheet with today's dates, submitted to the built-in sandbox.
 *
 * The fixture fixtures/demo/ventas-noviembre.xlsx has fixed dates (its tests read it byte for
 * byte), so a week later every invoice would be warned "tiene N días". The demo writes the same
 * 50 invoices dated today and the two days before (Lima), to demo/ventas-<today>.xlsx, once a day:
 * a second demo the same day finds the journal beside it and marks all 50 OMITIDO; the next day
 * starts a new sheet and journal. Then it runs `factura-import submit <sheet> --sandbox`
 * (extra arguments are passed on) and exits with its code.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { limaToday } from '../src/invoice/lima-today.js';
import { demoInvoices, writeDemoWorkbook } from './make-fixtures.js';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));

function daysBefore(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

const today = limaToday(Date.now());
const sheet = join(ROOT, 'demo', `ventas-${today}.xlsx`);
if (!existsSync(sheet)) {
  await mkdir(dirname(sheet), { recursive: true });
  await writeDemoWorkbook(sheet, demoInvoices([daysBefore(today, 2), daysBefore(today, 1), today]), 'Ventas');
}
const child = spawn(
  process.execPath,
  [join(ROOT, 'bin', 'factura-import.js'), 'submit', relative(process.cwd(), sheet), '--sandbox', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
process.exitCode = code ?? (signal === null ? 1 : 128 + 2);
