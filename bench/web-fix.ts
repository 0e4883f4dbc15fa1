/**
 * Fixing in the web workspace under a big sheet (issue 16): a 200k-row CSV where every other row's
 * unidadMedida is «UNIDADES X» (a code the catalogue does not know), checked through the real
 * `factura-import serve` process; then «Buscar y reemplazar» over the column (100k rows changed in
 * one request), «Revalidar» with those edits, and for comparison the CLI's `validate` of the sheet
 * as corrected (the same rows without the planted code). Peak RSS is the server's VmHWM from /proc, read before it is stopped.
 *
 *   npm run build && node --import tsx bench/web-fix.ts [--rows 200000] [--keep] [--dir DIR] [--cpu-prof DIR]
 *
 * Then the first download of the results workbook (written then, at the download, since the check
 * writes none) and a second one, timed, with the server's CPU for the first.
 *
 * `--cpu-prof DIR` writes the server's CPU profile there (read it with bench/profile-top.ts).
 *
 * Prints a JSON line with the figures last. Never fails on a figure.
 */
import { once } from 'node:events';
import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { stringify } from 'csv-stringify';
import { SHEET_HEADER, salesRows } from './sales-rows.js';
import { measureChild } from './measure-child.js';
import { cpuSeconds, peakRssMb, startServeProcess } from './serve-process.js';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '200000' },
    keep: { type: 'boolean', default: false },
    dir: { type: 'string' },
    'cpu-prof': { type: 'string' },
  },
});
const ROWS = Number(values.rows);
const UNIT = SHEET_HEADER.indexOf('unidadMedida');
const BAD_UNIT = 'UNIDADES X';

async function writeSheet(path: string, plant = true): Promise<{ rows: number; bytes: number; planted: number }> {
  const out = createWriteStream(path);
  const csv = stringify({ bom: true, record_delimiter: 'unix' });
  csv.pipe(out);
  csv.write([...SHEET_HEADER]);
  let n = 0;
  let planted = 0;
  for (const row of salesRows({ seed: 16, rows: ROWS })) {
    n += 1;
    const cells = [...row];
    if (plant && n % 2 === 0) {
      cells[UNIT] = BAD_UNIT;
      planted += 1;
    }
    if (!csv.write(cells)) await once(csv, 'drain');
  }
  csv.end();
  await once(out, 'finish');
  return { rows: n, bytes: (await stat(path)).size, planted };
}

const ms = (t0: bigint): number => Number(process.hrtime.bigint() - t0) / 1e6;
const s1 = (x: number): number => Math.round(x / 100) / 10;

const dir = values.dir ?? (await mkdtemp(join(tmpdir(), 'web-fix-')));
const sheetPath = join(dir, 'ventas-200k.csv');
const sheet = await writeSheet(sheetPath);
console.error(`sheet: ${sheet.rows} rows (${sheet.planted} with «${BAD_UNIT}»), ${(sheet.bytes / 1e6).toFixed(1)} MB`);

