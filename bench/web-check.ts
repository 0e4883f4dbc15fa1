/**
 * The web workspace under a big sheet (issue 15): upload + check of a 1M-row CSV through the real
 * `factura-import serve` process, then the time to fetch a page of 100 rows at the end of the sheet,
 * all rows and errors only. Peak RSS of the server process is its VmHWM (the kernel's high-water
 * mark of resident memory, read from /proc just before it is stopped).
 *
 *   npm run build && node --import tsx bench/web-check.ts [--rows 1000000] [--bad-every 50] [--reps 7] [--keep] [--dir DIR]
 *
 * Every `--bad-every`th row gets a RUC with a wrong check digit, so «Solo con errores» has pages.
 * Prints a JSON line with the figures last. Never fails on a figure.
 */
import { once } from 'node:events';
import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { stringify } from 'csv-stringify';
import { SHEET_HEADER, salesRows } from './sales-rows.js';
import { cpuSeconds, peakRssMb, startServeProcess } from './serve-process.js';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    'bad-every': { type: 'string', default: '50' },
    reps: { type: 'string', default: '7' },
    keep: { type: 'boolean', default: false },
    dir: { type: 'string' },
  },
});
const ROWS = Number(values.rows);
const BAD_EVERY = Number(values['bad-every']);
const REPS = Number(values.reps);
const RUC = SHEET_HEADER.indexOf('receptorNumeroDocumento');

async function writeSheet(path: string): Promise<{ rows: number; bytes: number }> {
  const out = createWriteStream(path);
  const csv = stringify({ bom: true, record_delimiter: 'unix' });
  csv.pipe(out);
  csv.write([...SHEET_HEADER]);
  let n = 0;
  for (const row of salesRows({ seed: 15, rows: ROWS })) {
    n += 1;
    const cells = [...row];
    const ruc = cells[RUC] ?? '';
    if (n % BAD_EVERY === 0 && ruc.length === 11) cells[RUC] = ruc.slice(0, 10) + String((Number(ruc[10]) + 1) % 10);
    if (!csv.write(cells)) await once(csv, 'drain');
  }
  csv.end();
  await once(out, 'finish');
  return { rows: n, bytes: (await stat(path)).size };
}

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const ms = (t0: bigint): number => Number(process.hrtime.bigint() - t0) / 1e6;

const dir = values.dir ?? (await mkdtemp(join(tmpdir(), 'web-check-')));
const sheetPath = join(dir, 'ventas-1m.csv');
let t = process.hrtime.bigint();
const sheet = await writeSheet(sheetPath);
console.error(`sheet: ${sheet.rows} rows, ${(sheet.bytes / 1e6).toFixed(1)} MB in ${(ms(t) / 1000).toFixed(1)} s`);

const { server, headers } = await startServeProcess(ROOT, join(dir, 'espacio'));
try {
  const { origin } = headers;

  t = process.hrtime.bigint();
  const form = new FormData();
  form.append('hoja', await openAsBlob(sheetPath), 'ventas-1m.csv');
  const uploaded = await fetch(`${origin}/api/uploads`, { method: 'POST', body: form, headers });
  const preview = (await uploaded.json()) as { checkId: string; autoMapped: boolean };
  const uploadMs = ms(t);
  if (!uploaded.ok || !preview.autoMapped) throw new Error(`upload refused: ${JSON.stringify(preview)}`);

  t = process.hrtime.bigint();
  await fetch(`${origin}/api/checks/${preview.checkId}/run`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{}' });
  const events = await fetch(`${origin}/api/checks/${preview.checkId}/events`, { headers });
  const text = await events.text(); // the stream ends with `done` or `failed`
  const checkMs = ms(t);
  if (!text.includes('"done"')) throw new Error(`check did not finish: ${text.slice(-300)}`);
  const check = (await (await fetch(`${origin}/api/checks/${preview.checkId}`, { headers })).json()) as {
    rowsRead: number;
    invoices: number;
    errorRows: number;
  };

  const pageTimes = async (errors: boolean): Promise<{ cold: number; median: number; max: number; rows: number; firstRow: number }> => {
    const first = (await (await fetch(`${origin}/api/checks/${preview.checkId}/rows?errors=${errors ? 1 : 0}`, { headers })).json()) as { pages: number };
    const last = first.pages - 1;
    const times: number[] = [];
    let rows = 0;
    let firstRow = 0;
    for (let i = 0; i < REPS; i++) {
      const t0 = process.hrtime.bigint();
      const page = (await (await fetch(`${origin}/api/checks/${preview.checkId}/rows?errors=${errors ? 1 : 0}&page=${last}`, { headers })).json()) as {
        rows: { row: number }[];
      };
      times.push(ms(t0));
      rows = page.rows.length;
      firstRow = page.rows[0]?.row ?? 0;
    }
    return { cold: times[0] ?? NaN, median: median(times), max: Math.max(...times), rows, firstRow };
  };
  const all = await pageTimes(false);
  const errorsOnly = await pageTimes(true);
  const rss = await peakRssMb(server.pid ?? 0);
  const cpuS = await cpuSeconds(server.pid ?? 0);
  const db = await stat(join(dir, 'espacio', 'espacio-de-trabajo.sqlite'));

  const report = {
    rows: sheet.rows,
    sheetMb: Math.round(sheet.bytes / 1e5) / 10,
    uploadS: Math.round(uploadMs / 100) / 10,
    checkS: Math.round(checkMs / 100) / 10,
    rowsStored: check.rowsRead,
    invoices: check.invoices,
    errorRows: check.errorRows,
    serverPeakRssMb: rss,
    serverCpuS: cpuS,
    dbMb: Math.round(db.size / 1e5) / 10,
    lastPageAllMs: all,
    lastPageErrorsMs: errorsOnly,
  };
  console.error(
    `upload ${report.uploadS} s, check ${report.checkS} s (${check.rowsRead} rows, ${check.invoices} invoices, ${check.errorRows} rows with errors); ` +
      `server peak RSS ${rss} MB, CPU ${cpuS} s; last page of 100: all ${all.median.toFixed(1)} ms (cold ${all.cold.toFixed(1)}, max ${all.max.toFixed(1)}), ` +
      `errors only ${errorsOnly.median.toFixed(1)} ms (cold ${errorsOnly.cold.toFixed(1)}, max ${errorsOnly.max.toFixed(1)})`,
  );
  console.log(JSON.stringify(report));
} finally {
  server.kill('SIGTERM');
  await once(server, 'exit');
  if (!values.keep && values.dir === undefined) await rm(dir, { recursive: true, force: true });
}