const profile = values['cpu-prof'];
const { server, headers } = await startServeProcess(ROOT, join(dir, 'espacio'), profile === undefined ? [] : ['--cpu-prof', '--cpu-prof-dir', profile]);
try {
  const { origin } = headers;
  const json = { ...headers, 'content-type': 'application/json' };

  const form = new FormData();
  form.append('hoja', await openAsBlob(sheetPath), 'ventas-200k.csv');
  const preview = (await (await fetch(`${origin}/api/uploads`, { method: 'POST', body: form, headers })).json()) as { checkId: string; autoMapped: boolean };
  if (!preview.autoMapped) throw new Error(`upload refused: ${JSON.stringify(preview)}`);
  const id = preview.checkId;
  const check = async (): Promise<{ ms: number; view: { rowsRead: number; invoices: number; errors: number; editedCells: number } }> => {
    const t = process.hrtime.bigint();
    await fetch(`${origin}/api/checks/${id}/run`, { method: 'POST', headers: json, body: '{}' });
    const text = await (await fetch(`${origin}/api/checks/${id}/events`, { headers })).text();
    const took = ms(t);
    if (!text.includes('"done"')) throw new Error(`check did not finish: ${text.slice(-300)}`);
    return { ms: took, view: (await (await fetch(`${origin}/api/checks/${id}`, { headers })).json()) as never };
  };
  const first = await check();
  const rssAfterCheck = await peakRssMb(server.pid ?? 0);
  console.error(`check: ${s1(first.ms)} s, ${first.view.errors} errors; server peak RSS so far ${rssAfterCheck} MB`);

  const t = process.hrtime.bigint();
  const replaced = (await (
    await fetch(`${origin}/api/checks/${id}/edits/replace`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ col: UNIT, find: BAD_UNIT, replace: 'NIU' }),
    })
  ).json()) as { changed: number };
  const replaceMs = ms(t);
  console.error(`replace: ${replaced.changed} cells in ${replaceMs.toFixed(0)} ms`);

  const cpuBefore = await cpuSeconds(server.pid ?? 0);
  const again = await check();
  const recheckCpuS = (await cpuSeconds(server.pid ?? 0)) - cpuBefore;
  console.error(`recheck with ${again.view.editedCells} edits: ${s1(again.ms)} s, ${again.view.errors} errors`);
  const rss = await peakRssMb(server.pid ?? 0);

  // The first download after the recheck: the workbooks are written then (not by the check), then each is served as a file.
  const download = async (kind: 'resultados' | 'corregir'): Promise<{ ms: number; bytes: number; status: number }> => {
    const t0 = process.hrtime.bigint();
    const res = await fetch(`${origin}/api/checks/${id}/download/${kind}`, { headers });
    const bytes = (await res.arrayBuffer()).byteLength;
    return { ms: ms(t0), bytes, status: res.status };
  };
  const cpuBeforeDownload = await cpuSeconds(server.pid ?? 0);
  const firstDownload = await download('resultados');
  const downloadCpuS = (await cpuSeconds(server.pid ?? 0)) - cpuBeforeDownload;
  const secondDownload = await download('resultados');
  const fixDownload = await download('corregir');
  const rssAfterDownload = await peakRssMb(server.pid ?? 0);
  console.error(
    `first download of the results: ${s1(firstDownload.ms)} s (HTTP ${firstDownload.status}, ${firstDownload.bytes} bytes, server CPU ${downloadCpuS.toFixed(1)} s); again ${secondDownload.ms.toFixed(0)} ms; fix file HTTP ${fixDownload.status}`,
  );

  // The CLI on the same sheet as corrected (the same generator without the planted code): the same work as the recheck.
  const fixedPath = join(dir, 'ventas-200k-corregida.csv');
  await writeSheet(fixedPath, false);
  const cli = await measureChild('validate', [process.execPath, 'bin/factura-import.js', 'validate', fixedPath, '--out', join(dir, 'cli.resultados.xlsx')], {
    cwd: ROOT,
    statsDir: dir,
    timeoutMs: 30 * 60_000,
  });
  const cliMs = cli.wallMs;
  console.error(`CLI validate: ${s1(cliMs)} s (CPU ${s1(cli.cpuMs)} s)`);

  const report = {
    rows: sheet.rows,
    replacedCells: replaced.changed,
    replaceMs: Math.round(replaceMs),
    firstCheckS: s1(first.ms),
    firstCheckErrors: first.view.errors,
    recheckS: s1(again.ms),
    recheckErrors: again.view.errors,
    recheckUsPerRow: Math.round((again.ms * 1000) / sheet.rows),
    recheckServerCpuS: Math.round(recheckCpuS * 10) / 10,
    cliValidateS: s1(cliMs),
    cliUsPerRow: Math.round((cliMs * 1000) / sheet.rows),
    cliValidateCpuS: s1(cli.cpuMs),
    loadavg: (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' '),
    serverPeakRssAfterFirstCheckMb: rssAfterCheck,
    serverPeakRssMb: rss,
    firstDownloadS: s1(firstDownload.ms),
    firstDownloadStatus: firstDownload.status,
    firstDownloadServerCpuS: Math.round(downloadCpuS * 10) / 10,
    secondDownloadMs: Math.round(secondDownload.ms),
    fixDownloadStatus: fixDownload.status,
    serverPeakRssAfterDownloadMb: rssAfterDownload,
  };
  console.log(JSON.stringify(report));
} finally {
  server.kill('SIGTERM');
  await once(server, 'exit');
  if (!values.keep && values.dir === undefined) await rm(dir, { recursive: true, force: true });
}
